import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { AppLink, useNavigation } from 'shared/navigation';
import type { SiteStaffRoute as StaffRoute } from '../../../site/staff-routes';

/**
 * The panel's sections. On a wide screen they are a row in the bar; under 48rem they hide behind a "Menú del panel"
 * disclosure button (closed at first, so a phone shows the screen, not twelve links): Escape closes it and returns
 * focus to the button, and choosing a section closes it. The button is hidden on a wide screen, where the list always
 * shows (staff-area.css).
 */
export function StaffNav({
  sections,
  current,
  counts = {},
}: {
  sections: readonly StaffRoute[];
  current: string | null;
  /** What waits in each section ("Hoy"'s items that name it), shown beside its name. */
  counts?: Readonly<Record<string, number>>;
}) {
  const { pathname } = useNavigation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Any navigation (a section, a link inside a screen, back/forward) leaves the menu closed.
  useEffect(() => setOpen(false), [pathname]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <nav aria-label="Secciones del panel" className="staff-nav" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="staff-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg className="staff-nav__icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Menú del panel
      </button>
      <ul id={listId} className="staff-nav__list" data-open={open}>
        {sections.map((r) => (
          <li key={r.pattern}>
            <AppLink to={r.pattern} aria-current={current === r.pattern ? 'page' : undefined} onClick={() => setOpen(false)}>
              {r.nav}
              {counts[r.pattern] ? (
                <span className="staff-nav__count">
                  <span aria-hidden="true">{counts[r.pattern]}</span>
                  <span className="visually-hidden">, {counts[r.pattern]} por atender</span>
                </span>
              ) : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

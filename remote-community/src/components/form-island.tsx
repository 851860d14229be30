import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { DeferredIsland, useLatch, useReleaseOnIntent } from 'shared/islands';
import { INTENT_EVENTS, onServedPage } from 'shared/navigation';
import { whenIdle } from './idle';

/** At the latest this long after the page is idle-waiting, the form hydrates even if nobody touched it. */
const FORM_IDLE_TIMEOUT_MS = 4000;

/**
 * A community form as a deferred island (#33): on the page the server rendered, `Form` hydrates when the visitor is
 * about to use it (pointer over or down, touch, focus, key, click inside `area`: the shell's capture listeners see it
 * before React's root does, so that very press, focus or key reaches the live form) or once the browser is idle after
 * the load, whichever comes first; reached by client navigation, it renders at once. `Form` holds every hook of the
 * form (react-hook-form, the submission), so nothing of it runs before then.
 *
 * `Form` must render in the browser exactly what the server rendered (nothing from the window, the session or
 * storage before hydration), and must give react-hook-form no default of its own for a field the visitor can change:
 * without one, registering a text field, a select or a checkbox the visitor changed reads it from the document, so what
 * was typed or chosen before hydration is kept (a default would reset a radio, for one). A radio group needs the served
 * choice as its default (`useServedChoices`).
 *
 * `island` is one element for the life of the page: a re-render of the frame never reaches the waiting boundary.
 * `Form` must be a stable component (defined at module level).
 */
export function useFormIsland(Form: ComponentType) {
  const area = useRef<HTMLDivElement>(null);
  const latch = useLatch();
  useReleaseOnIntent(area, latch);
  // The same listeners from the commit itself (a layout effect), not only from the passive effect above: the screen is
  // marked ready in that commit, and a press between the two found no listener and no released latch, so React could
  // not hydrate the form for it and the press was lost (seen on a cold first load in the browser tests).
  useLayoutEffect(() => {
    if (latch.released) return;
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && area.current?.contains(event.target)) latch.release();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onEvent, { capture: true });
    };
  }, [latch]);
  useEffect(() => (latch.released ? undefined : whenIdle(() => latch.release(), FORM_IDLE_TIMEOUT_MS)), [latch]);
  const island = useMemo(
    () => (
      <DeferredIsland latch={latch}>
        <Form />
      </DeferredIsland>
    ),
    [latch, Form],
  );
  return { area, island };
}

/**
 * The radios among `names` checked on the served page before the island hydrated: the very click that hydrates it
 * checks one first. Give them to react-hook-form as default values: without, registering the group's radios one by one
 * (the first reads none checked, the next ones are set to that) would uncheck a choice other than the first.
 * Read once, on the island's first render (the served document is still as the visitor left it); none on the server,
 * off the served page, or when nothing is checked. The default values change no markup, so hydration is unaffected.
 * `names` are unique on the page.
 */
export function useServedChoices(names: readonly string[]): Record<string, string> | undefined {
  const [choices] = useState(() => {
    if (typeof document === 'undefined' || !onServedPage()) return undefined;
    const found: Record<string, string> = {};
    for (const name of names) {
      for (const input of document.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked'))
        if (input.name === name) found[name] = input.value;
    }
    return Object.keys(found).length ? found : undefined;
  });
  return choices;
}

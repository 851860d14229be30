import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { site } from 'shared/foundation/site';
import { logoutSession } from 'shared/auth-session';
import { AppLink, useNavigation } from 'shared/navigation';
import { selectFirstName, selectIsAuthenticated, signedOut, useAppDispatch, useAppSelector } from 'shared/store';
import { menus, type Menu } from './menus';
import './header.css';

/** The width from which the menus sit in the bar (shell.css: 68rem) and the 'Menú' button is gone. */
const WIDE = '(min-width: 68rem)';

function subscribeWide(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the header shows the full bar (true) or the phone layout with the 'Menú' button (false). */
function useWideHeader(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches,
    () => true,
  );
}

interface DropdownProps {
  menu: Menu;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** Inside the open phone menu Escape belongs to the whole menu (it closes it and returns to 'Menú'). */
  inMobileMenu: boolean;
}

function Dropdown({ menu, open, onToggle, onClose, inMobileMenu }: DropdownProps) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open && !inMobileMenu) {
      event.stopPropagation();
      onClose();
      buttonRef.current?.focus();
    }
  };
  return (
    <li className="nav-item" onKeyDown={onKeyDown}>
      <button ref={buttonRef} type="button" className="nav-trigger" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        {menu.label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="dropdown" hidden={!open}>
        {menu.links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} onClick={onClose}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Site header (spec §2 Header), hydrated with the page. It was an island hydrating on intent (#33), but its first render
 * in the browser is not the served one (its menus follow the screen's width, `WIDE`, and a remembered session), so
 * hydrating on a keypress re-rendered it under the visitor's focus and that first Enter was lost (the header browser
 * test, in the stop-42 rehearsal). `DeferredIsland` stays for parts whose first render is the served one.
 */
export function Header() {
  return (
    <header className="site-header">
      <HeaderBar />
    </header>
  );
}

/** Dropdown menus, mobile menu, session links and the donation button. */
function HeaderBar() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname, navigate } = useNavigation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const firstName = useAppSelector(selectFirstName);
  const dispatch = useAppDispatch();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wide = useWideHeader();
  const greeting = firstName ? `Hola, ${firstName}` : 'Sesión iniciada';
  const showGreeting = isAuthenticated && !wide;

  // A phone menu left open while the window grows to the full bar would otherwise reopen when it shrinks again.
  useEffect(() => {
    if (wide) setMobileOpen(false);
  }, [wide]);

  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!openMenu && !mobileOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) {
        setOpenMenu(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openMenu, mobileOpen]);

  const closeAll = () => {
    setOpenMenu(null);
    setMobileOpen(false);
  };

  /** Escape anywhere in the open phone menu (a menu button, a link, 'Cerrar menú' itself) closes it and returns to 'Menú'. */
  const onNavKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !mobileOpen) return;
    event.stopPropagation();
    closeAll();
    toggleRef.current?.focus();
  };

  const logout = () => {
    // The account remote's session revokes the refresh token and forgets the tokens; the page does not wait for it.
    void logoutSession();
    dispatch(signedOut());
    navigate('/');
  };

  return (
    <nav ref={navRef} className="container header-bar" aria-label="Principal" onKeyDown={onNavKeyDown}>
      <div className={showGreeting ? 'brand-area brand-area--greeting' : 'brand-area'}>
        <AppLink to="/" className="brand" aria-label={`${site.name}, inicio`}>
          <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="#0f5c4d" />
            <path d="M8 20c4-8 12-8 16 0M10 13h12" stroke="#f4b63f" strokeWidth="3" fill="none" strokeLinecap="round" />
          </svg>
          <span>{site.shortName}</span>
        </AppLink>
        {showGreeting ? (
          // On phones the greeting stays in the bar, under the brand, so a signed-in visitor sees it with the menu closed.
          <span className="header-greeting">{greeting}</span>
        ) : null}
      </div>
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle"
        aria-expanded={mobileOpen}
        aria-controls="menu-principal"
        onClick={() => setMobileOpen((v) => !v)}
      >
        <span className="menu-icon" aria-hidden="true" />
        <span>{mobileOpen ? 'Cerrar menú' : 'Menú'}</span>
      </button>
      <div id="menu-principal" className={`nav-panel${mobileOpen ? ' is-open' : ''}`}>
        <ul className="nav-menus">
          {menus.map((menu) => (
            <Dropdown
              key={menu.id}
              menu={menu}
              open={openMenu === menu.id}
              onToggle={() => setOpenMenu((current) => (current === menu.id ? null : menu.id))}
              onClose={closeAll}
              inMobileMenu={mobileOpen}
            />
          ))}
        </ul>
        <div className="nav-session">
          {isAuthenticated ? (
            <div className="session-user">
              {wide ? <span className="greeting">{greeting}</span> : null}
              <AppLink to="/mis-cursos" className="nav-link">
                Mis Cursos
              </AppLink>
              <button type="button" className="nav-link nav-button" onClick={logout}>
                Cerrar Sesión
              </button>
            </div>
          ) : (
            <>
              <AppLink to="/login" className="nav-link">
                Ingresa
              </AppLink>
              <AppLink to="/register" className="nav-link">
                Regístrate
              </AppLink>
            </>
          )}
          <AppLink to="/contribuciones#dona-aqui" className="btn btn--accent donate-btn">
            ¡Dona Aquí!
          </AppLink>
        </div>
      </div>
    </nav>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { site } from 'shared/config/site';
import { logoutSession } from 'shared/auth-session';
import { AppLink, useNavigation } from 'shared/navigation';
import { selectFirstName, selectIsAuthenticated, signedOut, useAppDispatch, useAppSelector } from 'shared/store';
import { menus, type Menu } from './menus';

function Dropdown({ menu, open, onToggle, onClose }: { menu: Menu; open: boolean; onToggle: () => void; onClose: () => void }) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
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

/** Site header: dropdown menus, mobile menu, session links and the donation button (spec §2 Header). */
export function Header() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname, navigate } = useNavigation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const firstName = useAppSelector(selectFirstName);
  const dispatch = useAppDispatch();
  const navRef = useRef<HTMLElement>(null);

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

  const logout = () => {
    // The account remote's session revokes the refresh token and forgets the tokens; the page does not wait for it.
    void logoutSession();
    dispatch(signedOut());
    navigate('/');
  };

  return (
    <header className="site-header">
      <nav ref={navRef} className="container header-bar" aria-label="Principal">
        <AppLink to="/" className="brand" aria-label={`${site.name}, inicio`}>
          <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="#0f5c4d" />
            <path d="M8 20c4-8 12-8 16 0M10 13h12" stroke="#f4b63f" strokeWidth="3" fill="none" strokeLinecap="round" />
          </svg>
          <span>{site.shortName}</span>
        </AppLink>
        <button
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
              />
            ))}
          </ul>
          <div className="nav-session">
            {isAuthenticated ? (
              <div className="session-user">
                <span className="greeting">Hola, {firstName}</span>
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
    </header>
  );
}

import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { site } from 'shared/foundation/site';
import { AppLink, useNavigation } from 'shared/navigation';
import { STAFF_BASE } from 'shared/staff-routes';
import {
  matchStaffRoute,
  staffHomeFor,
  staffGate,
  staffRoutes,
  staffSectionsFor,
  todayDomains,
  type SiteStaffRoute as StaffRoute,
} from '../../../site/staff-routes';
import { staffRoleNames } from 'shared/staff-roles';
import { useStaffSession } from 'shared/staff-session';
import type { ShellStaffScreen as ShellStaffScreenName } from '../../manifest/staff-routes';
import { PageLoading } from '../pages/page-loading';
import { loadRemoteModule } from '../routing/remote-loader';
import { RemoteBoundary, RemoteRoute } from '../routing/route-screen';
import { useFocusOnArrival } from '../routing/screen-focus';
import { ScreenArrivalContext, ScreenReady } from '../routing/screen-ready';
import { shellStaffScreens } from './shell-staff-screens';
import { StaffNav } from './staff-nav';
import { sectionCounts, TodayContext, todayFailed, useToday } from './today-data';
import './staff-area.css';

type Gate = ComponentType<{ children: ReactNode }>;

/** The panel's door (the domain the composition names): sign-in, second factor, and the member's session for everything inside. */
function gateFor(attempt: number) {
  return lazy(async () => {
    const mod = await loadRemoteModule<{ default?: Gate }>(staffGate.owner, staffGate.screen, attempt);
    if (!mod.default) throw new Error(`${staffGate.screen} sin componente`);
    return { default: mod.default };
  });
}
const gates = new Map<number, ReturnType<typeof gateFor>>();

/** A panel screen of the shell itself: its own chunk, in the same boundary and fallback as a remote's. */
function ShellStaffScreen({ screen, props }: { screen: ShellStaffScreenName; props: Record<string, string> }) {
  const Screen = shellStaffScreens[screen];
  return (
    <RemoteBoundary onRetry={() => window.location.reload()}>
      <Suspense fallback={<PageLoading />}>
        <Screen {...props} />
        <ScreenReady />
      </Suspense>
    </RemoteBoundary>
  );
}

/** The section of the panel a route belongs to: its first route with a navigation label. */
function sectionOf(route: StaffRoute): string {
  const segment = route.pattern.split('/')[2] ?? '';
  return staffRoutes.find((r) => r.nav && r.pattern.split('/')[2] === segment)?.pattern ?? route.pattern;
}

/** How long the menu's counters are taken as current. */
const COUNTS_FRESH_MS = 30_000;

function StaffLayout() {
  const { pathname } = useNavigation();
  const session = useStaffSession();
  const match = matchStaffRoute(pathname);
  const [signingOut, setSigningOut] = useState(false);
  const sections = staffSectionsFor(session.roles);
  const current = match ? sectionOf(match.route) : null;
  const allowed = match ? match.route.roles.some((role) => session.roles.includes(role)) : false;
  const home = staffHomeFor(session.roles);
  // A new screen after a navigation takes focus on its heading, which screen readers announce (#28).
  const onArrival = useFocusOnArrival('contenido');
  // The menu's counters: "Hoy"'s items per section, asked again on a navigation at most every 30 s (an answered PQRSF
  // leaves the count once the member moves on). A count that cannot be read shows none: the sections still work.
  const today = useToday(todayDomains, { failed: todayFailed });
  const asked = useRef(Date.now());
  const { refresh } = today;
  useEffect(() => {
    if (Date.now() - asked.current < COUNTS_FRESH_MS) return;
    asked.current = Date.now();
    void refresh();
  }, [pathname, refresh]);

  useEffect(() => {
    document.title = `${match?.route.title ?? 'Página no encontrada'} · Panel · ${site.name}`;
  }, [match?.route.title]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await session.signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="staff-layout">
      <header className="staff-bar">
        <p className="staff-bar__title">Panel de la fundación</p>
        <StaffNav sections={sections} current={current} counts={sectionCounts(today.data ?? undefined)} />
        <div className="staff-bar__who">
          <span>
            <span className="visually-hidden">Sesión de </span>
            {session.name ?? session.email}
          </span>
          <span className="staff-bar__roles">{staffRoleNames(session.roles)}</span>
          <button type="button" className="btn btn-ghost" onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? 'Cerrando sesión…' : 'Cerrar sesión'}
          </button>
        </div>
      </header>
      <main id="contenido" className="staff-main" tabIndex={-1}>
        <ScreenArrivalContext.Provider value={onArrival}>
          {match && allowed ? (
            match.route.owner === 'shell' ? (
              // The shell's own screens may read the frame's "Hoy" answers (the Hoy page does, instead of asking again).
              <TodayContext.Provider value={today}>
                <ShellStaffScreen key={pathname} screen={match.route.screen} props={match.params} />
              </TodayContext.Provider>
            ) : (
              <RemoteRoute key={pathname} remote={match.route.owner} screen={match.route.screen} props={match.params} />
            )
          ) : match ? (
            <section className="staff-page">
              <h1>No tienes acceso a esta sección</h1>
              <p>
                {match.route.title} es para el rol de {staffRoleNames(match.route.roles)}, y tu rol en el panel es{' '}
                {staffRoleNames(session.roles)}. Si lo necesitas, pide a un administrador que te lo asigne.
              </p>
              <AppLink className="btn" to={home}>
                Ir a mi primera sección
              </AppLink>
            </section>
          ) : (
            <section className="staff-page">
              <h1>Página no encontrada</h1>
              <p>Esta dirección no existe en el panel.</p>
              <AppLink className="btn" to={home}>
                Ir a mi primera sección
              </AppLink>
            </section>
          )}
        </ScreenArrivalContext.Provider>
      </main>
    </div>
  );
}

/** /equipo itself: the member's first section, known once the gate has let them in. */
function StaffRoot() {
  const { navigate } = useNavigation();
  const session = useStaffSession();
  useEffect(() => navigate(staffHomeFor(session.roles), { replace: true }), [navigate, session.roles]);
  return <PageLoading />;
}

/**
 * The foundation's panel under /equipo: the gate the composition names (site/staff-routes `staffGate`: sign-in with
 * password and authenticator code), then the panel's navigation and the screen the path names, the shell's own or
 * loaded from the remote that owns it. The server checks every staff call on its own; this only decides what to show.
 */
export default function StaffArea() {
  const { pathname } = useNavigation();
  const [attempt, setAttempt] = useState(0);
  const atRoot = pathname.replace(/\/+$/, '').toLowerCase() === STAFF_BASE;

  let StaffGate = gates.get(attempt);
  if (!StaffGate) {
    StaffGate = gateFor(attempt);
    gates.set(attempt, StaffGate);
  }
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <RemoteBoundary key={attempt} onRetry={attempt < 3 ? () => setAttempt((a) => a + 1) : null}>
        <Suspense fallback={<PageLoading />}>
          <StaffGate>{atRoot ? <StaffRoot /> : <StaffLayout />}</StaffGate>
        </Suspense>
      </RemoteBoundary>
    </>
  );
}

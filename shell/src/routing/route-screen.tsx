import {
  Component,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { RemoteName, SiteRoute } from '../../../site/routes';
import { PageLoading } from '../pages/page-loading';
import { shellScreens, staticScreens } from '../pages/shell-screens';
import { Static } from 'shared/navigation';
import { loadRemoteScreen, RemoteLoadError } from './remote-loader';
import { ScreenReady } from './screen-ready';
import { LeftToBrowser, ServerScreensContext, type ScreenComponent } from './server-screens';

type Screen = LazyExoticComponent<ComponentType<Record<string, string>>>;
const cache = new Map<string, Screen>();
const MAX_RETRIES = 3;

function remoteScreen(remote: RemoteName, screen: string, attempt: number): Screen {
  const key = `${remote}/${screen}#${attempt}`;
  let found = cache.get(key);
  if (!found) {
    found = lazy(async () => ({ default: await loadRemoteScreen(remote, screen, attempt) }));
    cache.set(key, found);
  }
  return found;
}

interface BoundaryProps {
  onRetry: (() => void) | null;
  children: ReactNode;
}

/** Contains a remote's load or render failure inside the page frame; header, footer and other routes go on. */
export class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; incompatible: boolean }> {
  override state = { failed: false, incompatible: false };
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, incompatible: error instanceof RemoteLoadError && error.reason === 'incompatible' };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Fallo al mostrar una sección del sitio', error, error.cause, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    // A build made for another version of the site: nothing the visitor does helps, so no retry and no blame.
    if (this.state.incompatible)
      return (
        <section className="container page remote-fallback remote-incompatible" role="alert" aria-live="assertive">
          <ScreenReady />
          <h1>Esta sección se está actualizando</h1>
          <p>
            Estamos publicando una nueva versión de esta parte del sitio y todavía no está lista. El resto del sitio sigue funcionando con
            normalidad; vuelve a esta página más tarde.
          </p>
        </section>
      );
    const { onRetry } = this.props;
    return (
      <section className="container page remote-fallback" role="alert" aria-live="assertive">
        <ScreenReady />
        <h1>No pudimos cargar esta sección</h1>
        <p>
          Esta parte del sitio no está disponible en este momento. Revisa tu conexión e inténtalo de nuevo; el resto del sitio sigue
          funcionando.
        </p>
        {onRetry ? (
          <button type="button" className="btn" onClick={onRetry}>
            Reintentar
          </button>
        ) : (
          <p>Intenta de nuevo más tarde.</p>
        )}
      </section>
    );
  }
}

/**
 * Chromium hands a failed <link rel="preload"> response to the later <script> for the same URL, so files the
 * served HTML preloaded while the remote was down can only be fetched again by reloading the page.
 */
export const wasPreloaded = (remote: RemoteName) => document.querySelector(`link[rel="preload"][data-remote="${remote}"]`) !== null;

/** On the server, a screen whose remote the gateway could not load: its Suspense boundary is left to the browser. */
const leftToBrowser = new Map<string, ScreenComponent>();
function browserOnly(remote: RemoteName, screen: string): ScreenComponent {
  const key = `${remote}/${screen}`;
  let found = leftToBrowser.get(key);
  if (!found) {
    found = () => {
      throw new LeftToBrowser(key);
    };
    leftToBrowser.set(key, found);
  }
  return found;
}

export function RemoteRoute({ remote, screen, props }: { remote: RemoteName; screen: string; props: Record<string, string> }) {
  const serverScreens = useContext(ServerScreensContext);
  const [attempt, setAttempt] = useState(0);
  // Same tree on the server and in the browser (boundary, Suspense, screen), so the browser hydrates the server's HTML
  // and only waits for the remote's code inside the Suspense boundary.
  const Screen = serverScreens ? (serverScreens(remote, screen) ?? browserOnly(remote, screen)) : remoteScreen(remote, screen, attempt);
  const retry = () => (wasPreloaded(remote) ? window.location.reload() : setAttempt((a) => a + 1));
  return (
    <RemoteBoundary key={attempt} onRetry={attempt < MAX_RETRIES ? retry : null}>
      <Suspense fallback={<PageLoading />}>
        <Screen {...props} />
        <ScreenReady />
      </Suspense>
    </RemoteBoundary>
  );
}

/** Renders a route's screen: the shell's own pages directly, a remote's through Module Federation. */
export function RouteScreen({ route }: { route: SiteRoute }) {
  const props = route.props ?? {};
  if (route.owner === 'shell') {
    const Page = shellScreens[route.screen];
    return (
      <Suspense fallback={<PageLoading />}>
        {staticScreens.has(route.screen) ? (
          // Keyed by the route: the next page's part is a new one, never the adopted markup of the last.
          <Static key={route.path} name="pagina">
            <Page {...props} />
          </Static>
        ) : (
          <Page {...props} />
        )}
        <ScreenReady />
      </Suspense>
    );
  }
  return <RemoteRoute key={route.path} remote={route.owner} screen={route.screen} props={props} />;
}

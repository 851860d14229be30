import { startTransition, type ErrorInfo } from 'react';
import 'shared/ui/theme.css';
import './shell.css';
import { LEFT_TO_BROWSER_DIGEST } from './routing/server-screens';

/** A part the server left to the browser on purpose is not an error; a real mismatch is, and tests watch for it. */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  if ((error as { digest?: unknown } | null)?.digest === LEFT_TO_BROWSER_DIGEST) return;
  console.error('Error al hidratar la página', error, info.componentStack);
}

/** Lets the browser handle input and paint before the next piece of start-up work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app. A page the server rendered is already painted and readable, so its start-up is cut into pieces with
 * the main thread free in between (#33: no task over 50 ms on a slow phone): React DOM's code runs in one task, the
 * route table in the next, the rest of the app's modules in a third, then hydration, which React itself slices. The modules are in this chunk (`eager`):
 * nothing more is downloaded, only run later. A page the browser renders itself starts in one go.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const hydrating = container.hasAttribute('data-ssr');
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  if (hydrating) {
    await yieldToMain();
    // The route table with every app's manifest (the foundation's data, the blog's posts, their schemas) on its own.
    await import(/* webpackMode: "eager" */ '../../site/routes');
    await yieldToMain();
  }
  const { browserApp } = await import(/* webpackMode: "eager" */ './mount');
  if (hydrating) await yieldToMain();
  const app = browserApp(hydrating);
  if (hydrating) {
    // The page is already painted: hydration yields to the visitor's input instead of blocking the main thread.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError });
    });
  } else createRoot(container).render(app);
}

start().catch((error: unknown) => {
  console.error('No se pudo iniciar la aplicación', error);
});

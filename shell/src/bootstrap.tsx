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
 * the main thread free in between (#33: no task over 50 ms on a slow phone): the chunks' evaluation in one task, React
 * DOM's code in the next, the route table in the next, the rest of the app's modules in a fourth, then hydration, which
 * React itself slices. The modules are in this chunk (`eager`): nothing more is downloaded, only run later. A page the
 * browser renders itself starts in one go.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const hydrating = container.hasAttribute('data-ssr');
  // The task that evaluated the chunks (parsing and compiling them, webpack registering their modules) ends here;
  // React DOM's own code runs in the next.
  if (hydrating) await yieldToMain();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  if (hydrating) {
    await yieldToMain();
    // The route table with every app's manifest (routes read the foundation's data and the blog's posts live; no schema
    // is built here: site/route-table-imports.test.ts) on its own.
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

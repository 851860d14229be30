import { act, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server.node';
import { beginServedPage, noteAddress } from 'shared/navigation';

/**
 * Tests of static parts and islands (#33): a page as the browser gets it from the server, hydrated as the shell does
 * on a served page, and the same page reached by a client navigation. For jsdom tests only.
 */

// React's act() environment, as @testing-library/react sets it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];

/**
 * The server's markup of `page()` in the document, hydrated as the browser does on the served address `href`.
 * `beforeHydrating` sees the served markup first (to mark it, or to press something before React runs); recoverable
 * hydration errors are pushed to `errors`.
 */
export async function serveAndHydrate(
  page: () => ReactElement,
  href: string,
  errors: unknown[],
  beforeHydrating: (container: HTMLElement) => void = () => undefined,
): Promise<{ container: HTMLElement; root: Root }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  beforeHydrating(container);
  beginServedPage(href);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (e) => errors.push(e) });
  });
  if (!root) throw new Error('hydrateRoot no devolvió raíz');
  roots.push(root);
  return { container, root };
}

/** `element` rendered by the browser, as after a client navigation (the caller has left the served page). */
export async function renderInBrowser(element: ReactElement): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    const root = createRoot(container);
    roots.push(root);
    root.render(element);
  });
  return container;
}

/** After each test: every root unmounted, the document empty, and the browser off any served page. */
export function leaveServedPage() {
  act(() => {
    for (const root of roots.splice(0)) root.unmount();
  });
  document.body.innerHTML = '';
  noteAddress('/fin-de-la-prueba');
}

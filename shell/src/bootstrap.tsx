import { startTransition, StrictMode, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createAppStore, DEFAULT_PAYMENT_TYPE, initialAuthState, type AppStore, type RootState } from 'shared/store';
import 'shared/ui/theme.css';
import './shell.css';
import { App } from './app';
import { LEFT_TO_BROWSER_DIGEST } from './routing/server-screens';
import { wireSession } from './session';

/**
 * The state the server rendered with: this store as an anonymous visitor with no stored preferences sees it. React
 * hydrates against it (react-redux's `serverState`), then re-renders with the real state — a remembered session or a
 * stored choice shows right after hydration instead of breaking it.
 */
function serverView(store: AppStore): RootState {
  return new Proxy({} as RootState, {
    get: (_target, key) => {
      if (key === 'auth') return initialAuthState;
      if (key === 'paymentType') return { value: DEFAULT_PAYMENT_TYPE };
      return (store.getState() as unknown as Record<PropertyKey, unknown>)[key];
    },
  });
}

/** A part the server left to the browser on purpose is not an error; a real mismatch is, and tests watch for it. */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  if ((error as { digest?: unknown } | null)?.digest === LEFT_TO_BROWSER_DIGEST) return;
  console.error('Error al hidratar la página', error, info.componentStack);
}

const container = document.getElementById('root');
if (container) {
  const store = createAppStore();
  wireSession(store);
  const hydrating = container.hasAttribute('data-ssr');
  const app = (
    <StrictMode>
      <Provider store={store} serverState={hydrating ? serverView(store) : undefined}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  if (hydrating) {
    // The page is already painted: hydration yields to the visitor's input instead of blocking the main thread.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError });
    });
  } else createRoot(container).render(app);
}

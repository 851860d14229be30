import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createAppStore, DEFAULT_PAYMENT_TYPE, initialAuthState, type AppStore, type RootState } from 'shared/store';
import { App } from './app';
import { beginServedPage } from 'shared/navigation';
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

/** The whole app in the browser, with its store wired to the session; `hydrating` a page the server rendered. */
export function browserApp(hydrating: boolean): ReactElement {
  const store = createAppStore();
  wireSession(store);
  // What never changes after the server's render is adopted as it is, and islands hydrate when used (#33).
  if (hydrating) beginServedPage(window.location.pathname + window.location.search + window.location.hash);
  return (
    <StrictMode>
      <Provider store={store} serverState={hydrating ? serverView(store) : undefined}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}

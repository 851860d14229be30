import { loadSession, setSessionLoader, type SessionProvider } from 'shared/auth-session';
import { AUTH_STORAGE_KEY, readStoredAuth, signedIn, signedOut, type AppStore } from 'shared/store';
import { loadRemoteModule } from './routing/remote-loader';

/**
 * Wires the session contract: the account remote's session module (and the identity SDK with it) is fetched only
 * when someone needs it — at start when a signed-in user is remembered (to check and refresh the session in the
 * background), or when a page asks for an ID token. Anonymous visitors never download it. Tabs follow each other's
 * sign-in and sign-out through the remembered user record.
 */
export function wireSession(store: AppStore) {
  setSessionLoader(async () => {
    const mod = await loadRemoteModule<{ default: (store: AppStore) => SessionProvider }>('account', 'session');
    return mod.default(store);
  });
  if (store.getState().auth.isAuthenticated) void loadSession();

  // Signing in or out in another tab changes the remembered user record: follow it here too.
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    const stored = readStoredAuth();
    const current = store.getState().auth;
    if (!stored.isAuthenticated || !stored.user) {
      if (current.isAuthenticated) store.dispatch(signedOut());
    } else if (stored.user.sub !== current.user?.sub) {
      store.dispatch(signedIn({ user: stored.user, loginTime: stored.loginTime ?? Date.now() }));
      void loadSession();
    }
  });
}

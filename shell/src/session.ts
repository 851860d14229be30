import { loadSession, setSessionLoader, type SessionProvider } from 'shared/auth-session';
import type { AppStore } from 'shared/store';
import { loadRemoteModule } from './routing/remote-loader';

/**
 * Wires the session contract: the account remote's session module (and the identity SDK with it) is fetched only
 * when someone needs it — at start when a signed-in user is remembered (to check and refresh the session in the
 * background), or when a page asks for an ID token. Anonymous visitors never download it.
 */
export function wireSession(store: AppStore) {
  setSessionLoader(async () => {
    const mod = await loadRemoteModule<{ default: (store: AppStore) => SessionProvider }>('account', 'session');
    return mod.default(store);
  });
  if (store.getState().auth.isAuthenticated) void loadSession();
}

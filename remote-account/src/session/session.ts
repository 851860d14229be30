import { provideSession, type SessionProvider } from 'shared/auth-session';
import { signedIn, signedOut, userUpdated, type AppStore } from 'shared/store';
import { currentSession, currentUser, logout } from '../identity/client';
import { identityMessages } from '../identity/errors';

let store: AppStore | null = null;
let validation: Promise<void> | null = null;

/** Ends the site's session when the provider no longer has one, telling the visitor why. */
function expire() {
  if (store?.getState().auth.isAuthenticated) store.dispatch(signedOut(identityMessages.sessionExpired));
}

export const sessionProvider: SessionProvider = {
  async getIdToken() {
    const state = await currentSession();
    if (state.status === 'valid') return state.idToken;
    if (state.status === 'expired' || state.status === 'none') expire();
    return null;
  },
  async logout() {
    await logout();
    if (store?.getState().auth.isAuthenticated) store.dispatch(signedOut());
  },
};

/** Binds the session to the site's store and registers it as the provider of shared/auth-session (idempotent). */
export function attachSession(appStore: AppStore): SessionProvider {
  store = appStore;
  provideSession(sessionProvider);
  return sessionProvider;
}

/**
 * Checks the remembered session once per page: a valid (or refreshed) session updates the user record from the
 * provider; one refused by the provider signs the visitor out with 'Sesión expirada'; network trouble changes nothing.
 */
export function validateSession(): Promise<void> {
  validation ??= (async () => {
    const state = await currentSession();
    if (state.status === 'expired' || state.status === 'none') {
      expire();
      return;
    }
    if (state.status !== 'valid' || !store) return;
    const user = await currentUser();
    if (!user) return;
    // Signed out meanwhile (here or in another tab, which cleared the remembered user): the answer came from before the
    // sign-out and must not sign the person back in on a shared computer.
    if (!store.getState().auth.isAuthenticated) return;
    store.dispatch(userUpdated(user));
  })();
  return validation;
}

/** A sign-in on this page: the user record goes to the store (and from there to localStorage). */
export function recordSignIn(appStore: AppStore, user: Parameters<typeof signedIn>[0]['user']) {
  attachSession(appStore);
  validation = Promise.resolve();
  appStore.dispatch(signedIn({ user, loginTime: Date.now() }));
}

import type { SessionProvider } from 'shared/auth-session';
import type { AppStore } from 'shared/store';
import { attachSession, validateSession } from './session';

/**
 * The `account/session` expose the shell loads when a remembered user exists (or someone asks for a token): it
 * registers the session provider and checks the remembered session in the background.
 */
export default function startSession(store: AppStore): SessionProvider {
  const provider = attachSession(store);
  if (store.getState().auth.isAuthenticated) void validateSession();
  return provider;
}

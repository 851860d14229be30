import type * as Cognito from '../../identity/cognito';
import { loadIdentity } from '../../identity/client';
import { identityMessages } from '../../identity/errors';

/**
 * The identity calls the panel's gate makes, on the account remote's one identity client (the same lazily loaded
 * Cognito chunk as /login, so the panel and the site share one session on this device). When the chunk cannot be
 * fetched, each call answers a network failure instead of throwing. Component tests replace this module.
 */
function lazy<A extends unknown[], R>(pick: (m: typeof Cognito) => (...args: A) => Promise<R>, offline: NoInfer<R>) {
  return async (...args: A): Promise<R> => {
    let m: typeof Cognito;
    try {
      m = await loadIdentity();
    } catch {
      return offline;
    }
    return pick(m)(...args);
  };
}

const network = { success: false as const, error: identityMessages.network, code: 'NetworkError' };

export const login = lazy((m) => m.login, network);
export const completeNewPassword = lazy((m) => m.completeNewPassword, network);
export const answerTotp = lazy((m) => m.answerTotp, network);
export const startTotpSetup = lazy((m) => m.startTotpSetup, network);
export const finishTotpSetup = lazy((m) => m.finishTotpSetup, network);
export const currentSession = lazy((m) => m.currentSession, { status: 'unavailable' });
export const logout = lazy((m) => m.logout, undefined);

/** Error code after which the sign-in starts over (as `RESTART_SIGN_IN` in the identity client, without loading it). */
export const RESTART_SIGN_IN = 'RestartSignIn';

export type { LoginResult, SessionState, TotpSetupStart, AuthResult } from '../../identity/cognito';

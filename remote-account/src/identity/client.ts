import type * as Cognito from './cognito';
import { identityMessages } from './errors';

/**
 * The identity wrapper as the screens use it. The Cognito SDK is a chunk of its own, fetched when a form is first
 * touched or submitted (or when a remembered session is checked), so the account pages paint without it and
 * anonymous visitors who only look never download it.
 */
let loading: Promise<typeof Cognito> | null = null;

export function loadIdentity(): Promise<typeof Cognito> {
  loading ??= import('./cognito').catch((err: unknown) => {
    loading = null; // a later attempt fetches again
    throw err;
  });
  return loading;
}

/** Starts fetching the SDK ahead of need (first focus in a form); failures are retried on use. */
export function prefetchIdentity(): void {
  loadIdentity().catch(() => undefined);
}

/** Calls `pick(module)` once the chunk is here; when it cannot be fetched, answers `offline` instead of throwing. */
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

export const signUp = lazy((m) => m.signUp, network);
export const confirmSignUp = lazy((m) => m.confirmSignUp, network);
export const resendConfirmationCode = lazy((m) => m.resendConfirmationCode, network);
export const login = lazy((m) => m.login, network);
export const completeNewPassword = lazy((m) => m.completeNewPassword, network);
export const forgotPassword = lazy((m) => m.forgotPassword, network);
export const confirmForgotPassword = lazy((m) => m.confirmForgotPassword, network);
export const currentSession = lazy((m) => m.currentSession, { status: 'unavailable' });
export const currentUser = lazy((m) => m.currentUser, null);
export const logout = lazy((m) => m.logout, undefined);

export type { AuthResult, LoginResult, SessionState } from './cognito';

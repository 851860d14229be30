import type * as Account from './cognito-account';
import type * as Session from './cognito-session';
import type * as SignIn from './cognito-sign-in';
import { identityMessages } from './errors';

/**
 * The identity wrapper as the screens use it. The Cognito SDK is a chunk of its own, fetched when a form is first
 * touched or submitted (or when a remembered session is checked), so the account pages paint without it and
 * anonymous visitors who only look never download it.
 */

/** The calls of that chunk: its three modules, named alike so the bundler keeps them in one file. */
type Cognito = typeof Account & typeof SignIn & typeof Session;

let loading: Promise<Cognito> | null = null;

export function loadIdentity(): Promise<Cognito> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "identity" */ './cognito-account'),
    import(/* webpackChunkName: "identity" */ './cognito-sign-in'),
    import(/* webpackChunkName: "identity" */ './cognito-session'),
  ])
    .then(([account, signIn, session]): Cognito => ({ ...account, ...signIn, ...session }))
    .catch((err: unknown) => {
      loading = null; // a later attempt fetches again
      throw err;
    });
  return loading;
}

/** Starts fetching the SDK ahead of need (first focus in a form); failures are retried on use. */
export function prefetchIdentity(): void {
  loadIdentity().catch(() => undefined);
}

/**
 * Calls `pick(module)` once the chunk is here; when it cannot be fetched, answers `offline` instead of throwing.
 * The panel's gate builds its own calls with it (staff/staff-identity.ts).
 */
export function lazyIdentity<A extends unknown[], R>(pick: (m: Cognito) => (...args: A) => Promise<R>, offline: NoInfer<R>) {
  return async (...args: A): Promise<R> => {
    let m: Cognito;
    try {
      m = await loadIdentity();
    } catch {
      return offline;
    }
    return pick(m)(...args);
  };
}

/** What an identity call answers when the chunk cannot be fetched. */
export const offline = { success: false as const, error: identityMessages.network, code: 'NetworkError' };

export const signUp = lazyIdentity((m) => m.signUp, offline);
export const confirmSignUp = lazyIdentity((m) => m.confirmSignUp, offline);
export const resendConfirmationCode = lazyIdentity((m) => m.resendConfirmationCode, offline);
export const login = lazyIdentity((m) => m.login, offline);
export const completeNewPassword = lazyIdentity((m) => m.completeNewPassword, offline);
export const forgotPassword = lazyIdentity((m) => m.forgotPassword, offline);
export const confirmForgotPassword = lazyIdentity((m) => m.confirmForgotPassword, offline);
export const currentSession = lazyIdentity((m) => m.currentSession, { status: 'unavailable' });
export const currentUser = lazyIdentity((m) => m.currentUser, null);
export const logout = lazyIdentity((m) => m.logout, undefined);

export type { AuthResult, LoginResult } from './cognito-pool';
export type { SessionState } from './cognito-session';

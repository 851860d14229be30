import { lazyIdentity, offline } from '../identity/client';

/**
 * The identity calls the panel's gate makes, on the account remote's one identity client (the same lazily loaded
 * Cognito chunk as /login, so the panel and the site share one session on this device): the site's own sign-in calls,
 * and the authenticator steps only the panel takes. When the chunk cannot be fetched, each call answers a network
 * failure instead of throwing. Component tests replace this module.
 */
export { completeNewPassword, confirmForgotPassword, currentSession, forgotPassword, login, logout } from '../identity/client';

export const answerTotp = lazyIdentity((m) => m.answerTotp, offline);
export const startTotpSetup = lazyIdentity((m) => m.startTotpSetup, offline);
export const finishTotpSetup = lazyIdentity((m) => m.finishTotpSetup, offline);

/** Error code after which the sign-in starts over (as `RESTART_SIGN_IN` in the identity client, without loading it). */
export const RESTART_SIGN_IN = 'RestartSignIn';

export type { LoginResult, AuthResult } from '../identity/cognito-pool';
export type { SessionState } from '../identity/cognito-session';
export type { TotpSetupStart } from '../identity/cognito-sign-in';

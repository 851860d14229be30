import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoUserAttributeData,
} from 'amazon-cognito-identity-js';
import { getRuntimeConfig, type RuntimeConfig } from 'shared/config/runtime';
import type { AuthUser } from 'shared/store';
import { errorCode, identityMessages, messageFor, type IdentityOperation } from './errors';
import { normalisePhone } from './phone';
import { isSessionValid } from './session-validity';

/** Results as the spec's authentication service shapes them (§7): success, error, needsConfirmation. */
export interface AuthResult {
  success: boolean;
  error?: string;
  /** The provider's error code, for screens that branch on it. */
  code?: string;
  needsConfirmation?: boolean;
}

export type LoginResult =
  | { success: true; user: AuthUser }
  | {
      success: false;
      error: string;
      code?: string;
      needsConfirmation?: boolean;
      needsNewPassword?: boolean;
      /** The account has an authenticator: the sign-in waits for its 6-digit code (`answerTotp`). Staff only. */
      needsTotp?: boolean;
      /** The pool requires an authenticator this account lacks: set it up before the sign-in completes. Staff only. */
      needsTotpSetup?: boolean;
    };

export interface SignUpData {
  name: string;
  email: string;
  password: string;
  phone: string;
  identityType: string;
  identityNumber: string;
}

export type SessionState =
  | { status: 'valid'; idToken: string; session: CognitoUserSession }
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'unavailable' };

/** A token this close to its expiry is refreshed before use, so it does not expire on its way to the server. */
const EXPIRY_MARGIN_MS = 60_000;
const LOGOUT_TIMEOUT_MS = 5_000;

type Identity = RuntimeConfig['identity'];

let poolPromise: Promise<{ pool: CognitoUserPool; identity: Identity } | null> | null = null;
/** The user who answered a sign-in with NEW_PASSWORD_REQUIRED, waiting for the new password. */
let pendingChallenge: CognitoUser | null = null;
/** The user whose sign-in waits for an authenticator code (SOFTWARE_TOKEN_MFA) or its setup (MFA_SETUP). */
let pendingMfa: CognitoUser | null = null;
/** The user an authenticator is being set up for, between AssociateSoftwareToken and VerifySoftwareToken. */
let settingUp: CognitoUser | null = null;

/** The user pool from the runtime configuration (endpoint set for the emulator); null when unconfigured. */
async function userPool() {
  poolPromise ??= getRuntimeConfig().then((config) => {
    if (!config) {
      poolPromise = null; // unreachable configuration: a later call asks again
      return null;
    }
    const { identity } = config;
    const pool = new CognitoUserPool({
      UserPoolId: identity.userPoolId,
      ClientId: identity.clientId,
      ...(identity.endpoint ? { endpoint: identity.endpoint } : {}),
    });
    return { pool, identity };
  });
  return poolPromise;
}

function userFor(pool: CognitoUserPool, email: string): CognitoUser {
  return new CognitoUser({ Username: email.trim().toLowerCase(), Pool: pool });
}

const failure = (error: unknown, operation: IdentityOperation): AuthResult => ({
  success: false,
  error: messageFor(error, operation),
  code: errorCode(error),
});
const unavailable: AuthResult = { success: false, error: identityMessages.unavailable, code: 'Unavailable' };

/** Attributes a new account carries; the phone goes in E.164 with +57 when typed without a prefix. */
export function signUpAttributes(data: SignUpData): ICognitoUserAttributeData[] {
  const list: ICognitoUserAttributeData[] = [
    { Name: 'email', Value: data.email.trim().toLowerCase() },
    { Name: 'name', Value: data.name.trim() },
    { Name: 'custom:identity_type', Value: data.identityType },
    { Name: 'custom:identity_number', Value: data.identityNumber.trim() },
  ];
  const phone = normalisePhone(data.phone);
  if (phone) list.push({ Name: 'phone_number', Value: phone });
  return list;
}

/** Builds the contract's user from the provider's attributes (the emulator's ID token has no `name`). */
export function userFromAttributes(attributes: ReadonlyArray<ICognitoUserAttributeData>, fallback: Record<string, unknown> = {}): AuthUser {
  const byName = new Map(attributes.map((a) => [a.Name, a.Value]));
  const text = (key: string) => byName.get(key) ?? (typeof fallback[key] === 'string' ? (fallback[key] as string) : '');
  const verified = byName.get('email_verified') ?? fallback.email_verified;
  const user: AuthUser = {
    email: text('email'),
    name: text('name'),
    phone_number: text('phone_number'),
    sub: text('sub'),
    email_verified: verified === true || verified === 'true',
  };
  const identityType = text('custom:identity_type');
  const identityNumber = text('custom:identity_number');
  if (identityType) user.identity_type = identityType;
  if (identityNumber) user.identity_number = identityNumber;
  return user;
}

function readUser(cognitoUser: CognitoUser, session: CognitoUserSession): Promise<AuthUser> {
  const claims = session.getIdToken().decodePayload();
  return new Promise((resolve) => {
    cognitoUser.getUserAttributes((err, attributes) => {
      // Without the attributes call the ID token's claims still give e-mail and sub.
      resolve(userFromAttributes(err ? [] : (attributes ?? []), claims));
    });
  });
}

/** Registers an account; the provider then e-mails a 6-digit code unless the pool confirms on its own. */
export async function signUp(data: SignUpData): Promise<AuthResult> {
  if (!data.name.trim() || !data.email.trim() || !data.password) return { success: false, error: identityMessages.allRequired };
  if (data.password.length < 8) return { success: false, error: identityMessages.weakPassword };
  const found = await userPool();
  if (!found) return unavailable;
  const attributes = signUpAttributes(data).map((a) => new CognitoUserAttribute(a));
  return new Promise((resolve) => {
    found.pool.signUp(data.email.trim().toLowerCase(), data.password, attributes, [], (err, result) => {
      if (err || !result) resolve(failure(err, 'signUp'));
      else resolve({ success: true, needsConfirmation: !result.userConfirmed });
    });
  });
}

/** Confirms a sign-up with the e-mailed code. `operation` picks the screen's default message. */
export async function confirmSignUp(email: string, code: string, operation: 'confirm' | 'confirmEmail' = 'confirm'): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).confirmRegistration(code.trim(), true, (err: unknown) => {
      resolve(err ? failure(err, operation) : { success: true });
    });
  });
}

/** Sends the confirmation code again (the local emulator answers through the gateway's bridge). */
export async function resendConfirmationCode(email: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).resendConfirmationCode((err) => {
      resolve(err ? failure(err, 'resend') : { success: true });
    });
  });
}

function authenticate(cognitoUser: CognitoUser, run: (callbacks: Parameters<CognitoUser['authenticateUser']>[1]) => void) {
  return new Promise<LoginResult>((resolve) => {
    run({
      onSuccess: (session) => {
        pendingChallenge = null;
        pendingMfa = null;
        void readUser(cognitoUser, session).then((user) => resolve({ success: true, user }));
      },
      onFailure: (err: unknown) => {
        const code = errorCode(err);
        resolve({
          success: false,
          error: messageFor(err, 'login'),
          code,
          ...(code === 'UserNotConfirmedException' ? { needsConfirmation: true } : {}),
        });
      },
      newPasswordRequired: () => {
        pendingChallenge = cognitoUser;
        resolve({ success: false, error: identityMessages.temporaryPassword, code: 'NEW_PASSWORD_REQUIRED', needsNewPassword: true });
      },
      // Visitors have no second factor; staff accounts answer the authenticator's code (staff gate: `answerTotp`).
      // The visitor login page reads these as a failed sign-in, as before. SMS codes are not used by the foundation.
      mfaRequired: () => resolve({ success: false, error: identityMessages.loginDefault, code: 'MFA_REQUIRED' }),
      totpRequired: () => {
        pendingMfa = cognitoUser;
        resolve({ success: false, error: identityMessages.loginDefault, code: 'SOFTWARE_TOKEN_MFA', needsTotp: true });
      },
      mfaSetup: () => {
        pendingMfa = cognitoUser;
        resolve({ success: false, error: identityMessages.loginDefault, code: 'MFA_SETUP', needsTotpSetup: true });
      },
      selectMFAType: () => resolve({ success: false, error: identityMessages.loginDefault, code: 'SELECT_MFA_TYPE' }),
      customChallenge: () => resolve({ success: false, error: identityMessages.loginDefault, code: 'CUSTOM_CHALLENGE' }),
    });
  });
}

/** Signs in with e-mail and password using the configured flow (USER_PASSWORD_AUTH locally, SRP on a real pool). */
export async function login(email: string, password: string): Promise<LoginResult> {
  if (!email.trim() || !password) return { success: false, error: 'Por favor, completa todos los campos' };
  const found = await userPool();
  if (!found) return { success: false, error: identityMessages.unavailable, code: 'Unavailable' };
  pendingMfa = null;
  const cognitoUser = userFor(found.pool, email);
  cognitoUser.setAuthenticationFlowType(found.identity.authFlow || 'USER_PASSWORD_AUTH');
  const details = new AuthenticationDetails({ Username: email.trim().toLowerCase(), Password: password });
  return authenticate(cognitoUser, (callbacks) => cognitoUser.authenticateUser(details, callbacks));
}

/** True while a sign-in waits for the temporary password to be replaced. */
export function hasPendingNewPassword(): boolean {
  return pendingChallenge !== null;
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of the last sign-in and completes it. */
export async function completeNewPassword(newPassword: string): Promise<LoginResult> {
  const cognitoUser = pendingChallenge;
  if (!cognitoUser) return { success: false, error: identityMessages.noUser };
  const result = await authenticate(cognitoUser, (callbacks) => cognitoUser.completeNewPasswordChallenge(newPassword, {}, callbacks));
  if (!result.success && result.code !== 'NEW_PASSWORD_REQUIRED') {
    return { ...result, error: messageFor({ code: result.code }, 'newPassword') };
  }
  return result;
}

/** What the staff sign-in says when the authenticator step fails. */
export const totpMessages = {
  wrongCode: 'El código no es correcto o ya cambió. Escribe el código que muestra ahora tu aplicación.',
  restart: 'Pasó demasiado tiempo desde que escribiste tu contraseña. Inicia sesión de nuevo.',
  codeDefault: 'No pudimos comprobar el código. Inténtalo de nuevo.',
  setupDefault: 'No pudimos configurar la aplicación autenticadora. Inténtalo de nuevo.',
} as const;

/** Codes after which the sign-in must start over (the challenge's session or the tokens are gone). */
export const RESTART_SIGN_IN = 'RestartSignIn';

/** A provider error of the authenticator step in the staff sign-in's words; `RestartSignIn` when it cannot go on. */
function totpFailure(error: unknown, fallback: string): { success: false; error: string; code: string } {
  const code = errorCode(error);
  switch (code) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return { success: false, error: totpMessages.wrongCode, code };
    case 'NotAuthorizedException':
    case 'ExpiredCodeException':
    case RESTART_SIGN_IN:
      return { success: false, error: totpMessages.restart, code: RESTART_SIGN_IN };
    case 'NetworkError':
      return { success: false, error: identityMessages.network, code };
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return { success: false, error: identityMessages.tooManyAttempts, code };
    default:
      return { success: false, error: fallback, code };
  }
}

/** True while a sign-in waits for the authenticator's code or its setup. */
export function hasPendingTotp(): boolean {
  return pendingMfa !== null;
}

/** Answers the SOFTWARE_TOKEN_MFA challenge of the last sign-in with the authenticator's 6-digit code. */
export async function answerTotp(code: string): Promise<LoginResult> {
  const cognitoUser = pendingMfa;
  if (!cognitoUser) return totpFailure({ code: RESTART_SIGN_IN }, totpMessages.codeDefault);
  const result = await authenticate(cognitoUser, (callbacks) =>
    cognitoUser.sendMFACode(code.replace(/\s+/g, ''), callbacks, 'SOFTWARE_TOKEN_MFA'),
  );
  if (result.success) return result;
  const failure = totpFailure({ code: result.code }, totpMessages.codeDefault);
  if (failure.code === RESTART_SIGN_IN) pendingMfa = null;
  return failure;
}

export type TotpSetupStart = { success: true; secret: string } | { success: false; error: string; code: string };

/**
 * Starts setting up an authenticator app (AssociateSoftwareToken): for the signed-in user (the usual case: the pool
 * makes MFA optional and the panel requires it), or for a sign-in that the pool stopped at MFA_SETUP. Answers the
 * secret the app needs, shown as a QR code and typed out.
 */
export async function startTotpSetup(): Promise<TotpSetupStart> {
  let cognitoUser = pendingMfa;
  if (!cognitoUser) {
    const found = await userPool();
    if (!found) return { success: false, error: identityMessages.unavailable, code: 'Unavailable' };
    const state = await currentSession();
    const current = found.pool.getCurrentUser();
    if (state.status === 'unavailable') return { success: false, error: identityMessages.network, code: 'NetworkError' };
    if (state.status !== 'valid' || !current) return totpFailure({ code: RESTART_SIGN_IN }, totpMessages.setupDefault);
    current.setSignInUserSession(state.session);
    cognitoUser = current;
  }
  const user = cognitoUser;
  settingUp = user;
  return new Promise((resolve) => {
    user.associateSoftwareToken({
      associateSecretCode: (secret) => resolve({ success: true, secret }),
      onFailure: (err: unknown) => resolve(totpFailure(err, totpMessages.setupDefault)),
    });
  });
}

/**
 * Finishes the setup with the app's first code (VerifySoftwareToken), then makes the authenticator the preferred
 * second factor (SetUserMFAPreference), so every later sign-in asks for its code. On a wrong code the setup stays
 * open for another try.
 */
export async function finishTotpSetup(code: string, deviceName = 'Panel de la fundación'): Promise<AuthResult> {
  const cognitoUser = settingUp;
  if (!cognitoUser) return totpFailure({ code: RESTART_SIGN_IN }, totpMessages.setupDefault);
  const verified = await new Promise<unknown>((resolve) => {
    cognitoUser.verifySoftwareToken(code.replace(/\s+/g, ''), deviceName, {
      onSuccess: () => resolve(null),
      onFailure: (err: unknown) => resolve(err ?? new Error('verify')),
    });
  });
  if (verified) return totpFailure(verified, totpMessages.setupDefault);
  // Through MFA_SETUP the verification also completed the sign-in; either way the user has a session now.
  pendingMfa = null;
  const preferred = await new Promise<unknown>((resolve) => {
    cognitoUser.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err) => resolve(err ?? null));
  });
  if (preferred) return totpFailure(preferred, totpMessages.setupDefault);
  settingUp = null;
  return { success: true };
}

/** Starts a password reset: the provider e-mails a code. */
export async function forgotPassword(email: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).forgotPassword({
      onSuccess: () => resolve({ success: true }),
      inputVerificationCode: () => resolve({ success: true }),
      onFailure: (err) => resolve(failure(err, 'forgot')),
    });
  });
}

/** Finishes a password reset with the e-mailed code and the new password. */
export async function confirmForgotPassword(email: string, code: string, newPassword: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).confirmPassword(code.trim(), newPassword, {
      onSuccess: () => resolve({ success: true }),
      onFailure: (err) => resolve(failure(err, 'reset')),
    });
  });
}

function refresh(cognitoUser: CognitoUser, session: CognitoUserSession): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    cognitoUser.refreshSession(session.getRefreshToken(), (err: unknown, next: CognitoUserSession | null) => {
      if (err || !next) reject(err ?? new Error('refresh'));
      else resolve(next);
    });
  });
}

const isRefusal = (err: unknown) => {
  const code = errorCode(err);
  return code === 'NotAuthorizedException' || code === 'UserNotFoundException' || /ID Token|Refresh Token/i.test(String(err));
};

/**
 * The current session, refreshed when needed (spec §4): valid while the clock-drift-adjusted time is before both
 * tokens' expiry (with a minute's margin), otherwise refreshed; a refresh refused as not authorized is 'expired'
 * and the library forgets the user. Network trouble is 'unavailable' (the user stays signed in).
 */
export async function currentSession(): Promise<SessionState> {
  const found = await userPool();
  if (!found) return { status: 'unavailable' };
  const cognitoUser = found.pool.getCurrentUser();
  if (!cognitoUser) return { status: 'none' };
  try {
    let session = await new Promise<CognitoUserSession>((resolve, reject) => {
      cognitoUser.getSession((err: Error | null, s: CognitoUserSession | null) =>
        err || !s ? reject(err ?? new Error('session')) : resolve(s),
      );
    });
    const times = {
      accessExp: session.getAccessToken().getExpiration(),
      idExp: session.getIdToken().getExpiration(),
      clockDrift: (session as CognitoUserSession & { getClockDrift?: () => number }).getClockDrift?.() ?? 0,
    };
    if (!isSessionValid(times, Date.now() + EXPIRY_MARGIN_MS)) session = await refresh(cognitoUser, session);
    return { status: 'valid', idToken: session.getIdToken().getJwtToken(), session };
  } catch (err) {
    if (isRefusal(err)) {
      cognitoUser.signOut(); // clears the cached tokens
      return { status: 'expired' };
    }
    return { status: 'unavailable' };
  }
}

/** The signed-in user's attributes, read fresh from the provider; null without a valid session. */
export async function currentUser(): Promise<AuthUser | null> {
  const found = await userPool();
  const state = await currentSession();
  const cognitoUser = found?.pool.getCurrentUser();
  if (state.status !== 'valid' || !cognitoUser) return null;
  cognitoUser.setSignInUserSession(state.session);
  return readUser(cognitoUser, state.session);
}

/** RevokeToken through the library's own client (public in its implementation, missing from its type definitions). */
interface Revoking {
  revokeToken(args: { token: string; callback: (err?: unknown) => void }): void;
}

function revokeRefreshToken(cognitoUser: CognitoUser): Promise<void> {
  return new Promise((resolve) => {
    cognitoUser.getSession((err: Error | null, session: CognitoUserSession | null) => {
      const token = err || !session ? '' : session.getRefreshToken().getToken();
      if (!token) return resolve();
      (cognitoUser as unknown as Revoking).revokeToken({ token, callback: () => resolve() });
    });
  });
}

/**
 * Signs out: revokes the refresh token, then forgets the tokens on this device whatever the provider answered
 * (spec §4). The library revokes only tokens that carry `origin_jti`, which the emulator never issues; asking
 * RevokeToken directly behaves the same on a real pool (revocation on) and also works locally. Never takes longer
 * than a few seconds.
 */
export async function logout(): Promise<void> {
  pendingChallenge = null;
  pendingMfa = null;
  settingUp = null;
  const found = await userPool();
  const cognitoUser = found?.pool.getCurrentUser();
  if (!cognitoUser) return;
  await Promise.race([revokeRefreshToken(cognitoUser), new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS))]);
  cognitoUser.signOut(); // no callback: clears the cached tokens and user on this device
}

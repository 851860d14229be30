/**
 * Signing in on the Cognito user pool: e-mail and password, the temporary password's replacement
 * (NEW_PASSWORD_REQUIRED), and the staff's authenticator app, both answering its code (SOFTWARE_TOKEN_MFA) and setting
 * it up (AssociateSoftwareToken, VerifySoftwareToken) for a signed-in user or a sign-in stopped at MFA_SETUP.
 */
import { AuthenticationDetails, type CognitoUser } from 'amazon-cognito-identity-js';
import { errorCode, identityMessages, messageFor } from './errors';
import { pending, readUser, userFor, userPool, type AuthResult, type LoginResult } from './cognito-pool';
import { currentSession } from './cognito-session';

function authenticate(cognitoUser: CognitoUser, run: (callbacks: Parameters<CognitoUser['authenticateUser']>[1]) => void) {
  return new Promise<LoginResult>((resolve) => {
    run({
      onSuccess: (session) => {
        pending.challenge = null;
        pending.mfa = null;
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
        pending.challenge = cognitoUser;
        resolve({ success: false, error: identityMessages.temporaryPassword, code: 'NEW_PASSWORD_REQUIRED', needsNewPassword: true });
      },
      // Visitors have no second factor; staff accounts answer the authenticator's code (staff gate: `answerTotp`).
      // The visitor login page reads these as a failed sign-in, as before. SMS codes are not used by the foundation.
      mfaRequired: () => resolve({ success: false, error: identityMessages.loginDefault, code: 'MFA_REQUIRED' }),
      totpRequired: () => {
        pending.mfa = cognitoUser;
        resolve({ success: false, error: identityMessages.loginDefault, code: 'SOFTWARE_TOKEN_MFA', needsTotp: true });
      },
      mfaSetup: () => {
        pending.mfa = cognitoUser;
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
  pending.mfa = null;
  const cognitoUser = userFor(found.pool, email);
  cognitoUser.setAuthenticationFlowType(found.identity.authFlow || 'USER_PASSWORD_AUTH');
  const details = new AuthenticationDetails({ Username: email.trim().toLowerCase(), Password: password });
  return authenticate(cognitoUser, (callbacks) => cognitoUser.authenticateUser(details, callbacks));
}

/** True while a sign-in waits for the temporary password to be replaced. */
export function hasPendingNewPassword(): boolean {
  return pending.challenge !== null;
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of the last sign-in and completes it. */
export async function completeNewPassword(newPassword: string): Promise<LoginResult> {
  const cognitoUser = pending.challenge;
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
  return pending.mfa !== null;
}

/** Answers the SOFTWARE_TOKEN_MFA challenge of the last sign-in with the authenticator's 6-digit code. */
export async function answerTotp(code: string): Promise<LoginResult> {
  const cognitoUser = pending.mfa;
  if (!cognitoUser) return totpFailure({ code: RESTART_SIGN_IN }, totpMessages.codeDefault);
  const result = await authenticate(cognitoUser, (callbacks) =>
    cognitoUser.sendMFACode(code.replace(/\s+/g, ''), callbacks, 'SOFTWARE_TOKEN_MFA'),
  );
  if (result.success) return result;
  const failure = totpFailure({ code: result.code }, totpMessages.codeDefault);
  if (failure.code === RESTART_SIGN_IN) pending.mfa = null;
  return failure;
}

export type TotpSetupStart = { success: true; secret: string } | { success: false; error: string; code: string };

/**
 * Starts setting up an authenticator app (AssociateSoftwareToken): for the signed-in user (the usual case: the pool
 * makes MFA optional and the panel requires it), or for a sign-in that the pool stopped at MFA_SETUP. Answers the
 * secret the app needs, shown as a QR code and typed out.
 */
export async function startTotpSetup(): Promise<TotpSetupStart> {
  let cognitoUser = pending.mfa;
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
  pending.settingUp = user;
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
  const cognitoUser = pending.settingUp;
  if (!cognitoUser) return totpFailure({ code: RESTART_SIGN_IN }, totpMessages.setupDefault);
  const verified = await new Promise<unknown>((resolve) => {
    cognitoUser.verifySoftwareToken(code.replace(/\s+/g, ''), deviceName, {
      onSuccess: () => resolve(null),
      onFailure: (err: unknown) => resolve(err ?? new Error('verify')),
    });
  });
  if (verified) return totpFailure(verified, totpMessages.setupDefault);
  // Through MFA_SETUP the verification also completed the sign-in; either way the user has a session now.
  pending.mfa = null;
  const preferred = await new Promise<unknown>((resolve) => {
    cognitoUser.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err) => resolve(err ?? null));
  });
  if (preferred) return totpFailure(preferred, totpMessages.setupDefault);
  pending.settingUp = null;
  return { success: true };
}

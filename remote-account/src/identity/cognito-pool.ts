/**
 * The Cognito user pool as every identity call reaches it: the pool from the runtime configuration, a user by e-mail,
 * the results the calls answer (spec §7), the user read from the provider's attributes, and the sign-ins under way on
 * this device. The calls are in cognito-account.ts (accounts and passwords), cognito-sign-in.ts (sign-in and the
 * authenticator) and cognito-session.ts (session, tokens, sign-out); identity/client.ts loads them as one chunk.
 */
import { CognitoUser, CognitoUserPool, type CognitoUserSession, type ICognitoUserAttributeData } from 'amazon-cognito-identity-js';
import { getRuntimeConfig, type RuntimeConfig } from 'shared/config/runtime';
import type { AuthUser } from 'shared/store';
import { errorCode, identityMessages, messageFor, type IdentityOperation } from './errors';

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

type Identity = RuntimeConfig['identity'];

let poolPromise: Promise<{ pool: CognitoUserPool; identity: Identity } | null> | null = null;

/** Sign-ins under way on this device, between a challenge of the provider and its answer; `logout` forgets them. */
export const pending: {
  /** The user who answered a sign-in with NEW_PASSWORD_REQUIRED, waiting for the new password. */
  challenge: CognitoUser | null;
  /** The user whose sign-in waits for an authenticator code (SOFTWARE_TOKEN_MFA) or its setup (MFA_SETUP). */
  mfa: CognitoUser | null;
  /** The user an authenticator is being set up for, between AssociateSoftwareToken and VerifySoftwareToken. */
  settingUp: CognitoUser | null;
} = { challenge: null, mfa: null, settingUp: null };

/** The user pool from the runtime configuration (endpoint set for the emulator); null when unconfigured. */
export async function userPool() {
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

export function userFor(pool: CognitoUserPool, email: string): CognitoUser {
  return new CognitoUser({ Username: email.trim().toLowerCase(), Pool: pool });
}

export const failure = (error: unknown, operation: IdentityOperation): AuthResult => ({
  success: false,
  error: messageFor(error, operation),
  code: errorCode(error),
});
export const unavailable: AuthResult = { success: false, error: identityMessages.unavailable, code: 'Unavailable' };

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

export function readUser(cognitoUser: CognitoUser, session: CognitoUserSession): Promise<AuthUser> {
  const claims = session.getIdToken().decodePayload();
  return new Promise((resolve) => {
    cognitoUser.getUserAttributes((err, attributes) => {
      // Without the attributes call the ID token's claims still give e-mail and sub.
      resolve(userFromAttributes(err ? [] : (attributes ?? []), claims));
    });
  });
}

/**
 * The Cognito session on this device: the current one, refreshed before its tokens expire (spec §4), the signed-in
 * user read fresh from the provider, and signing out with the refresh token revoked.
 */
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import type { AuthUser } from 'shared/store';
import { errorCode } from './errors';
import { isSessionValid } from './session-validity';
import { pending, readUser, userPool } from './cognito-pool';

export type SessionState =
  | { status: 'valid'; idToken: string; session: CognitoUserSession }
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'unavailable' };

/** A token this close to its expiry is refreshed before use, so it does not expire on its way to the server. */
const EXPIRY_MARGIN_MS = 60_000;
const LOGOUT_TIMEOUT_MS = 5_000;

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
  pending.challenge = null;
  pending.mfa = null;
  pending.settingUp = null;
  const found = await userPool();
  const cognitoUser = found?.pool.getCurrentUser();
  if (!cognitoUser) return;
  await Promise.race([revokeRefreshToken(cognitoUser), new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS))]);
  cognitoUser.signOut(); // no callback: clears the cached tokens and user on this device
}

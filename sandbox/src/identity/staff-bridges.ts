// What the staff panel (#13) needs from the identity emulator that cognito-local 5.3.0 lacks or answers unlike
// Cognito, bridged with Cognito's semantics so the browser and server code are the same against both:
// - Access tokens: every call carrying one has its signature, issuer, use and expiry checked, and a token issued
//   before the user's global sign-out is refused. cognito-local only decodes them, so a hand-made token could set up
//   an authenticator app (or change attributes) of anybody.
// - Challenge sessions: RespondToAuthChallenge needs the Session that InitiateAuth issued for that user and that
//   challenge, for 3 minutes. cognito-local takes any string, so the TOTP challenge could be answered without the
//   password, and an invited account's temporary password replaced without knowing it.
// - TOTP: AssociateSoftwareToken, VerifySoftwareToken and the SOFTWARE_TOKEN_MFA answer use shared/server/totp
//   (cognito-local's otplib cannot even load under Jest). As on Cognito: a new secret replaces a verified one only once
//   it is verified; verifying does not turn MFA on (SetUserMFAPreference does, and only then does AdminGetUser list
//   SOFTWARE_TOKEN_MFA and sign-in ask for a code); a wrong setup code is EnableSoftwareTokenMFAException.
// - AdminUserGlobalSignOut (missing: it answered 500): the user's refresh tokens stop working and older access
//   tokens are refused.
// - CreateGroup of an existing group is GroupExistsException (cognito-local replaced the group and lost its members);
//   a call naming a group the pool lacks is ResourceNotFoundException (cognito-local failed with 500 while the pool
//   had no group at all, so listing a new pool's team failed).
// - AdminListGroupsForUser by e-mail lists the user's groups (cognito-local compared the e-mail with member names).
// - AdminSetUserMFAPreference (missing): an admin turns a user's authenticator off (or on), as SetUserMFAPreference
//   does for the user; the panel's invitation uses it to take over an account someone else may have set one up on.
import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  CognitoError,
  GroupNotFoundError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import type { Route } from 'cognito-local/lib/server/Router.js';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { generateTotpSecret, verifyTotp } from 'shared/server/totp';

/** The two fields our bridges keep on a stored user besides cognito-local's own. */
type BridgedUser = User & {
  /** A secret handed out by AssociateSoftwareToken and not verified yet; the verified one keeps working meanwhile. */
  PendingSoftwareTokenSecret?: string;
  /** Epoch seconds of the last AdminUserGlobalSignOut: access tokens issued before it are refused. */
  GlobalSignOutAt?: number;
};

interface AccessClaims {
  sub: string;
  client_id: string;
  iat: number;
}

/** How long a challenge's Session may be answered, as on Cognito (3 minutes). */
export const CHALLENGE_SESSION_MS = 3 * 60_000;

// The emulator's signing key ships in the package; its public half checks what the emulator signed.
const publicKey = createPublicKey({
  key: (createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JsonWebKey }).jwk,
  format: 'jwk',
});

const decodePart = (part: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** The claims of an access token the emulator signed, still valid, for this issuer; NotAuthorizedException otherwise. */
function accessClaims(token: unknown, issuer: string, nowMs: number): AccessClaims {
  const invalid = new NotAuthorizedError('Invalid Access Token');
  const [header = '', payload = '', signature = ''] = typeof token === 'string' ? token.split('.') : [];
  let head: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    head = decodePart(header);
    claims = decodePart(payload);
  } catch {
    throw invalid;
  }
  const signed =
    head.alg === 'RS256' &&
    verifySignature('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!signed || claims.token_use !== 'access' || claims.iss !== issuer) throw invalid;
  if (typeof claims.sub !== 'string' || typeof claims.client_id !== 'string' || typeof claims.iat !== 'number') throw invalid;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) throw new NotAuthorizedError('Access Token has expired');
  return { sub: claims.sub, client_id: claims.client_id, iat: claims.iat };
}

export interface StaffBridgeDeps {
  cognito: CognitoService;
  clock: Clock;
  tokenGenerator: TokenGenerator;
  /** `iss` of the emulator's tokens. */
  issuer: string;
  /** cognito-local's own targets, for what the bridges hand on. */
  base: (target: string) => Route;
}

export interface StaffBridges {
  /** The bridged target, or undefined when cognito-local's own answers. */
  route(target: string): Route | undefined;
  /** Wraps a target so that an AccessToken in its request must be genuine, current and not signed out. */
  checkingAccessToken(route: Route): Route;
}

export function staffBridges({ cognito, clock, tokenGenerator, issuer, base }: StaffBridgeDeps): StaffBridges {
  const now = () => clock.get().getTime();

  async function userOfAccessToken(ctx: Context, token: unknown): Promise<{ pool: UserPoolService; user: BridgedUser }> {
    const claims = accessClaims(token, issuer, now());
    const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = (await pool.getUserByUsername(ctx, claims.sub)) as BridgedUser | null;
    if (!user) throw new NotAuthorizedError('Invalid Access Token');
    // Tokens issued in the same second as the sign-out stay valid: refusing them would also refuse a new sign-in.
    if (user.GlobalSignOutAt !== undefined && claims.iat < user.GlobalSignOutAt)
      throw new NotAuthorizedError('Access Token has been revoked');
    return { pool, user };
  }

  async function userInPool(ctx: Context, poolId: unknown, username: unknown) {
    const pool = await cognito.getUserPool(ctx, String(poolId ?? ''));
    const user = (await pool.getUserByUsername(ctx, String(username ?? ''))) as BridgedUser | null;
    if (!user) throw new UserNotFoundError('User does not exist.');
    return { pool, user };
  }

  // Sessions InitiateAuth (or a previous answer) issued: session → whose and which challenge, until when.
  const sessions = new Map<string, { username: string; challenge: string; clientId: string; expires: number }>();
  const rememberChallenge = (out: unknown, clientId: string) => {
    for (const [key, entry] of sessions) if (entry.expires <= now()) sessions.delete(key);
    const o = out as { ChallengeName?: string; Session?: string; ChallengeParameters?: { USER_ID_FOR_SRP?: string } } | null;
    const username = o?.ChallengeParameters?.USER_ID_FOR_SRP;
    if (o?.ChallengeName && o.Session && username)
      sessions.set(o.Session, { username, challenge: o.ChallengeName, clientId, expires: now() + CHALLENGE_SESSION_MS });
  };

  const initiateAuth: Route = async (ctx, req: { ClientId?: string }) => {
    const out: unknown = await base('InitiateAuth')(ctx, req);
    rememberChallenge(out, req.ClientId ?? '');
    return out;
  };

  interface ChallengeAnswer {
    ClientId?: string;
    ChallengeName?: string;
    Session?: string;
    ChallengeResponses?: { USERNAME?: string; SOFTWARE_TOKEN_MFA_CODE?: string };
    ClientMetadata?: Record<string, string>;
  }

  const answerSoftwareToken = async (ctx: Context, req: ChallengeAnswer, pool: UserPoolService, user: BridgedUser) => {
    const config = user.SoftwareTokenMfaConfiguration;
    const code = req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE ?? '';
    if (!config?.Verified || !verifyTotp(config.Secret, code, now()))
      throw new CognitoError('CodeMismatchException', 'Invalid code or auth state for the user.');
    const client = await cognito.getAppClient(ctx, req.ClientId ?? '');
    if (!client) throw new NotAuthorizedError();
    const groups = await pool.listUserGroupMembership(ctx, user);
    return {
      ChallengeParameters: {},
      AuthenticationResult: await tokenGenerator.generate(ctx, user, groups, client, req.ClientMetadata, 'Authentication'),
    };
  };

  const respondToAuthChallenge: Route = async (ctx, req: ChallengeAnswer) => {
    const session = sessions.get(req.Session ?? '');
    if (!session || session.expires <= now() || session.clientId !== req.ClientId || session.challenge !== req.ChallengeName)
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId ?? '');
    const user = (await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '')) as BridgedUser | null;
    if (!user || user.Username !== session.username) throw new NotAuthorizedError('Invalid session for the user.');
    const out = (
      req.ChallengeName === 'SOFTWARE_TOKEN_MFA'
        ? await answerSoftwareToken(ctx, req, pool, user)
        : await base('RespondToAuthChallenge')(ctx, req)
    ) as { AuthenticationResult?: { RefreshToken?: string } };
    // A wrong code leaves the session usable (the person types it again); an answer that counted ends it.
    sessions.delete(req.Session ?? '');
    rememberChallenge(out, req.ClientId ?? '');
    // cognito-local issues a refresh token here but does not remember it (the session could never be refreshed);
    // Cognito does. Remember it as sign-in does, on the user as stored now (the answer may have changed it).
    const refreshToken = out.AuthenticationResult?.RefreshToken;
    const current = await pool.getUserByUsername(ctx, user.Username);
    if (refreshToken && current) await pool.storeRefreshToken(ctx, refreshToken, current);
    return out;
  };

  const associateSoftwareToken: Route = async (ctx, req: { AccessToken?: string; Session?: string }) => {
    // Only an optional-MFA pool's flow (set up after signing in); a required-MFA pool's MFA_SETUP is not emulated.
    if (!req.AccessToken) throw new InvalidParameterError('AssociateSoftwareToken needs an AccessToken here (MFA_SETUP is not emulated)');
    const { pool, user } = await userOfAccessToken(ctx, req.AccessToken);
    const secret = generateTotpSecret();
    await pool.saveUser(ctx, { ...user, PendingSoftwareTokenSecret: secret } as BridgedUser);
    return { SecretCode: secret };
  };

  const verifySoftwareToken: Route = async (ctx, req: { AccessToken?: string; UserCode?: string; FriendlyDeviceName?: string }) => {
    if (!req.UserCode) throw new InvalidParameterError('Missing required parameter UserCode');
    if (!req.AccessToken) throw new InvalidParameterError('VerifySoftwareToken needs an AccessToken here (MFA_SETUP is not emulated)');
    const { pool, user } = await userOfAccessToken(ctx, req.AccessToken);
    const unverified = user.SoftwareTokenMfaConfiguration?.Verified ? undefined : user.SoftwareTokenMfaConfiguration?.Secret;
    const secret = user.PendingSoftwareTokenSecret ?? unverified;
    if (!secret) throw new InvalidParameterError('User has not associated a software token');
    if (!verifyTotp(secret, req.UserCode, now()))
      throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
    const device = req.FriendlyDeviceName ?? user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
    await pool.saveUser(ctx, {
      ...user,
      PendingSoftwareTokenSecret: undefined,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, ...(device ? { FriendlyDeviceName: device } : {}) },
      UserLastModifiedDate: clock.get(),
    } as BridgedUser);
    return { Status: 'SUCCESS' };
  };

  const adminUserGlobalSignOut: Route = async (ctx, req: { UserPoolId?: string; Username?: string }) => {
    const { pool, user } = await userInPool(ctx, req.UserPoolId, req.Username);
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], GlobalSignOutAt: Math.floor(now() / 1000) } as BridgedUser);
    return {};
  };

  const adminSetUserMfaPreference: Route = async (
    ctx,
    req: { UserPoolId?: string; Username?: string; SoftwareTokenMfaSettings?: { Enabled?: boolean; PreferredMfa?: boolean } },
  ) => {
    const { pool, user } = await userInPool(ctx, req.UserPoolId, req.Username);
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
      throw new InvalidParameterError('User has not verified software token MFA');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
    await pool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined,
      UserLastModifiedDate: clock.get(),
    } as BridgedUser);
    return {};
  };

  const groupExists = async (ctx: Context, poolId: unknown, name: unknown) =>
    (await (await cognito.getUserPool(ctx, String(poolId ?? ''))).listGroups(ctx)).some((g) => g.GroupName === name);
  const createGroup: Route = async (ctx, req: { UserPoolId?: string; GroupName?: string }) => {
    if (await groupExists(ctx, req.UserPoolId, req.GroupName))
      throw new CognitoError('GroupExistsException', 'A group with the name already exists.');
    return base('CreateGroup')(ctx, req);
  };
  /** cognito-local reads a group by name from a store that has no groups yet with an error (500). */
  const needingGroup =
    (target: string): Route =>
    async (ctx, req: { UserPoolId?: string; GroupName?: string }) => {
      if (!(await groupExists(ctx, req.UserPoolId, req.GroupName))) throw new GroupNotFoundError();
      return base(target)(ctx, req);
    };

  const adminListGroupsForUser: Route = async (ctx, req: { UserPoolId?: string; Username?: string }) => {
    const { user } = await userInPool(ctx, req.UserPoolId, req.Username);
    return base('AdminListGroupsForUser')(ctx, { ...req, Username: user.Username });
  };

  const routes: Record<string, Route> = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    AssociateSoftwareToken: associateSoftwareToken,
    VerifySoftwareToken: verifySoftwareToken,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
    AdminSetUserMFAPreference: adminSetUserMfaPreference,
    CreateGroup: createGroup,
    AdminListGroupsForUser: adminListGroupsForUser,
    ...Object.fromEntries(
      ['ListUsersInGroup', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'GetGroup'].map((t) => [t, needingGroup(t)]),
    ),
  };

  return {
    route: (target) => routes[target],
    checkingAccessToken: (route) => async (ctx, req: { AccessToken?: unknown } | null) => {
      if (req && typeof req === 'object' && 'AccessToken' in req) await userOfAccessToken(ctx, req.AccessToken);
      return route(ctx, req);
    },
  };
}

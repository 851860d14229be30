// The local identity provider: cognito-local 5.3.0 (pinned) run in-process, with a seeded user pool and app client,
// its data under the site's data directory, loopback only. What is ours:
// - messages: the codes Cognito would e-mail (sign-up, resend, password reset) are handed to `deliver`, which puts
//   them in the site's local mailbox as Spanish e-mails, so a person can finish sign-up without a real inbox;
// - ResendConfirmationCode, which cognito-local lacks (it answers 500): bridged here with the same semantics as
//   Cognito (new code for an unconfirmed user), so the browser code is the same against the emulator and AWS;
// - the refresh token issued when a challenge is answered (a temporary password replaced, a TOTP code) is
//   remembered (cognito-local forgets it);
// - the staff panel's calls (TOTP set-up and sign-in, groups, global sign-out) and the checks behind them (genuine
//   access tokens, challenge sessions bound to the sign-in that opened them): staff-bridges.ts;
// - ConfirmSignUp marks the address verified, as Cognito does when the code went to it (cognito-local leaves
//   email_verified false, which once made the API skip the check locally and hid that it mattered);
// - UpdateUserAttributes (the signed-in user's own call) may not write `*_verified`, and a changed e-mail is unverified
//   until its code is confirmed, as on a pool whose app client cannot write email_verified (cognito-local let a user
//   claim any address as verified, and with it the enrolments matched by that address), and a stored "false" reads
//   false in the ID token (cognito-local turned any stored value into true).
// It deliberately does not load cognito-local's default wiring, which pulls in the AWS SDK v2 for Lambda triggers.
import type { Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { CodeMismatchError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator, type TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { attributeValue, UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Messages } from 'cognito-local/lib/services/messages.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { defaultHttpTimeouts } from 'shared/server/http';
import { staffBridges } from './staff-bridges';

/** Why the emulator is sending a code; decides the e-mail's wording. */
export type IdentityMessageKind = 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'AdminCreateUser' | 'Other';

export interface IdentityMessage {
  kind: IdentityMessageKind;
  to: string;
  /** The verification code, or the temporary password for AdminCreateUser. */
  code: string;
  name: string | null;
}

export interface IdentityEmulatorOptions {
  dataDir: string;
  host?: string;
  port: number;
  userPoolId: string;
  clientId: string;
  deliver: (message: IdentityMessage) => Promise<void>;
  log?: 'warn' | 'info' | 'debug' | false;
}

export interface IdentityEmulator {
  url: string;
  issuer: string;
  close(): Promise<void>;
}

const messageKinds: IdentityMessageKind[] = ['SignUp', 'ResendCode', 'ForgotPassword', 'AdminCreateUser'];

/**
 * cognito-local writes `email_verified: Boolean(attribute)`, so the stored string "false" became `true` in every ID
 * token (an address changed, or created unverified, looked verified). Hand it the user without that attribute when it
 * is not "true", so the claim says what is stored.
 */
function verifiedClaimAsStored(generator: TokenGenerator): TokenGenerator {
  return {
    generate: (ctx, user, ...rest) =>
      generator.generate(
        ctx,
        { ...user, Attributes: user.Attributes.filter((a) => a.Name !== 'email_verified' || a.Value === 'true') },
        ...rest,
      ),
  };
}

export async function startIdentityEmulator(options: IdentityEmulatorOptions): Promise<IdentityEmulator> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const logger = pino({
    level: options.log === false ? 'silent' : (options.log ?? 'warn'),
    base: { service: 'identity-emulator' },
    hooks: {
      // cognito-local logs every answered error (a wrong password, a group that exists) as a warning: they are the
      // caller's answer, not the emulator's trouble, so only debug shows them and npm start's console stays readable.
      logMethod(args, method, level) {
        const handledAnswer = level === 40 && typeof args[1] === 'string' && args[1].startsWith('Error handling target');
        if (!handledAnswer || this.isLevelEnabled('debug')) method.apply(this, args);
      },
    },
  });
  const ctx: Context = { logger };
  const dataDirectory = path.join(options.dataDir, 'db');

  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(dataDirectory, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    ctx,
    {
      UsernameAttributes: ['email'],
    },
  );

  // Seed the pool (its id is its data file's name) and the web app client once; later starts reuse them.
  const pools = await cognito.listUserPools(ctx);
  if (!pools.some((p) => p.Id === options.userPoolId)) {
    await cognito.createUserPool(ctx, {
      Id: options.userPoolId,
      Name: 'Fundación (local)',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // As the foundation's pool: staff set up an authenticator app (software token); visitors need no second factor.
      MfaConfiguration: 'OPTIONAL',
    });
  }
  if (!(await cognito.getAppClient(ctx, options.clientId))) {
    const pool = await cognito.getUserPool(ctx, options.userPoolId);
    const now = clock.get();
    await pool.saveAppClient(ctx, {
      ClientId: options.clientId,
      ClientName: 'sitio-web',
      UserPoolId: options.userPoolId,
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      IdTokenValidity: 60,
      AccessTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'hours', RefreshToken: 'days' },
    });
  }

  const messages: Messages = {
    async deliver(_ctx, source, _clientId, _poolId, user, code, _metadata, details) {
      const to = details.Destination ?? attributeValue('email', user.Attributes) ?? '';
      if (!to.includes('@')) return;
      const kind = (messageKinds as string[]).includes(source) ? (source as IdentityMessageKind) : 'Other';
      await options.deliver({ kind, to, code, name: attributeValue('name', user.Attributes) ?? null });
    },
  };
  // No Lambda triggers locally: every trigger reports "not configured", so no target reaches the others.
  const triggers = { enabled: () => false } as unknown as Triggers;
  const config = { TokenConfig: { IssuerDomain: url } };
  const services: Services = {
    clock,
    cognito,
    // Services' config type wants the whole file-based config; only TokenConfig is read by the targets we serve.
    config: config as unknown as Services['config'],
    messages,
    otp,
    tokenGenerator: verifiedClaimAsStored(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };

  const resendConfirmationCode = async (rctx: Context, req: { ClientId?: string; Username?: string }) => {
    if (!req.ClientId || !req.Username) throw new InvalidParameterError('ClientId and Username are required');
    const pool = await cognito.getUserPoolForClientId(rctx, req.ClientId);
    const user: User | null = await pool.getUserByUsername(rctx, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new CodeMismatchError();
    const deliveryDetails = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
    const code = otp();
    await messages.deliver(rctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, undefined, deliveryDetails);
    await pool.saveUser(rctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

  const baseRouter = Router(services);
  type Route = ReturnType<typeof baseRouter>;
  // The staff panel's calls (TOTP, groups, global sign-out) and the checks behind them: see staff-bridges.ts.
  const bridges = staffBridges({
    cognito,
    clock,
    tokenGenerator: services.tokenGenerator,
    issuer: `${url}/${options.userPoolId}`,
    base: baseRouter,
  });
  /** Stores whether the user's address is verified (what the ID token's `email_verified` then says). */
  const markEmailVerified = async (rctx: Context, clientId: string, username: string, verified: boolean) => {
    const pool = await cognito.getUserPoolForClientId(rctx, clientId);
    const user = await pool.getUserByUsername(rctx, username);
    if (!user) return;
    const attributes = user.Attributes.filter((a) => a.Name !== 'email_verified');
    attributes.push({ Name: 'email_verified', Value: String(verified) });
    await pool.saveUser(rctx, { ...user, Attributes: attributes, UserLastModifiedDate: clock.get() });
  };
  // The code was e-mailed to the address, so confirming it proves the mailbox (Cognito's AutoVerifiedAttributes).
  const confirmSignUp: Route = async (rctx, req) => {
    const out = await baseRouter('ConfirmSignUp')(rctx, req);
    const body = req as { ClientId?: string; Username?: string };
    if (body.ClientId && body.Username) await markEmailVerified(rctx, body.ClientId, body.Username, true);
    return out;
  };
  const updateUserAttributes: Route = async (rctx, req) => {
    const body = req as { AccessToken?: string; UserAttributes?: Array<{ Name?: string; Value?: string }> };
    const names = (body.UserAttributes ?? []).map((a) => a.Name ?? '');
    if (names.some((n) => n.endsWith('_verified'))) throw new NotAuthorizedError();
    const out = await baseRouter('UpdateUserAttributes')(rctx, req);
    // The access token was checked before this ran (bridges.checkingAccessToken); read whom it names.
    const claims = JSON.parse(Buffer.from((body.AccessToken ?? '').split('.')[1] ?? '', 'base64url').toString() || '{}') as {
      sub?: string;
      client_id?: string;
    };
    if (names.includes('email') && claims.sub && claims.client_id) await markEmailVerified(rctx, claims.client_id, claims.sub, false);
    return out;
  };
  const ours: Record<string, Route> = {
    ResendConfirmationCode: resendConfirmationCode as Route,
    UpdateUserAttributes: updateUserAttributes,
    ConfirmSignUp: confirmSignUp,
  };
  const router: typeof baseRouter = (target) => bridges.checkingAccessToken(ours[target] ?? bridges.route(target) ?? baseRouter(target));

  // cognito-local is typed against its own pino 7; the logger API it uses (child, levels) is the same in pino 10.
  const server = createServer(
    router,
    logger as unknown as Parameters<typeof createServer>[1],
    { port: options.port, hostname: host, development: false, https: false },
    services,
  );
  const http = (await server.start()) as Server;
  // cognito-local leaves Node's defaults (a slow body held for minutes): cut slow clients as the site's servers do.
  http.headersTimeout = defaultHttpTimeouts.headersMs;
  http.requestTimeout = defaultHttpTimeouts.requestMs;
  http.keepAliveTimeout = defaultHttpTimeouts.keepAliveMs;
  return {
    url,
    issuer: `${url}/${options.userPoolId}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

// The panel's sessions against the identity emulator and the account API together (#26): an invitation accepted by
// API, a password-only sign-in before the authenticator, then the authenticator set up — after which neither that
// sign-in's ID token nor its refresh token reaches a staff route; only a new sign-in with the code does.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminCreateUserCommand,
  AssociateSoftwareTokenCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccountApi } from '../../../remote-account/server/index';
import type { StaffDirectory } from 'shared/server/api-contract';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { cognitoAdminClient } from 'shared/server/cognito-admin';
import { createTokenVerifier } from 'shared/server/identity';
import { cognitoStaffAccounts } from 'shared/server/staff-accounts';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { totpCode } from 'shared/server/totp';
import { freePort, outcome } from './emulator-testing';
import { startIdentityEmulator, type IdentityEmulator, type IdentityMessage } from './emulator';

describe('staff sessions after the second factor is set up (emulator + account API)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-sessions-'));
  const clientId = 'web-sessions';
  const poolId = 'local_sessions';
  let emulator: IdentityEmulator;
  let sdk: CognitoIdentityProviderClient;
  let api: TestApi;
  let directory: StaffDirectory;
  const inbox: IdentityMessage[] = [];

  beforeAll(async () => {
    emulator = await startIdentityEmulator({
      dataDir,
      port: await freePort(),
      userPoolId: poolId,
      clientId,
      deliver: async (m) => void inbox.push(m),
      log: false,
    });
    const identity = { region: 'us-east-1', endpoint: emulator.url, userPoolId: poolId };
    sdk = cognitoAdminClient(identity, {});
    const verifier = createTokenVerifier({ issuer: emulator.issuer, clientId, jwksUri: `${emulator.issuer}/.well-known/jwks.json` });
    api = await testApi(createAccountApi(), {
      identity: verifier,
      // No reuse of a member's standing: each call sees what the provider says now (in production a change made
      // outside the panel, a password reset say, is seen within STANDING_CACHE_MS).
      staff: (db) => (directory = databaseStaffDirectory(db, cognitoStaffAccounts(identity, { client: sdk }), { standingCacheMs: 0 })),
    });
  });
  afterAll(async () => {
    await api.close();
    sdk.destroy();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, idToken: string | undefined) =>
    api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${idToken ?? ''}` } });
  const signIn = (email: string, password: string) =>
    sdk.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  it('ends the password-only sessions when the authenticator is set up: old ID and refresh tokens no longer reach a staff route', async () => {
    const email = 'sesiones@fundacion.test';
    const invited = await directory.invite({ email, name: 'Sara Sesiones', roles: ['admin'], invitedBy: null });
    if (invited === 'already_member') throw new Error('unexpected');
    const accepted = await api.app.inject({
      method: 'POST',
      url: '/api/account/staff-invitation/accept',
      payload: { token: invited.token, name: 'Sara Sesiones', password: 'Sesiones2026', confirmPassword: 'Sesiones2026' },
    });
    expect(accepted.statusCode).toBe(201);

    // A sign-in with the password alone, before the authenticator: enough for "who am I", nothing else.
    const before = (await signIn(email, 'Sesiones2026')).AuthenticationResult ?? {};
    expect((await get('/api/account/staff/me', before.IdToken)).json()).toMatchObject({ email, totp: false, roles: ['admin'] });
    expect((await get('/api/account/staff/members', before.IdToken)).json()).toMatchObject({ error: 'second_factor_required' });

    // The authenticator, set up with that session's access token.
    const AccessToken = before.AccessToken ?? '';
    const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode) }));
    await sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

    // The old ID token is refused everywhere from now on…
    for (const url of ['/api/account/staff/me', '/api/account/staff/members', '/api/account/staff/audit']) {
      const res = await get(url, before.IdToken);
      expect({ url, status: res.statusCode, error: res.json<{ error: string }>().error }).toEqual({
        url,
        status: 401,
        error: 'sign_in_again',
      });
    }
    // …and its refresh token gives no new one.
    expect(
      await outcome(
        sdk.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: before.RefreshToken ?? '' },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');

    // A new sign-in, with the code, gets in.
    await new Promise((r) => setTimeout(r, 1100)); // a sign-in in the very second of the sign-out counts as an old one
    const challenge = await signIn(email, 'Sesiones2026');
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const done = await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(SecretCode) },
      }),
    );
    const fresh = await get('/api/account/staff/members', done.AuthenticationResult?.IdToken);
    expect(fresh.statusCode).toBe(200);
    // The new session refreshes (and the refreshed token works too).
    const refreshed = await sdk.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: done.AuthenticationResult?.RefreshToken ?? '' },
      }),
    );
    expect((await get('/api/account/staff/members', refreshed.AuthenticationResult?.IdToken)).statusCode).toBe(200);
  });

  it('attack: an account someone opened on the invited address before the invitation keeps nothing once it is accepted', async () => {
    const email = 'plantada@fundacion.test';
    // The attacker signed up with the address (its code was never confirmed: they do not read that mailbox) —
    // here made directly as an account whose password they know, with their own authenticator on it.
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        TemporaryPassword: 'Temporal2026',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const first = await signIn(email, 'Temporal2026');
    const planted =
      (
        await sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: first.Session,
            ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Atacante2026' },
          }),
        )
      ).AuthenticationResult ?? {};
    const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: planted.AccessToken }));
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken: planted.AccessToken, UserCode: totpCode(SecretCode) }));
    await sdk.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: planted.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const invited = await directory.invite({ email, name: 'Persona Real', roles: ['admin'], invitedBy: 'admin@fundacion.test' });
    if (invited === 'already_member') throw new Error('unexpected');
    expect(invited.existingAccount).toBe(true);
    // Invited but not accepted: the attacker's tokens are nobody's member.
    expect((await get('/api/account/staff/me', planted.IdToken)).statusCode).toBe(403);

    await new Promise((r) => setTimeout(r, 1100));
    const accepted = await api.app.inject({
      method: 'POST',
      url: '/api/account/staff-invitation/accept',
      payload: { token: invited.token, name: 'Persona Real', password: 'Legitima2026', confirmPassword: 'Legitima2026' },
    });
    expect(accepted.statusCode).toBe(201);
    // The attacker's password, sessions and authenticator are gone; their old ID token is refused.
    expect(await outcome(signIn(email, 'Atacante2026'))).not.toBe('ok');
    expect(
      await outcome(
        sdk.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: planted.RefreshToken ?? '' },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    // (Refused twice over: its address was never verified, and it is from before the acceptance.)
    expect((await get('/api/account/staff/me', planted.IdToken)).statusCode).toBe(403);
    // The invited person signs in with the password they chose, with no code asked (their own authenticator is next).
    const own = await signIn(email, 'Legitima2026');
    expect(own.ChallengeName).toBeUndefined();
    expect((await get('/api/account/staff/me', own.AuthenticationResult?.IdToken)).json()).toMatchObject({ email, totp: false });
  });

  it('attack: an account that only claims the invited address (changed to it, never verified) is never adopted, and what its holder kept is worth nothing', async () => {
    // Mallory's own account, a password-reset code kept from before, then her address changed to the invitee's.
    const mallory = 'mallory@evil.test';
    const victim = 'victima@fundacion.test';
    await sdk.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: mallory,
        Password: 'Mallory2026',
        UserAttributes: [{ Name: 'email', Value: mallory }],
      }),
    );
    await sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: mallory, ConfirmationCode: inbox.at(-1)?.code ?? '' }));
    await sdk.send(new ForgotPasswordCommand({ ClientId: clientId, Username: mallory }));
    const resetCode = inbox.at(-1)?.code ?? '';
    const malloryAccount = await cognitoStaffAccounts(
      { region: 'us-east-1', endpoint: emulator.url, userPoolId: poolId },
      { client: sdk },
    ).find(mallory);
    const malloryUsername = malloryAccount?.username ?? '';
    const session = (await signIn(mallory, 'Mallory2026')).AuthenticationResult ?? {};
    await sdk.send(
      new UpdateUserAttributesCommand({ AccessToken: session.AccessToken, UserAttributes: [{ Name: 'email', Value: victim }] }),
    );

    const invited = await directory.invite({
      email: victim,
      name: 'Víctor Víctima',
      roles: ['finanzas'],
      invitedBy: 'admin@fundacion.test',
    });
    if (invited === 'already_member') throw new Error('unexpected');
    const accepted = await api.app.inject({
      method: 'POST',
      url: '/api/account/staff-invitation/accept',
      payload: { token: invited.token, name: 'Víctor Víctima', password: 'Victima2026', confirmPassword: 'Victima2026' },
    });
    expect(accepted.statusCode).toBe(201);

    // The invited person got an account of their own; Mallory's lost the address it never proved.
    const own = await signIn(victim, 'Victima2026');
    const ownToken = own.AuthenticationResult?.IdToken ?? '';
    expect((await get('/api/account/staff/me', ownToken)).json()).toMatchObject({ email: victim, roles: ['finanzas'] });
    const ownSub = JSON.parse(Buffer.from(ownToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
    expect(ownSub.sub).not.toBe(malloryAccount?.sub);
    // Her kept reset code resets only her own account, which is nobody's member.
    expect(
      await outcome(
        sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: clientId,
            Username: malloryUsername,
            ConfirmationCode: resetCode,
            Password: 'Pwn3dPass2026',
          }),
        ),
      ),
    ).toBe('ok');
    expect(await outcome(signIn(victim, 'Pwn3dPass2026'))).not.toBe('ok');
    const hers = (await signIn(malloryUsername, 'Pwn3dPass2026')).AuthenticationResult?.IdToken;
    expect((await get('/api/account/staff/me', hers)).statusCode).toBe(403);
    expect((await signIn(victim, 'Victima2026')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('a lost phone and a forgotten password: each ends every session, and the member gets back in with a new authenticator or password', async () => {
    const email = 'telefono@fundacion.test';
    const pause = () => new Promise((r) => setTimeout(r, 1100)); // tokens and sessions_since count whole seconds
    const invited = await directory.invite({ email, name: 'Tania Teléfono', roles: ['admin'], invitedBy: null });
    if (invited === 'already_member') throw new Error('unexpected');
    const accepted = await api.app.inject({
      method: 'POST',
      url: '/api/account/staff-invitation/accept',
      payload: { token: invited.token, name: 'Tania Teléfono', password: 'Telefono2026', confirmPassword: 'Telefono2026' },
    });
    expect(accepted.statusCode).toBe(201);
    /** Sets up an authenticator with a password-only session and has the directory see it; answers its secret. */
    const enrol = async (session: { AccessToken?: string; IdToken?: string }) => {
      const AccessToken = session.AccessToken ?? '';
      const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
      await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode) }));
      await sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
      expect((await get('/api/account/staff/me', session.IdToken)).json()).toMatchObject({ error: 'sign_in_again' });
      await pause();
      return SecretCode;
    };
    const signInWithCode = async (password: string, secret: string) => {
      const challenge = await signIn(email, password);
      expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      return sdk.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
        }),
      );
    };
    const refreshes = async (refreshToken: string | undefined) =>
      outcome(
        sdk.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken ?? '' },
          }),
        ),
      );

    const oldSecret = await enrol((await signIn(email, 'Telefono2026')).AuthenticationResult ?? {});
    const withOldPhone = (await signInWithCode('Telefono2026', oldSecret)).AuthenticationResult ?? {};
    expect((await get('/api/account/staff/members', withOldPhone.IdToken)).statusCode).toBe(200);

    // The phone is lost: an admin resets the second factor (AdminSetUserMFAPreference off, global sign-out).
    expect(await directory.resetSecondFactor(email)).toMatchObject({ email, hadSecondFactor: true });
    expect((await get('/api/account/staff/members', withOldPhone.IdToken)).json()).toMatchObject({ error: 'sign_in_again' });
    expect(await refreshes(withOldPhone.RefreshToken)).toBe('NotAuthorizedException');

    // The next sign-in asks no code and opens only the authenticator's set-up; the new one replaces the lost one.
    await pause();
    const passwordOnly = await signIn(email, 'Telefono2026');
    expect(passwordOnly.ChallengeName).toBeUndefined();
    const bare = passwordOnly.AuthenticationResult ?? {};
    expect((await get('/api/account/staff/me', bare.IdToken)).json()).toMatchObject({ email, totp: false });
    expect((await get('/api/account/staff/members', bare.IdToken)).json()).toMatchObject({ error: 'second_factor_required' });
    const newSecret = await enrol(bare);
    expect(newSecret).not.toBe(oldSecret);
    expect(await outcome(signInWithCode('Telefono2026', oldSecret))).toBe('CodeMismatchException');
    const withNewPhone = (await signInWithCode('Telefono2026', newSecret)).AuthenticationResult ?? {};
    expect((await get('/api/account/staff/members', withNewPhone.IdToken)).statusCode).toBe(200);

    // A forgotten password reset from the door (ForgotPassword, ConfirmForgotPassword) is a change of the account:
    // the session from before it is refused at its next staff call (once the standing's cache is past), and its
    // refresh token dies.
    await pause();
    await sdk.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const code = inbox.filter((m) => m.to === email && m.kind === 'ForgotPassword').at(-1)?.code ?? '';
    await sdk.send(
      new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: email, ConfirmationCode: code, Password: 'Recuperada2026' }),
    );
    expect((await get('/api/account/staff/members', withNewPhone.IdToken)).json()).toMatchObject({ error: 'sign_in_again' });
    expect(await refreshes(withNewPhone.RefreshToken)).toBe('NotAuthorizedException');
    await pause();
    const afterReset = (await signInWithCode('Recuperada2026', newSecret)).AuthenticationResult ?? {};
    expect((await get('/api/account/staff/members', afterReset.IdToken)).statusCode).toBe(200);
  });
});

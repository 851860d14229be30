import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  CreateGroupCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoUser, CognitoUserSession, IAuthenticationCallback } from 'amazon-cognito-identity-js';
import type { StaffAccounts } from 'shared/server/api-contract';
import { cognitoAdminClient, temporaryPassword } from 'shared/server/cognito-admin';
import { createTokenVerifier } from 'shared/server/identity';
import { cognitoStaffAccounts } from 'shared/server/staff-accounts';
import { totpCode } from 'shared/server/totp';
import { loadBrowserCognito } from './browser-cognito';
import { freePort, outcome } from './emulator-testing';
import { startIdentityEmulator, type IdentityEmulator, type IdentityMessage } from './emulator';
import { identityMail } from './mail';

describe('local identity emulator', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-'));
  const inbox: IdentityMessage[] = [];
  let emulator: IdentityEmulator;
  const clientId = 'web-test';
  const poolId = 'local_test';

  const call = async (target: string, body: object) => {
    const res = await fetch(emulator.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    emulator = await startIdentityEmulator({
      dataDir,
      port: await freePort(),
      userPoolId: poolId,
      clientId,
      deliver: async (m) => void inbox.push(m),
      log: false,
    });
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up, sends the code to the mailbox, re-sends a new one, confirms, and issues tokens the server verifies', async () => {
    const email = 'laura@example.com';
    const attrs = [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Laura Gómez' },
      { Name: 'custom:identity_number', Value: '1020304050' },
    ];
    expect((await call('SignUp', { ClientId: clientId, Username: email, Password: 'Clave123', UserAttributes: attrs })).status).toBe(200);
    expect(inbox.at(-1)).toMatchObject({ kind: 'SignUp', to: email, name: 'Laura Gómez' });
    const first = inbox.at(-1)?.code ?? '';
    expect(first).toMatch(/^\d{6}$/);

    const resend = await call('ResendConfirmationCode', { ClientId: clientId, Username: email });
    expect(resend.status).toBe(200);
    expect(inbox.at(-1)).toMatchObject({ kind: 'ResendCode', to: email });
    const second = inbox.at(-1)?.code ?? '';

    if (second !== first)
      expect((await call('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: first })).status).toBe(400);
    expect((await call('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: second })).status).toBe(200);
    // Once confirmed, asking for another code is refused as Cognito does.
    expect((await call('ResendConfirmationCode', { ClientId: clientId, Username: email })).status).toBe(400);

    const auth = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Clave123' },
    });
    expect(auth.status).toBe(200);
    const idToken = (auth.body.AuthenticationResult as { IdToken: string }).IdToken;
    const verifier = createTokenVerifier({ issuer: emulator.issuer, clientId, jwksUri: `${emulator.issuer}/.well-known/jwks.json` });
    // Confirming the code that went to the mailbox verifies the address, as on Cognito.
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ email, emailVerified: true });
  });

  it('keeps the session of an account whose temporary password was replaced refreshable', async () => {
    const email = 'temporal@example.com';
    const pool = { UserPoolId: poolId };
    const created = await call('AdminCreateUser', {
      ...pool,
      Username: email,
      TemporaryPassword: 'Temp1234',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(created.status).toBe(200);
    const auth = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Temp1234' },
    });
    expect(auth.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: auth.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Nueva2026' },
    });
    expect(done.status).toBe(200);
    const refreshToken = (done.body.AuthenticationResult as { RefreshToken: string }).RefreshToken;
    const refreshed = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((refreshed.body.AuthenticationResult as { IdToken?: string }).IdToken).toBeTruthy();
    // The new password is what counts from now on.
    const again = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Nueva2026' },
    });
    expect(again.status).toBe(200);
    // Nobody proved this mailbox: an account opened by an administrator (after a payment) stays unverified.
    const idToken = (again.body.AuthenticationResult as { IdToken: string }).IdToken;
    const verifier = createTokenVerifier({ issuer: emulator.issuer, clientId, jwksUri: `${emulator.issuer}/.well-known/jwks.json` });
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ email, emailVerified: false });
  });

  it('never lets a user mark an address verified: a changed e-mail is unverified, writing *_verified is refused (#11)', async () => {
    const email = 'atacante.cambio@example.com';
    await call('SignUp', { ClientId: clientId, Username: email, Password: 'Clave123', UserAttributes: [{ Name: 'email', Value: email }] });
    const code = inbox.at(-1)?.code ?? '';
    expect((await call('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code })).status).toBe(200);
    const auth = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Clave123' },
    });
    const { AccessToken, RefreshToken } = auth.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
    const victim = 'victima.cambio@example.com';
    for (const attrs of [
      [{ Name: 'email_verified', Value: 'true' }],
      [
        { Name: 'email', Value: victim },
        { Name: 'email_verified', Value: 'true' },
      ],
    ])
      expect((await call('UpdateUserAttributes', { AccessToken, UserAttributes: attrs })).status).toBe(400);
    expect((await call('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'email', Value: victim }] })).status).toBe(200);
    const refreshed = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    const idToken = (refreshed.body.AuthenticationResult as { IdToken: string }).IdToken;
    const verifier = createTokenVerifier({ issuer: emulator.issuer, clientId, jwksUri: `${emulator.issuer}/.well-known/jwks.json` });
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ email: victim, emailVerified: false });
  });

  it('answers a resend for an unknown user as Cognito does', async () => {
    const res = await call('ResendConfirmationCode', { ClientId: clientId, Username: 'nadie@example.com' });
    expect(res.status).toBe(400);
    expect(String(res.body.code ?? res.body.__type)).toMatch(/UserNotFound/);
  });

  it('words the e-mails in Spanish with the code and a confirmation link', () => {
    const mail = identityMail({ kind: 'SignUp', to: 'a@b.co', code: '123456', name: 'Ana María' }, 'https://sitio.example');
    expect(mail.subject).toMatch(/^Confirma tu correo/);
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('https://sitio.example/confirm-email?email=a%40b.co');
  });
});

/**
 * The staff panel's identity calls (#13), each as the server (AWS SDK v3, through the team's directory) and the
 * browser (amazon-cognito-identity-js, as remote-account/src/identity/cognito-*.ts use it) make them.
 */
/** Group names of the tests of the emulator's group calls (the site keeps its team in its own database). */
const STAFF_GROUP = 'equipo';
const STAFF_ADMIN_GROUP = 'equipo-admin';

describe('local identity emulator: the staff panel', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-staff-'));
  const clientId = 'web-staff-test';
  const poolId = 'local_staff';
  let emulator: IdentityEmulator;
  let sdk: CognitoIdentityProviderClient;
  let accounts: StaffAccounts;
  let verifier: ReturnType<typeof createTokenVerifier>;

  beforeAll(async () => {
    emulator = await startIdentityEmulator({
      dataDir,
      port: await freePort(),
      userPoolId: poolId,
      clientId,
      deliver: async () => undefined,
      log: false,
    });
    const identity = { region: 'us-east-1', endpoint: emulator.url, userPoolId: poolId };
    sdk = cognitoAdminClient(identity, {});
    accounts = cognitoStaffAccounts(identity, { client: sdk });
    verifier = createTokenVerifier({ issuer: emulator.issuer, clientId, jwksUri: `${emulator.issuer}/.well-known/jwks.json` });
  });
  afterAll(async () => {
    sdk.destroy();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = (email: string, password: string) =>
    sdk.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  /** An account made by an admin with a temporary password (and groups), as AdminCreateUser does. */
  async function adminCreated(email: string, groups: string[] = []) {
    const password = temporaryPassword(12);
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    for (const GroupName of groups) {
      if (!(await outcome(sdk.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName })))).match(/ok|GroupExists/))
        throw new Error(`no se pudo crear el grupo ${GroupName}`);
      await sdk.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName }));
    }
    return password;
  }

  /** An account made by an admin whose temporary password was replaced: its first tokens. */
  async function invited(email: string, admin = false) {
    const password = await adminCreated(email, admin ? [STAFF_GROUP, STAFF_ADMIN_GROUP] : [STAFF_GROUP]);
    const first = await signIn(email, password);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'ClaveNueva2026' },
      }),
    );
    return done.AuthenticationResult ?? {};
  }

  it('keeps the team in groups: creating one twice keeps its members, groups read by e-mail or user name', async () => {
    await invited('grupos@fundacion.test');
    await outcome(sdk.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: STAFF_ADMIN_GROUP })));
    const user = await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'grupos@fundacion.test' }));
    // A second CreateGroup is refused as on Cognito; cognito-local used to replace the group and drop its members.
    expect(await outcome(sdk.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: STAFF_GROUP })))).toBe('GroupExistsException');
    for (const username of ['grupos@fundacion.test', user.Username ?? '']) {
      const groups = await sdk.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: username }));
      expect(groups.Groups?.map((g) => g.GroupName)).toEqual([STAFF_GROUP]);
    }
    const members = await sdk.send(new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: STAFF_GROUP }));
    expect(members.Users?.map((u) => u.Username)).toContain(user.Username);

    await sdk.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'grupos@fundacion.test', GroupName: STAFF_ADMIN_GROUP }));
    const both = await sdk.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'grupos@fundacion.test' }));
    expect(both.Groups?.map((g) => g.GroupName).sort()).toEqual([STAFF_GROUP, STAFF_ADMIN_GROUP].sort());
    await sdk.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'grupos@fundacion.test', GroupName: STAFF_ADMIN_GROUP }),
    );
    const after = await sdk.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: user.Username }));
    expect(after.Groups?.map((g) => g.GroupName)).toEqual([STAFF_GROUP]);
    expect(await outcome(sdk.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'nadie@fundacion.test' })))).toBe(
      'UserNotFoundException',
    );
  });

  it('sets up an authenticator app with an access token, reports it once preferred, then asks for its code at sign-in', async () => {
    const email = 'totp.sdk@fundacion.test';
    const tokens = await invited(email, true);
    const session = await verifier.verify(tokens.IdToken ?? '');
    expect(session?.groups.sort()).toEqual([STAFF_GROUP, STAFF_ADMIN_GROUP].sort());
    expect(session?.username).toBe((await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }))).Username);
    const AccessToken = tokens.AccessToken ?? '';

    const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = totpCode(SecretCode) === '000000' ? '111111' : '000000';
    expect(await outcome(sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: wrong })))).toBe(
      'EnableSoftwareTokenMFAException',
    );
    // Turning MFA on before the app is verified is refused.
    expect(
      await outcome(
        sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })),
      ),
    ).toBe('InvalidParameterException');
    const verified = await sdk.send(
      new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'Celular' }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // Verified is not yet on: only the preference turns it on, as on Cognito (so the panel must always set it).
    expect((await accounts.find(session?.username ?? ''))?.totp).toBe(false);
    expect((await signIn(email, 'ClaveNueva2026')).AuthenticationResult?.IdToken).toBeTruthy();

    await sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const user = await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    expect(await accounts.find(session?.username ?? '')).toMatchObject({ enabled: true, totp: true, email, emailVerified: true });

    const challenge = await signIn(email, 'ClaveNueva2026');
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const answer = (code: string, Session = challenge.Session) =>
      sdk.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    expect(await outcome(answer(wrong))).toBe('CodeMismatchException');
    // A wrong code leaves the session open for another try, as the person types it again.
    const done = await answer(totpCode(SecretCode));
    const idToken = done.AuthenticationResult?.IdToken ?? '';
    await expect(verifier.verify(idToken)).resolves.toMatchObject({
      email,
      groups: expect.arrayContaining([STAFF_GROUP, STAFF_ADMIN_GROUP]),
    });
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims['cognito:username']).toBe(user.Username);
    // The session is used up, and the tokens refresh.
    expect(await outcome(answer(totpCode(SecretCode)))).toBe('NotAuthorizedException');
    const refreshed = await sdk.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: done.AuthenticationResult?.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();

    // A new app replaces the old one only once verified: until then the old codes still open the door.
    const { SecretCode: next = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    const again = await signIn(email, 'ClaveNueva2026');
    expect(await outcome(answer(totpCode(SecretCode), again.Session))).toBe('ok');
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(next) }));
    const third = await signIn(email, 'ClaveNueva2026');
    expect(await outcome(answer(totpCode(next), third.Session))).toBe('ok');
  });

  it('never skips the password: a TOTP answer or a new password needs the session of that sign-in', async () => {
    const email = 'sesion@fundacion.test';
    const tokens = await invited(email);
    const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }));
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: totpCode(SecretCode) }));
    await sdk.send(
      new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    const respond = (ChallengeName: 'SOFTWARE_TOKEN_MFA' | 'NEW_PASSWORD_REQUIRED', Session: string | undefined, username: string) =>
      outcome(
        sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName,
            Session,
            ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(SecretCode), NEW_PASSWORD: 'Tomada2026' },
          }),
        ),
      );
    // Knowing the secret is not enough without the password's session.
    expect(await respond('SOFTWARE_TOKEN_MFA', 'a-session-nobody-issued-0000000000', email)).toBe('NotAuthorizedException');
    // Another account's session does not answer for this one.
    const otherPassword = await adminCreated('otra.invitada@fundacion.test');
    const otherChallenge = await signIn('otra.invitada@fundacion.test', otherPassword);
    expect(await respond('SOFTWARE_TOKEN_MFA', otherChallenge.Session, email)).toBe('NotAuthorizedException');
    // An invited account's temporary password cannot be replaced without its sign-in session.
    expect(await respond('NEW_PASSWORD_REQUIRED', 'a-session-nobody-issued-0000000000', 'otra.invitada@fundacion.test')).toBe(
      'NotAuthorizedException',
    );
    expect(await outcome(signIn('otra.invitada@fundacion.test', otherPassword))).toBe('ok');
  });

  it('refuses access tokens the emulator did not sign, and those issued before a global sign-out', async () => {
    const email = 'firmas@fundacion.test';
    const tokens = await invited(email);
    const [header, payload] = (tokens.AccessToken ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const victim = await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'totp.sdk@fundacion.test' }));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: victim.Username })).toString('base64url')}.c2lnbmF0dXJh`;
    for (const AccessToken of [forged, 'no-es-un-token'])
      expect(await outcome(sdk.send(new AssociateSoftwareTokenCommand({ AccessToken })))).toBe('NotAuthorizedException');
    expect(
      await outcome(sdk.send(new SetUserMFAPreferenceCommand({ AccessToken: forged, SoftwareTokenMfaSettings: { Enabled: false } }))),
    ).toBe('NotAuthorizedException');
    expect(await outcome(sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken })))).toBe('ok');

    // Global sign-out (what removing a member does): the refresh token and the access token stop working.
    await new Promise((r) => setTimeout(r, 1100)); // tokens of the sign-out's own second stay valid
    await sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: email }));
    expect(await outcome(sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken })))).toBe('NotAuthorizedException');
    expect(
      await outcome(
        sdk.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken ?? '' },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    // Signing in again works at once.
    const fresh = await signIn(email, 'ClaveNueva2026');
    expect(await outcome(sdk.send(new GetUserCommand({ AccessToken: fresh.AuthenticationResult?.AccessToken })))).toBe('ok');
    expect(await outcome(sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: 'nadie@fundacion.test' })))).toBe(
      'UserNotFoundException',
    );
  });

  it("prepares an invited person's account through the server's StaffAccounts: a new one, or one someone else opened", async () => {
    // A new address: created confirmed, with the chosen password as permanent (no temporary password ever mailed).
    const fresh = await accounts.claimForInvitation('  Nueva.Persona@Fundacion.test ', { name: 'Nueva Persona', password: 'Elegida2026' });
    expect(fresh).toMatchObject({
      email: 'nueva.persona@fundacion.test',
      emailVerified: true,
      totp: false,
      existed: false,
    });
    expect((await signIn('nueva.persona@fundacion.test', 'Elegida2026')).AuthenticationResult?.IdToken).toBeTruthy();

    // An account someone else opened on the address and set an authenticator up on, with their sessions.
    const email = 'tomada@fundacion.test';
    const tokens = await invited(email);
    const { SecretCode = '' } = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }));
    await sdk.send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: totpCode(SecretCode) }));
    await sdk.send(
      new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    expect((await accounts.find(email))?.totp).toBe(true);
    await new Promise((r) => setTimeout(r, 1100)); // tokens of the sign-out's own second stay valid
    const claimed = await accounts.claimForInvitation(email, { name: 'Persona Invitada', password: 'Propia2026x' });
    expect(claimed).toMatchObject({ email, existed: true, totp: false, emailVerified: true });
    // Whoever held it keeps nothing: the old password, the refresh token and the authenticator are gone.
    expect(await outcome(signIn(email, 'ClaveNueva2026'))).not.toBe('ok');
    expect(
      await outcome(
        sdk.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken ?? '' },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    const own = await signIn(email, 'Propia2026x');
    expect(own.ChallengeName).toBeUndefined();
    await expect(verifier.verify(own.AuthenticationResult?.IdToken ?? '')).resolves.toMatchObject({
      email,
      emailVerified: true,
    });
    expect(await accounts.find('nadie@fundacion.test')).toBeNull();
  });

  it('works with amazon-cognito-identity-js as the browser uses it: first sign-in, app set-up, then the TOTP challenge', async () => {
    const email = 'navegador@fundacion.test';
    const temporary = await adminCreated(email, [STAFF_GROUP]);
    const { AuthenticationDetails, CognitoRefreshToken, CognitoUser, CognitoUserPool } = await loadBrowserCognito();
    const pool = new CognitoUserPool({ UserPoolId: poolId, ClientId: clientId, endpoint: emulator.url });
    const browserUser = () => {
      const u = new CognitoUser({ Username: email, Pool: pool });
      u.setAuthenticationFlowType('USER_PASSWORD_AUTH');
      return u;
    };
    type Step = { kind: 'success'; session: CognitoUserSession } | { kind: 'newPassword' | 'totp' | 'failure'; detail?: unknown };
    const callbacks = (resolve: (s: Step) => void): IAuthenticationCallback => ({
      onSuccess: (session) => resolve({ kind: 'success', session }),
      onFailure: (err: unknown) => resolve({ kind: 'failure', detail: (err as { code?: string }).code }),
      newPasswordRequired: () => resolve({ kind: 'newPassword' }),
      totpRequired: (name) => resolve({ kind: 'totp', detail: name }),
    });
    const authenticate = (u: CognitoUser, password: string) =>
      new Promise<Step>((resolve) =>
        u.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), callbacks(resolve)),
      );

    // First sign-in: the temporary password, then a new one.
    const user = browserUser();
    expect(await authenticate(user, temporary)).toEqual({ kind: 'newPassword' });
    const completed = await new Promise<Step>((resolve) => user.completeNewPasswordChallenge('Navegador2026', {}, callbacks(resolve)));
    expect(completed.kind).toBe('success');

    // Set-up on the signed-in user: associateSoftwareToken → verifySoftwareToken → setUserMfaPreference.
    const secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    const wrongCode = totpCode(secret) === '000000' ? '111111' : '000000';
    const refused = await new Promise<unknown>((resolve) =>
      user.verifySoftwareToken(wrongCode, 'Celular', {
        onSuccess: () => resolve('ok'),
        onFailure: (err) => resolve((err as { code?: string }).code),
      }),
    );
    expect(refused).toBe('EnableSoftwareTokenMFAException');
    // With an access token the library hands onSuccess the raw answer ({Status: 'SUCCESS'}), not a session.
    const verifiedAnswer = await new Promise<unknown>((resolve, reject) =>
      user.verifySoftwareToken(totpCode(secret), 'Celular', { onSuccess: resolve, onFailure: reject }),
    );
    expect(verifiedAnswer).toEqual({ Status: 'SUCCESS' });
    const preference = await new Promise<string | undefined>((resolve, reject) =>
      user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, (err, result) => (err ? reject(err) : resolve(result))),
    );
    expect(preference).toBe('SUCCESS');

    // Next sign-in: password, then totpRequired → sendMFACode(code, callbacks, 'SOFTWARE_TOKEN_MFA').
    const next = browserUser();
    expect(await authenticate(next, 'Navegador2026')).toEqual({ kind: 'totp', detail: 'SOFTWARE_TOKEN_MFA' });
    const mismatch = await new Promise<Step>((resolve) => next.sendMFACode(wrongCode, callbacks(resolve), 'SOFTWARE_TOKEN_MFA'));
    expect(mismatch).toEqual({ kind: 'failure', detail: 'CodeMismatchException' });
    const signedIn = await new Promise<Step>((resolve) => next.sendMFACode(totpCode(secret), callbacks(resolve), 'SOFTWARE_TOKEN_MFA'));
    expect(signedIn.kind).toBe('success');
    const idToken = signedIn.kind === 'success' ? signedIn.session.getIdToken() : null;
    expect(idToken?.payload['cognito:groups']).toEqual([STAFF_GROUP]);
    await expect(verifier.verify(idToken?.getJwtToken() ?? '')).resolves.toMatchObject({ email, groups: [STAFF_GROUP] });
    // The session refreshes as the site's session keeper does.
    const refreshed = await new Promise<CognitoUserSession | null>((resolve) =>
      next.refreshSession(
        signedIn.kind === 'success' ? signedIn.session.getRefreshToken() : new CognitoRefreshToken({ RefreshToken: '' }),
        (err, s) => resolve(err ? null : (s as CognitoUserSession)),
      ),
    );
    expect(refreshed?.getIdToken().payload['cognito:groups']).toEqual([STAFF_GROUP]);
    // The set-up calls also work on the user the site restores from storage (getSession sets its session).
    const restored = pool.getCurrentUser();
    await new Promise<void>((resolve, reject) => restored?.getSession((err: Error | null) => (err ? reject(err) : resolve())));
    const another = await new Promise<string>((resolve, reject) =>
      restored?.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    expect(another).toMatch(/^[A-Z2-7]{32}$/);
  });
});

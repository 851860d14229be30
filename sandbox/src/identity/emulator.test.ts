import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTokenVerifier } from 'shared/server/identity';
import { startIdentityEmulator, type IdentityEmulator, type IdentityMessage } from './emulator';
import { identityMail } from './mail';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

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

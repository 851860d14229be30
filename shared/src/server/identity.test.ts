import { describe, expect, it } from '@jest/globals';
import { createTestIdentity } from './identity-testing';

describe('ID token verification', () => {
  const idp = createTestIdentity();
  const user = { sub: 'user-1', email: 'Ana@Example.com', name: 'Ana María' };

  it('accepts a current ID token of the pool and client, and normalises the e-mail', async () => {
    await expect(idp.verifier.verify(idp.token(user))).resolves.toEqual({
      authTime: expect.any(Number),
      sub: 'user-1',
      email: 'ana@example.com',
      emailVerified: true,
      name: 'Ana María',
      username: 'user-1',
      groups: [],
    });
  });

  it("reads the pool's user name and groups, and ignores a groups claim that is not a list of names", async () => {
    const member = idp.token(user, { 'cognito:username': 'ana@example.com', 'cognito:groups': ['equipo', 7, 'equipo-admin'] });
    await expect(idp.verifier.verify(member)).resolves.toMatchObject({ username: 'ana@example.com', groups: ['equipo', 'equipo-admin'] });
    const odd = idp.token(user, { 'cognito:groups': 'equipo' });
    await expect(idp.verifier.verify(odd)).resolves.toMatchObject({ groups: [] });
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['another app client', { aud: 'other-client' }],
    ['another issuer', { iss: 'http://127.0.0.1:1/other_pool' }],
    ['an access token', { token_use: 'access' }],
    ['no e-mail', { email: undefined }],
  ])('refuses a token for %s', async (_label, overrides) => {
    await expect(idp.verifier.verify(idp.token(user, overrides))).resolves.toBeNull();
  });

  it('says whether the address was verified, whatever the endpoint (an emulator no longer switches the check off)', async () => {
    for (const [claim, verified] of [
      [false, false],
      ['false', false],
      [undefined, false],
      [true, true],
      ['true', true],
    ] as const)
      await expect(idp.verifier.verify(idp.token(user, { email_verified: claim }))).resolves.toMatchObject({
        sub: 'user-1',
        emailVerified: verified,
      });
  });

  it("never folds a look-alike address into someone else's: the Kelvin sign stays, and such an address is not verified", async () => {
    const kelvin = await idp.verifier.verify(idp.token({ ...user, email: '\u212Aate@example.com' }, { email_verified: true }));
    expect(kelvin?.email).toBe('\u212Aate@example.com');
    expect(kelvin?.email).not.toBe('kate@example.com');
    expect(kelvin?.emailVerified).toBe(false);
  });

  it('refuses a token whose payload was edited after signing', async () => {
    const [header, , signature] = idp.token(user).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'user-2', email: 'otro@example.com', aud: idp.clientId, iss: idp.issuer, token_use: 'id', exp: 9999999999 }),
    ).toString('base64url');
    await expect(idp.verifier.verify(`${header}.${forged}.${signature}`)).resolves.toBeNull();
  });

  it('refuses a token signed by another key, and junk', async () => {
    const stranger = createTestIdentity(idp.issuer, idp.clientId);
    await expect(idp.verifier.verify(stranger.token(user))).resolves.toBeNull();
    for (const junk of ['', 'abc', 'a.b.c', 'x'.repeat(10_000)]) await expect(idp.verifier.verify(junk)).resolves.toBeNull();
  });
});

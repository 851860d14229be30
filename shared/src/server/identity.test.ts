import { describe, expect, it } from '@jest/globals';
import { createTokenVerifier } from './identity';
import { createTestIdentity } from './identity-testing';

describe('ID token verification', () => {
  const idp = createTestIdentity();
  const user = { sub: 'user-1', email: 'Ana@Example.com', name: 'Ana María' };

  it('accepts a current ID token of the pool and client, and normalises the e-mail', async () => {
    await expect(idp.verifier.verify(idp.token(user))).resolves.toEqual({ sub: 'user-1', email: 'ana@example.com', name: 'Ana María' });
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

  it('can require a verified e-mail (real pools), so a changed, unverified address opens nothing', async () => {
    const strict = createTokenVerifier(
      { issuer: idp.issuer, clientId: idp.clientId, jwksUri: `${idp.issuer}/.well-known/jwks.json` },
      { jwks: idp.jwks, requireVerifiedEmail: true },
    );
    await expect(strict.verify(idp.token(user, { email_verified: false }))).resolves.toBeNull();
    await expect(strict.verify(idp.token(user, { email_verified: true }))).resolves.toMatchObject({ sub: 'user-1' });
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

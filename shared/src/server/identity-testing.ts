// Test support: an identity provider in miniature. It signs RS256 ID tokens the way Cognito does and hands the
// verifier its public key, so API tests exercise the real verification path without any server.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { createTokenVerifier, type TokenVerifier } from './identity';

export interface TestIdentity {
  verifier: TokenVerifier;
  issuer: string;
  clientId: string;
  jwks: Jwks;
  /** An ID token for this user (a confirmed sign-up: e-mail verified); `overrides` forge, expire or unverify it. */
  token(user: { sub?: string; email: string; name?: string }, overrides?: Record<string, unknown>): string;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createTestIdentity(issuer = 'http://127.0.0.1:1/local_test', clientId = 'test-client'): TestIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] } as unknown as Jwks;
  return {
    issuer,
    clientId,
    jwks,
    verifier: createTokenVerifier({ issuer, clientId, jwksUri: `${issuer}/.well-known/jwks.json` }, { jwks }),
    token(user, overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        sub: user.sub ?? randomUUID(),
        email: user.email,
        email_verified: true,
        ...(user.name ? { name: user.name } : {}),
        aud: clientId,
        iss: issuer,
        token_use: 'id',
        auth_time: now,
        iat: now,
        exp: now + 3600,
        ...overrides,
      };
      const signingInput = `${b64url({ alg: 'RS256', kid, typ: 'JWT' })}.${b64url(payload)}`;
      return `${signingInput}.${sign('RSA-SHA256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
    },
  };
}

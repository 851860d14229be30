import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { FastifyRequest } from 'fastify';
import { isPrintableName } from '../schemas/common';
import { ApiError } from './http';
import type { IdentityConfig, TokenVerifier, VerifiedUser } from './api-contract';

export type { TokenVerifier, VerifiedUser } from './api-contract';

/**
 * Verifies Cognito ID tokens with aws-jwt-verify against the pool's issuer and signing keys. An https JWKS (Cognito)
 * is fetched by the library; an http one (the local emulator) is fetched here and handed over, since the library
 * only fetches over https. Tests pass `jwks` directly.
 */
export function createTokenVerifier(
  config: Pick<IdentityConfig, 'issuer' | 'jwksUri' | 'clientId'>,
  options: { jwks?: Jwks } = {},
): TokenVerifier {
  const verifier = JwtVerifier.create({ issuer: config.issuer, audience: config.clientId, jwksUri: config.jwksUri });
  const manualKeys = options.jwks !== undefined || !config.jwksUri.startsWith('https://');
  let keysLoaded: Promise<void> | null = null;
  const loadKeys = (force: boolean) => {
    if (options.jwks) {
      verifier.cacheJwks(options.jwks, config.issuer);
      return Promise.resolve();
    }
    if (!keysLoaded || force) {
      keysLoaded = fetch(config.jwksUri, { signal: AbortSignal.timeout(5000) })
        .then(async (res) => {
          if (!res.ok) throw new Error(`JWKS ${res.status}`);
          verifier.cacheJwks((await res.json()) as Jwks, config.issuer);
        })
        .catch((err: unknown) => {
          keysLoaded = null;
          throw err;
        });
    }
    return keysLoaded;
  };

  return {
    async verify(token) {
      if (typeof token !== 'string' || token.length > 8192 || token.split('.').length !== 3) return null;
      try {
        if (manualKeys) await loadKeys(false);
        let payload;
        try {
          payload = await verifier.verify(token);
        } catch (err) {
          // A key rotation (or an emulator restarted with a new key) shows up as an unknown kid: refetch once.
          if (!manualKeys || options.jwks || (err as Error).name !== 'KidNotFoundInJwksError') throw err;
          await loadKeys(true);
          payload = await verifier.verify(token);
        }
        if (payload.token_use !== 'id' || typeof payload.sub !== 'string') return null;
        const email = typeof payload.email === 'string' ? emailKey(payload.email) : '';
        if (!email) return null;
        // Only an address of the site's own alphabet (its forms accept ASCII addresses only) is ever taken as verified:
        // a look-alike such as "\u212Aate@…" (the Kelvin sign, which JavaScript lower-cases to "k") must not become
        // someone else's "kate@…".
        const emailVerified = (payload.email_verified === true || payload.email_verified === 'true') && /^[\x21-\x7e]+$/.test(email);
        const username = typeof payload['cognito:username'] === 'string' ? payload['cognito:username'] : payload.sub;
        const rawGroups = payload['cognito:groups'];
        const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
        // Cognito always sets auth_time; a token without it cannot be placed after a member's last security event.
        const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : 0;
        // The browser writes the `name` attribute at sign-up, straight to the identity provider: the site reads it as a
        // name only when it is one (greetings, the panel, the invitation e-mail print it).
        const name = isPrintableName(payload.name) ? payload.name.trim() : null;
        return { sub: payload.sub, email, emailVerified, name, username, groups, authTime };
      } catch {
        return null;
      }
    },
  };
}

/**
 * An address as the site compares addresses: trimmed, its ASCII capitals in lower case and nothing else changed (a
 * full Unicode `toLowerCase` folds look-alikes such as the Kelvin sign into ASCII letters). Stored addresses come from
 * forms that accept ASCII only, so SQL's `lower()` of them agrees with this.
 */
export const emailKey = (email: string) => email.trim().replace(/[A-Z]+/g, (c) => c.toLowerCase());

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The signed-in user of a request, or a 401 in Spanish: the server never takes identity from the body or query. */
export async function requireUser(verifier: TokenVerifier, request: FastifyRequest): Promise<VerifiedUser> {
  const token = bearerToken(request);
  const user = token ? await verifier.verify(token) : null;
  if (!user)
    throw new ApiError(401, 'unauthorized', 'Inicia sesión para continuar. Si ya lo hiciste, tu sesión expiró: vuelve a ingresar.');
  return user;
}

/** The signed-in user when a valid token is present, otherwise null (anonymous use stays allowed). */
export async function optionalUser(verifier: TokenVerifier, request: FastifyRequest): Promise<VerifiedUser | null> {
  const token = bearerToken(request);
  return token ? verifier.verify(token) : null;
}

/** OpenAPI security scheme of routes that need a signed-in user (`security: [{ bearer: [] }]`). */
export const bearerSecurityScheme = {
  bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT (ID token de Cognito)' },
};

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A checkout's claim secret: 192 random bits handed to the browser that started the checkout, kept on the server only
 * as its SHA-256. Whoever holds the payment id and reference (return URL, history, a shared link) still lacks it, so
 * status checks, checkout of an existing enrolment and the account opened after payment stay with that browser.
 */
export interface IssuedClaim {
  /** Goes to the browser once, never stored here. */
  secret: string;
  /** Stored with the record. */
  hash: string;
}

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new claim secret and the hash to store with the record. */
export function issueClaim(): IssuedClaim {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashOf(secret) };
}

/** Whether `secret` is the one whose hash the record keeps; constant-time, and false for anything missing. */
export function claimMatches(storedHash: string | null | undefined, secret: unknown): boolean {
  if (typeof storedHash !== 'string' || storedHash.length !== 64 || typeof secret !== 'string' || secret.length === 0) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(hashOf(secret), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

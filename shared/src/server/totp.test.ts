import { describe, expect, it } from '@jest/globals';
import { base32Decode, base32Encode, generateTotpSecret, totpCode, verifyTotp } from './totp';

// RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('totp', () => {
  it("computes RFC 6238's published SHA-1 test values (last six digits)", () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, eightDigits] of vectors) expect(totpCode(rfcSecret, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it('reads a secret as a person types it (lower case, spaces, dashes, padding) and round-trips bytes', () => {
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq')).toEqual(Buffer.from('12345678901234567890'));
    expect(base32Decode('MZXW6===').toString()).toBe('foo');
    for (const length of [1, 2, 3, 4, 5, 19, 20]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
    expect(() => base32Decode('ABC1')).toThrow(/base32/);
  });

  it('makes 32-character secrets that differ each time', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('accepts the current code and one step either side, and nothing further or malformed', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 10, 22, 15, 0, 10);
    expect(verifyTotp(secret, totpCode(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 60_000), now)).toBe(false);
    expect(verifyTotp(secret, totpCode(secret, now + 60_000), now)).toBe(false);
    expect(verifyTotp(generateTotpSecret(), totpCode(secret, now), now)).toBe(false);
    for (const bad of ['', '12345', '1234567', '12 345', 'abcdef']) expect(verifyTotp(secret, bad, now)).toBe(false);
    expect(verifyTotp('not base32!', '123456', now)).toBe(false);
  });
});

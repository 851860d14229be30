// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as authenticator apps and Cognito's software-token
// MFA compute them: HMAC-SHA1, 30-second steps, 6 digits, secrets in base32 (RFC 4648, no padding). The local
// identity emulator verifies staff codes with it, and tests compute the codes an authenticator app would show.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 without padding, as authenticator apps and Cognito's SecretCode write a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads a base32 secret as a person may type it: any case, spaces or dashes between groups, padding or none. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Carácter no válido en un secreto base32: "${char}"`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 — 32 characters. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226's HOTP value of `counter`, zero-padded to 6 digits. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

const stepAt = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator app set up with `secret` shows at `timeMs` (now by default). */
export function totpCode(secret: string, timeMs: number = Date.now()): string {
  return hotp(base32Decode(secret), stepAt(timeMs));
}

/**
 * Whether `code` is the secret's code at `timeMs`, or one step (30 s) before or after it, so a phone clock a little
 * off or a code typed as it changes still counts. Anything but exactly six digits is refused.
 */
export function verifyTotp(secret: string, code: string, timeMs: number = Date.now(), window = 1): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return false;
  }
  const step = stepAt(timeMs);
  const given = Buffer.from(code);
  let match = false;
  // Every step in the window is compared in constant time, so the answer's timing says nothing about the code.
  for (let delta = -window; delta <= window; delta++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step + delta)), given)) match = true;
  }
  return match;
}

/**
 * How a completion certificate (#31) is named and found, as data: its number, its public code and the page that verifies
 * it. The routes (./routes.ts), the certificate's PDF (./completion-certificate.ts) and the remote's browser and server
 * code read it from here, so the paper, the QR and the page agree.
 *
 * A code is 32 characters of base32 (160 random bits, a–z and 2–7): printed in groups of four, typed back with or
 * without the dashes, in either case. Lower case because the site's route table matches paths in lower case.
 */

/** The verification page's form (/verificar) and a certificate's page (/verificar/<code>). */
export const VERIFICATION_PATH = '/verificar';
export const VERIFICATION_PREFIX = '/verificar/';

/** The code as stored and as the verification URL carries it. */
export const verificationCodePattern = /^[a-z2-7]{32}$/;

/** What someone typed from the paper (spaces, dashes, capitals) as the code, or null when it cannot be one. */
export function normaliseVerificationCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toLowerCase();
  return verificationCodePattern.test(code) ? code : null;
}

/** The code as the paper prints it: groups of four. */
export const groupedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The public address that verifies a certificate (the QR's). */
export const verificationUrl = (publicOrigin: string, code: string) => `${publicOrigin}${VERIFICATION_PREFIX}${code}`;

/** A certificate's number: FC-2026-000123 (the sequence restarts each year, without gaps). */
export const certificateNumberOf = (year: number, seq: number) => `FC-${year}-${String(seq).padStart(6, '0')}`;

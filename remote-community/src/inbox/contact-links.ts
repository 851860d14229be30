import { basicEmailPattern } from 'shared/schemas/zod';

/**
 * The record page's ways to reach a person: `mailto:` for a well-formed address, `tel:` for a phone and WhatsApp's
 * `https://wa.me/<country><number>` for a mobile. The forms take Colombian numbers as people type them (3001234567,
 * 300 123 4567, +57 300…, (601) 555 1234), so:
 * - a Colombian mobile (10 digits starting with 3, with or without +57) calls +57… and opens WhatsApp at 57…;
 * - a Colombian landline (60x + 7 digits) calls +57… and has no WhatsApp (landlines have none);
 * - a number written with its country code (+ or 00) for another country calls and opens WhatsApp as written;
 * - anything else (no country code, not Colombian) is called as typed, and WhatsApp is not guessed: a wrong country
 *   code would open a stranger's chat. The page says why the link is missing.
 */

export interface PhoneLinks {
  /** `tel:` URI, or null when there are too few digits to call. */
  tel: string | null;
  /** `https://wa.me/…`, or null. */
  whatsapp: string | null;
  /** Why there is no WhatsApp link (or what kind of number it is); null for a Colombian mobile. */
  note: string | null;
}

export const contactLinkTexts = {
  landline: 'Teléfono fijo: no tiene WhatsApp.',
  foreign: 'Número con indicativo de otro país: WhatsApp abre ese número tal como se escribió.',
  unknown: 'No parece un número colombiano y no tiene indicativo de país: no sabemos a qué WhatsApp escribir.',
  tooShort: 'El número tiene muy pocos dígitos para llamar.',
} as const;

const WA = 'https://wa.me/';

export function phoneLinks(raw: string): PhoneLinks {
  const typed = raw.trim();
  let digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+') || typed.startsWith('00');
  if (typed.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 7) return { tel: null, whatsapp: null, note: contactLinkTexts.tooShort };

  // Colombian: +57 / 57 followed by a national number, or a national number alone.
  const national = international
    ? digits.startsWith('57')
      ? digits.slice(2)
      : null
    : digits.length === 12 && digits.startsWith('57')
      ? digits.slice(2)
      : digits;
  if (national !== null && /^3\d{9}$/.test(national)) return { tel: `tel:+57${national}`, whatsapp: `${WA}57${national}`, note: null };
  if (national !== null && /^60\d{8}$/.test(national))
    return { tel: `tel:+57${national}`, whatsapp: null, note: contactLinkTexts.landline };

  if (international && digits.length <= 15) {
    // Another country, as the person wrote it. A +57 number that is neither a mobile nor a landline is only called.
    const colombian = digits.startsWith('57');
    return {
      tel: `tel:+${digits}`,
      whatsapp: colombian ? null : `${WA}${digits}`,
      note: colombian ? contactLinkTexts.unknown : contactLinkTexts.foreign,
    };
  }
  return { tel: digits.length <= 15 ? `tel:${digits}` : null, whatsapp: null, note: contactLinkTexts.unknown };
}

/** `mailto:` for an address a mail program reads as one mailbox; null for anything else (shown as text). */
export function mailtoOf(address: string): string | null {
  const a = address.trim();
  return basicEmailPattern.test(a) ? `mailto:${a}` : null;
}

/** The record's fields that hold a phone number, of any kind. */
export const phoneFields = new Set(['phone_number', 'corp_phone_number', 'rep_phone_number']);

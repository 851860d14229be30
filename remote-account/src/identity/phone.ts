/** Default country prefix for phone numbers typed without one (spec §9). */
export const DEFAULT_PHONE_PREFIX = '+57';

/**
 * The identity provider wants E.164 (`+573001234567`): spaces, dashes, dots and parentheses go, and a number
 * without a leading "+" gets the Colombian prefix (spec §5). Empty stays empty.
 */
export function normalisePhone(phone: string): string {
  const trimmed = phone.trim();
  if (!trimmed) return '';
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  return `${DEFAULT_PHONE_PREFIX}${digits}`;
}

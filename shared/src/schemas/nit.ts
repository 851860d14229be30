/**
 * The NIT's check digit (dígito de verificación) as DIAN computes it: the base's digits from the right times 3, 7, 13,
 * 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71; the sum modulo 11 is the digit when it is 0 or 1, else 11 minus it.
 */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(base: string): number {
  const digits = base.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (WEIGHTS[i] ?? 0);
  const rest = sum % 11;
  return rest <= 1 ? rest : 11 - rest;
}

/** '901.234.567-7' (dots and spaces optional): 9 or 10 digits, a hyphen and the right check digit. */
export function isValidNit(value: string): boolean {
  // The base never starts with 0: '0900123456-8' would be another spelling of 900.123.456-8.
  const match = /^([1-9]\d{8,9})-(\d)$/.exec(value.replace(/[.\s]/g, ''));
  // A base of zeros passes the digit but names nobody (DIAN refuses it).
  return match !== null && Number(match[1]) > 0 && nitCheckDigit(match[1] ?? '') === Number(match[2]);
}

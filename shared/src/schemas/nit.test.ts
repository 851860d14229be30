import { describe, expect, it } from '@jest/globals';
import { isValidNit, nitCheckDigit } from './nit';

describe('NIT check digit', () => {
  it("computes DIAN's digit", () => {
    // 800.197.268-4 is DIAN's own NIT; 899.999.063-3 a public university's.
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(nitCheckDigit('899999063')).toBe(3);
    expect(nitCheckDigit('901234567')).toBe(7);
  });

  it('accepts a NIT written with dots or without, and refuses a wrong digit or a missing one', () => {
    expect(isValidNit('800.197.268-4')).toBe(true);
    expect(isValidNit('8001972684'.replace(/(\d{9})(\d)/, '$1-$2'))).toBe(true);
    expect(isValidNit('800.197.268-5')).toBe(false);
    expect(isValidNit('800197268')).toBe(false);
    expect(isValidNit('80019726-4')).toBe(false);
  });

  it('refuses a base with leading zeros: another spelling of the same NIT', () => {
    expect(isValidNit('0800197268-4')).toBe(false);
    expect(isValidNit('0.8.0.0.1.9.7.2.6.8-4')).toBe(false);
  });
});

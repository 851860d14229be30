import { describe, expect, it } from '@jest/globals';
import { documentNumberProblem, documentNumberTexts, documentTypes, documentTypesWithNit, visibleLength } from './common';

describe('identity documents (#31): passport and PPT for people, a NIT with its check digit where a company may write', () => {
  it("offers the spec's three documents first, then the passport and the PPT; the NIT only in the list that allows it", () => {
    expect(documentTypes).toEqual([
      'Cédula de ciudadanía',
      'Tarjeta de identidad',
      'Cédula de extranjería',
      'Pasaporte',
      'Permiso por Protección Temporal',
    ]);
    expect(documentTypesWithNit.at(-1)).toBe('NIT');
  });

  it('judges the number by its type: a NIT by its DIAN check digit, a passport letters and digits, a PPT digits', () => {
    expect(documentNumberProblem('NIT', '900.123.456-8')).toBeNull();
    expect(documentNumberProblem('NIT', '900123456-3')).toBe(documentNumberTexts.nit);
    expect(documentNumberProblem('NIT', '900123456')).toBe(documentNumberTexts.nit);
    expect(documentNumberProblem('Pasaporte', 'AB123456')).toBeNull();
    expect(documentNumberProblem('Pasaporte', 'AB-123456')).toBe(documentNumberTexts.passport);
    expect(documentNumberProblem('Permiso por Protección Temporal', '4.567.890')).toBeNull();
    expect(documentNumberProblem('Permiso por Protección Temporal', 'V4567890')).toBe(documentNumberTexts.ppt);
    // Cédulas keep the field's own shape: numbers stored before these rules are not judged again.
    expect(documentNumberProblem('Cédula de extranjería', 'E123456')).toBeNull();
  });

  it('counts only the characters one can see (a reason of zero-width spaces is empty)', () => {
    expect(visibleLength('\u200B\u200C\u200D\u2060\uFEFF '.repeat(4))).toBe(0);
    expect(visibleLength('Pidió pausa')).toBe(10);
  });
});

import { describe, expect, it } from '@jest/globals';
import { businessNameField, nameTexts, optionalPersonNameField, personNameField } from './common';
import type { z } from './zod';

const person = personNameField('Ingresa tu nombre');
const business = businessNameField('Ingresa el nombre de la empresa');
const firstMessage = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** The phishing text an attacker once had certified on a donation certificate. */
const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example/banco';

describe('person and company names (trust boundaries, round two)', () => {
  it.each([
    "María José O'Neill-Pérez",
    'María José O’Neill',
    'Nguyễn Thị Minh Khai',
    'Łukasz Żółć',
    'J. R. R. Tolkien',
    'محمد بن عبد الله',
    'Анна Каренина',
    'Ἀριστοτέλης',
    'देवनागरी नाम',
    'Ana',
    // One sign is a whole surname in Chinese and Korean.
    '王',
    '김',
  ])('accepts "%s"', (name) => {
    expect(person.safeParse(name)).toEqual({ success: true, data: name });
  });

  it('stores a name trimmed and composed (NFC), as the certificate compares and prints it', () => {
    expect(person.safeParse('  Nguyễn Thị  '.normalize('NFD')).data).toBe('Nguyễn Thị');
  });

  it.each([
    [lure, nameTexts.noLinks],
    ['https://evil.example', nameTexts.noLinks],
    ['www.banco-seguro.co', nameTexts.noLinks],
    ['www banco', null],
    ['Visita banco.com', nameTexts.noLinks],
    ['ana@example.com', nameTexts.noLinks],
    ['Ana @ Pérez', nameTexts.noLinks],
    ['Prueba 2', nameTexts.noLinks],
    ['Llame al ３００', nameTexts.noLinks],
    ['Ana\nMaría', nameTexts.personCharacters],
    ['Ana\r\nPérez', nameTexts.personCharacters],
    ['Ana\tPérez', nameTexts.personCharacters],
    ['Ana\u0007Pérez', nameTexts.personCharacters],
    ['Ana\u202ePérez', nameTexts.personCharacters],
    ['Ana 😀', nameTexts.personCharacters],
    ['Ana ❤️', nameTexts.personCharacters],
    ['Ana <b>', nameTexts.personCharacters],
    ['Ana, Pérez', nameTexts.personCharacters],
    ['Ana & Luis', nameTexts.personCharacters],
    ['Z\u0336\u0336\u0336\u0336algo', nameTexts.personCharacters],
    ["'.- .'", nameTexts.tooShort],
    ['A', nameTexts.tooShort],
    ['Á.', nameTexts.tooShort],
    ['a'.repeat(81), nameTexts.tooLong(80)],
  ])('refuses %j with its Spanish message', (name, message) => {
    if (message === null) expect(person.safeParse(name).success).toBe(true);
    else expect(firstMessage(person, name)).toBe(message);
  });

  it('says the required message for an empty name, not a rule', () => {
    expect(person.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['Ingresa tu nombre']);
    expect(firstMessage(person, undefined)).toBe('Ingresa tu nombre');
  });

  it('leaves an optional part empty, and holds it to the same rule when given', () => {
    const optional = optionalPersonNameField();
    expect(optional.safeParse('').data).toBeUndefined();
    expect(optional.safeParse(undefined).data).toBeUndefined();
    expect(optional.safeParse(' José ').data).toBe('José');
    expect(firstMessage(optional, 'www.evil.co')).toBe(nameTexts.noLinks);
  });

  it('gives company names commas and "&", up to 120 characters, and the same refusals', () => {
    for (const name of ['Pérez & Cía., S.A.S.', 'Almacenes Éxito S.A.', "Panadería D'Luis Ltda."])
      expect(business.safeParse(name).success).toBe(true);
    expect(business.safeParse('a'.repeat(120)).success).toBe(true);
    expect(firstMessage(business, 'a'.repeat(121))).toBe(nameTexts.tooLong(120));
    expect(firstMessage(business, 'Ruta 40 S.A.S.')).toBe(nameTexts.noLinks);
    expect(firstMessage(business, 'empresa.com.co')).toBe(nameTexts.noLinks);
    expect(firstMessage(business, 'Empresa: llame ya')).toBe(nameTexts.businessCharacters);
  });

  // Every field of every form that holds a person's or a company's name is checked with its form, in its domain (#27):
  // remote-courses/src/enrolment/schemas.test.ts, remote-giving/src/donation/schemas.test.ts,
  // remote-community/src/forms/names.test.ts, remote-account/src/names.test.ts.
});

import { describe, expect, it } from '@jest/globals';
import { consentTexts } from 'shared/legal/privacy-policy';
import { nameTexts } from 'shared/schemas/common';
import {
  digitsOnly,
  donationFormSchema,
  donationFormSchemaWithin,
  donationSchema,
  donationTexts,
  outOfBoundsMessage,
  resolveDonationAmount,
} from './schemas';

const bounds = { min: 5000, max: 20_000_000 };

describe('donation amount', () => {
  it('takes a preset, written as the page shows it', () => {
    expect(resolveDonationAmount({ donation_amount: '$ 20.000' }, bounds)).toEqual({ ok: true, amount: 20000 });
    expect(resolveDonationAmount({ donation_amount: '100000' }, bounds)).toEqual({ ok: true, amount: 100000 });
    expect(resolveDonationAmount({ donation_amount: '50.000,00' }, bounds)).toEqual({ ok: true, amount: 50000 });
  });
  it('prefers the custom digits', () => {
    expect(resolveDonationAmount({ donation_amount: '20000', optional_donation_amount: '75000' }, bounds)).toEqual({
      ok: true,
      amount: 75000,
    });
  });
  it('takes the custom amount as digits only, never reinterpreting a forged one (#11 row 13)', () => {
    const invalid = { ok: false, message: donationTexts.invalidAmount };
    // Once "5000.5" was charged 50.005 and "-50000" 50.000.
    for (const forged of ['5000.5', '-50000', '50.000', '75.000 pesos', '5e4', '0x1F4', '+50000', '50 000'])
      expect(resolveDonationAmount({ optional_donation_amount: forged }, bounds)).toEqual(invalid);
    expect(resolveDonationAmount({ donation_amount: '5000.5' }, bounds)).toEqual(invalid);
    expect(resolveDonationAmount({ donation_amount: '-50000' }, bounds)).toEqual(invalid);
    expect(resolveDonationAmount({ donation_amount: '30000' }, bounds)).toEqual(invalid);
    expect(donationSchema.safeParse({ optional_donation_amount: '5000.5' }).error?.issues[0]?.message).toBe(donationTexts.invalidAmount);
  });
  it('says no amount was chosen for empty or zero', () => {
    expect(resolveDonationAmount({}, bounds)).toEqual({ ok: false, message: donationTexts.noAmount });
    expect(resolveDonationAmount({ optional_donation_amount: '0' }, bounds)).toEqual({ ok: false, message: donationTexts.noAmount });
    expect(resolveDonationAmount({ donation_amount: '$ 0' }, bounds)).toEqual({ ok: false, message: donationTexts.noAmount });
  });
  it('refuses what is not a positive whole amount within the bounds', () => {
    expect(resolveDonationAmount({ donation_amount: 'mucho' }, bounds)).toEqual({ ok: false, message: donationTexts.invalidAmount });
    expect(resolveDonationAmount({ donation_amount: '-5000' }, bounds)).toEqual({ ok: false, message: donationTexts.invalidAmount });
    const one = resolveDonationAmount({ optional_donation_amount: '1' }, bounds);
    expect(one.ok).toBe(false);
    expect(!one.ok && one.message).toMatch(/^Monto de donación inválido\. El monto debe estar entre/);
    expect(resolveDonationAmount({ optional_donation_amount: '999999999999' }, bounds).ok).toBe(false);
  });
  it('keeps only digits as the visitor types', () => {
    expect(digitsOnly('5a0.0b00')).toBe('50000');
  });
  it('the form schema carries the rule: one message, on the amount field the visitor used, with the other fields wrong too', () => {
    const issues = (input: Record<string, string | boolean>) =>
      donationFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ donation_amount: '', optional_donation_amount: '', id_type: '' })).toContainEqual([
      'donation_amount',
      donationTexts.noAmount,
    ]);
    expect(issues({ optional_donation_amount: '0' })).toContainEqual(['optional_donation_amount', donationTexts.noAmount]);
    expect(issues({ donation_amount: '30000' })).toContainEqual(['donation_amount', donationTexts.invalidAmount]);
    const valid = {
      optional_donation_amount: '75000',
      contributor_name: 'Camila',
      contributor_lastname: 'Rojas',
      id_type: 'Cédula de ciudadanía',
      id_number: '52123456',
      email: 'camila@example.com',
      phone_number: '3104567890',
      data_authorization: true,
    };
    expect(issues(valid)).toEqual([]);
    // The API keeps the body's shape only: its own bounds decide, and answer 'invalid_amount'.
    expect(donationSchema.safeParse({ ...valid, optional_donation_amount: '' }).success).toBe(true);
  });
  it("says the bounds in the site's money format, and the form schema within the server's bounds puts them on the custom amount", () => {
    const below = resolveDonationAmount({ optional_donation_amount: '4999' }, bounds);
    expect(below).toEqual({ ok: false, message: 'Monto de donación inválido. El monto debe estar entre $ 5.000 y $ 20.000.000.' });
    const issues = (input: Record<string, string>) =>
      donationFormSchemaWithin(bounds)
        .safeParse(input)
        .error?.issues.filter((i) => i.path[0] === 'optional_donation_amount' || i.path[0] === 'donation_amount')
        .map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ optional_donation_amount: '4999' })).toEqual([['optional_donation_amount', outOfBoundsMessage(bounds)]]);
    expect(issues({ optional_donation_amount: '20000001' })).toEqual([['optional_donation_amount', outOfBoundsMessage(bounds)]]);
    expect(issues({ optional_donation_amount: '5000' })).toEqual([]);
    expect(issues({ optional_donation_amount: '20000000' })).toEqual([]);
    // Before the page has the server's bounds, any whole amount passes (the server still decides).
    expect(donationFormSchema.safeParse({ optional_donation_amount: '1' }).error?.issues.map((i) => i.path[0])).not.toContain(
      'optional_donation_amount',
    );
  });
});

// Moved from shared's tests of every form (names.test.ts, consent.test.ts) with this schema (#27).
describe('the donation form, like every form', () => {
  /** The phishing text an attacker once had certified on a donation certificate. */
  const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example/banco';

  it('refuses a lure in each name field, with the message on that field', () => {
    for (const field of ['contributor_name', 'contributor_lastname']) {
      const issues = donationSchema.safeParse({ [field]: lure }).error?.issues ?? [];
      expect(issues.find((i) => i.path.join('.') === field)?.message).toBe(nameTexts.noLinks);
      expect(donationSchema.safeParse({ [field]: "María O'Neill" }).error?.issues.some((i) => i.path.join('.') === field)).toBe(false);
    }
  });

  it('refuses a form without the ticked box, in Spanish, whatever else is wrong or right (#15)', () => {
    const fieldErrors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
      Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(fieldErrors(donationSchema.safeParse({})).data_authorization).toBe(consentTexts.required);
    expect(fieldErrors(donationSchema.safeParse({ data_authorization: false })).data_authorization).toBe(consentTexts.required);
    expect(fieldErrors(donationSchema.safeParse({ data_authorization: 'true' })).data_authorization).toBe(consentTexts.required);
    expect(fieldErrors(donationSchema.safeParse({ data_authorization: true })).data_authorization).toBeUndefined();
  });
});

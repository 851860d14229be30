import { describe, expect, it } from '@jest/globals';
import { consentTexts, currentPrivacyPolicy, declareConsentForm, privacyPolicyVersions, privacyVersionOf } from '../legal/privacy-policy';
import { newsletterSchema } from './newsletter';

const fieldErrors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

// The community forms' (and the PQRSF's, which asks for no box): remote-community/src/forms/consent.test.ts.
describe('the authorization every form carries (#15)', () => {
  it('refuses a form without the ticked box, in Spanish, whatever else is wrong or right', () => {
    // The donation form's: remote-giving/src/donation/schemas.test.ts (#27).
    for (const schema of [newsletterSchema]) {
      expect(fieldErrors(schema.safeParse({})).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: false })).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: 'true' })).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: true })).data_authorization).toBeUndefined();
    }
  });

  it('refuses a policy version that does not exist', () => {
    expect(fieldErrors(newsletterSchema.safeParse({ email: 'a@b.co', data_authorization: true, privacy_policy_version: '99' }))).toEqual({
      privacy_policy_version: consentTexts.versionUnknown,
    });
  });

  // Each site form's text, pinned by hash, and distinct from the others: site/consent-forms.test.ts (shared/ names no
  // domain's form, #27). Here the versions' wording itself, on fixtures: a published text never changes, the stored
  // proofs hash it.
  it('writes version 1’s authorization from the declaration’s basis and purpose, word for word', () => {
    const v1 = privacyVersionOf('1')!;
    const ask = declareConsentForm({ form: 'probe.signup', label: 'Prueba', basis: 'consent', purpose: 'gestionar mi prueba' });
    const inform = declareConsentForm({ form: 'probe.petition', label: 'Prueba', basis: 'legal_duty', purpose: 'responder mi prueba' });
    expect(v1.authorization(ask)).toBe(
      'Autorizo a Fundación Tejiendo Futuro a tratar mis datos personales para gestionar mi prueba, según su Política de privacidad. Sé que puedo conocer, actualizar, rectificar y suprimir mis datos y revocar esta autorización.',
    );
    expect(v1.authorization(inform)).toBe(
      'Fundación Tejiendo Futuro tratará tus datos personales para responder mi prueba, según su Política de privacidad. Puedes conocer, actualizar, rectificar y suprimir tus datos.',
    );
    expect(currentPrivacyPolicy).toBe(privacyPolicyVersions.at(-1));
  });

  it('freezes a declaration: nothing changes at run time what a form’s proof hashes', () => {
    const form = declareConsentForm({ form: 'probe.signup', label: 'Prueba', basis: 'consent', purpose: 'gestionar mi prueba' });
    expect(Object.isFrozen(form)).toBe(true);
  });
});

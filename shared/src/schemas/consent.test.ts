import { describe, expect, it } from '@jest/globals';
import { consentForms, consentTexts, currentPrivacyPolicy, privacyPolicyVersions } from '../legal/privacy-policy';
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

  it('gives every form its own authorization text per version, naming the foundation and the policy', () => {
    for (const version of privacyPolicyVersions) {
      const texts = consentForms.map((f) => version.authorization(f));
      expect(new Set(texts).size).toBe(consentForms.length);
      for (const text of texts) expect(text).toMatch(/Fundación Tejiendo Futuro .*Política de privacidad/);
    }
    expect(currentPrivacyPolicy).toBe(privacyPolicyVersions.at(-1));
  });
});

import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { privacyPolicyVersions, privacyVersionOf } from 'shared/legal/privacy-policy';
import { siteConsentForms } from './consent-forms';
import { siteDomains, siteManifests } from './server';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Version 1's text of every form, by the SHA-256 its stored proofs carry (privacy.consents.text_sha256). A changed
 * purpose, basis or wording fails here: a published text never changes (add a policy version instead), and a new form
 * adds its line.
 */
const version1 = {
  'courses.enrolment': '978888d831656082c97d699af3dbd72c3213b4f181482b0c421dd2f6c8ed5cbc',
  'courses.manual_enrolment': '7c0e02e3af4fb424873c01446d3c9c15a63ed3f0bb3d107211612257d542f994',
  'giving.donation': 'f7613d5faa4927a1e95b65d932f63a3d373da7f1b0cc510a2b29655311319c78',
  'giving.monthly': '53976807d3a2f382147dd4ca9029ecaf3296c2423c0dda1bff080cf59c220146',
  'community.volunteer': 'dd0f639e2fcf8dd211bedf3dead018291637a7ce7dba7e3b22bac41ca38ca2b2',
  'community.ally': '0f79a483a1df038c15695c0c17570239227531b73bfc8bc2818a6c398caa2990',
  'community.workshop_inquiry': 'ffffb3c528487c844b032b3c70f3431fca4b93391d84b5c0143540473ff6db4b',
  'community.software_request': '691e8506622029ee50fd53173eeef741ba3f136bb4d0c4093de3f4b4fb587d08',
  'community.newsletter': '30bc2023c963cfe0066f0a20dd9f4228dd52fc97442a71446f280e712e5746dc',
  'community.pqrsf': 'fbcc4c2bdfd77efce26aafd2e1ae8fe87be0053504c00437330079504f1c323a',
  'account.registration': '7f9d9f2c6aa69e3df55f1cb2b02268626275a856cb6df9bb21ee3dc1d69c2c48',
};

describe('the site’s consent forms, composed from the domains’ declarations (#27)', () => {
  it('keeps version 1’s text of every form, byte for byte, as its proofs hash it', () => {
    const v1 = privacyVersionOf('1')!;
    expect(Object.fromEntries(siteConsentForms.map((f) => [f.form, sha256(v1.authorization(f))]))).toEqual(version1);
    const text = (name: string) => v1.authorization(siteConsentForms.find((f) => f.form === name)!);
    expect(text('courses.enrolment')).toBe(
      'Autorizo a Fundación Tejiendo Futuro a tratar mis datos personales para gestionar mi inscripción, el pago del curso, mi acceso a las clases y mi certificado, según su Política de privacidad. Sé que puedo conocer, actualizar, rectificar y suprimir mis datos y revocar esta autorización.',
    );
    expect(text('community.pqrsf')).toBe(
      'Fundación Tejiendo Futuro tratará tus datos personales para tramitar y responder mi petición, queja, reclamo, sugerencia o felicitación, según su Política de privacidad. Puedes conocer, actualizar, rectificar y suprimir tus datos.',
    );
  });

  it('gives every form its own authorization text per version, naming the foundation and the policy', () => {
    for (const version of privacyPolicyVersions) {
      const texts = siteConsentForms.map((f) => version.authorization(f));
      expect(new Set(texts).size).toBe(siteConsentForms.length);
      for (const text of texts) expect(text).toMatch(/Fundación Tejiendo Futuro .*Política de privacidad/);
    }
  });

  it('is what the server manifests declare, each form once, and only a PQRSF informs instead of asking', () => {
    expect(siteManifests.flatMap((m) => m.consentForms ?? [])).toEqual(siteConsentForms);
    const names = siteConsentForms.map((f) => f.form);
    expect(new Set(names).size).toBe(names.length);
    expect(siteConsentForms.filter((f) => f.basis === 'legal_duty').map((f) => f.form)).toEqual(['community.pqrsf']);
    for (const f of siteConsentForms) expect(f.label).not.toBe('');
  });

  it('names every form by its label in a person’s copy of their proofs', () => {
    const consents = siteDomains.personalData.registry.tables.find((t) => t.table === 'privacy.consents');
    expect(consents?.columns.form?.values).toEqual(Object.fromEntries(siteConsentForms.map((f) => [f.form, f.label])));
    expect(consents?.columns.form?.values?.['account.registration']).toBe('Creación de cuenta');
  });
});

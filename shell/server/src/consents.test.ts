import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { consentTexts, currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from './app';
import { siteConsentForms } from '../../../site/consent-forms';
import { testGateway } from './testing';

/** A form's declaration, as its domain makes it (remote-<domain>/manifest/consent.ts), from the site's composition. */
const declared = (form: string) => {
  const declaration = siteConsentForms.find((f) => f.form === form);
  if (!declaration) throw new Error(`No domain declares the consent form ${form}.`);
  return declaration;
};

/** Every form that stores personal data, a valid body without its authorization, the table it writes and the proof's form. */
const forms: Array<{ url: string; body: Record<string, unknown>; table: string; form: string; box?: 'has_terms' | 'none' }> = [
  {
    url: '/api/community/volunteers',
    table: 'community.volunteers',
    form: 'community.volunteer',
    body: {
      volunteer_name: 'Ana',
      volunteer_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
      age: '27',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: '3001234567',
      email: 'consent.voluntaria@example.com',
      purposes: 'Enseñar.',
      activities: 'Tutorías.',
    },
  },
  {
    url: '/api/community/allies',
    table: 'community.allies',
    form: 'community.ally',
    body: {
      corporation_name: 'Tejidos Andinos S.A.S.',
      corp_phone_number: '6015551234',
      representative_name: 'Carlos',
      representative_lastname: 'Gómez',
      id_type: 'Cédula de ciudadanía',
      id_number: '79123456',
      email: 'consent.aliado@example.com',
      rep_phone_number: '3109876543',
    },
  },
  {
    url: '/api/community/arte-de-amarte/consulta',
    table: 'community.workshop_inquiries',
    form: 'community.workshop_inquiry',
    body: {
      full_name: 'Marta Ruiz',
      phone_number: '3201234567',
      email: 'consent.taller@example.com',
      guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
      comments_query: '¿Pueden venir al colegio?',
    },
  },
  {
    url: '/api/community/custom-software',
    table: 'community.software_requests',
    form: 'community.software_request',
    body: { email: 'consent.software@example.com', phone_number: '+57 300 123 4567', full_name: 'Pedro Ortiz' },
  },
  {
    url: '/api/community/newsletter/subscribe',
    table: 'community.newsletter_subscriptions',
    form: 'community.newsletter',
    body: { email: 'consent.boletin@example.com' },
  },
  {
    url: '/api/giving/contributions',
    table: 'giving.contributions',
    form: 'giving.donation',
    body: {
      donation_amount: '50000',
      contributor_name: 'Camila',
      contributor_lastname: 'Rojas',
      id_type: 'Cédula de ciudadanía',
      id_number: '52123456',
      email: 'consent.donante@example.com',
      phone_number: '3105550000',
    },
  },
  {
    url: '/api/courses/leads',
    table: 'courses.enrolments',
    form: 'courses.enrolment',
    box: 'has_terms',
    body: { ...sampleEnrolment, has_terms: undefined, email: 'consent.estudiante@example.com' },
  },
];

/** What a public POST might add to pass its proof for one the team collected offline (a manual enrolment's channel). */
const forgedChannel = { channel: 'written', data_authorization_channel: 'recorded_call' };

describe('consent with proof on every form (#15)', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await testGateway({ writeLimit: { max: 1000, timeWindow: 60_000 } }, {}, { payments: new FakePaymentProvider() });
  });
  afterAll(async () => gw.app.close());

  const post = (url: string, payload: Record<string, unknown>) => gw.app.inject({ method: 'POST', url, payload });
  const rowsOf = async (table: string, email: string) =>
    (
      await gw.database.db
        .selectFrom(table as 'community.volunteers')
        .selectAll()
        .execute()
    ).filter((r) => (r as { email?: string }).email === email);
  const proofsOf = (email: string) =>
    gw.database.db.selectFrom('privacy.consents').selectAll().where('subject_email', '=', email).execute();

  it.each(forms)(
    '$url: refused without the authorization, nothing stored; with it, the proof names the version and the text',
    async (f) => {
      const email = String(f.body.email);
      const box = f.box === 'has_terms' ? 'has_terms' : 'data_authorization';
      for (const missing of [{}, { [box]: false }]) {
        const refused = await post(f.url, { ...f.body, ...missing });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ fields: { [box]: expect.stringMatching(/^Debes/) } });
      }
      expect(await rowsOf(f.table, email)).toEqual([]);
      expect(await proofsOf(email)).toEqual([]);

      const unknown = await post(f.url, { ...f.body, [box]: true, privacy_policy_version: '0' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ fields: { privacy_policy_version: consentTexts.versionUnknown } });

      // A visitor cannot pass for the team's offline proof (a manual enrolment's channel): extra keys are dropped.
      const accepted = await post(f.url, { ...f.body, [box]: true, privacy_policy_version: currentPrivacyPolicy.id, ...forgedChannel });
      expect(accepted.statusCode).toBe(201);
      const [row] = await rowsOf(f.table, email);
      expect(row).toBeDefined();
      const proofs = await proofsOf(email);
      expect(proofs).toHaveLength(1);
      const shown = currentPrivacyPolicy.authorization(declared(f.form));
      expect(proofs[0]).toMatchObject({
        form: f.form,
        record_table: f.table,
        policy_version: currentPrivacyPolicy.id,
        text_sha256: createHash('sha256').update(shown).digest('hex'),
        basis: 'consent',
        channel: 'site',
      });
      const r = row as { id?: number | string; reference?: string };
      expect(proofs[0]!.record_ref).toBe(
        String(f.table === 'courses.enrolments' || f.table === 'giving.contributions' ? r.reference : r.id),
      );
    },
  );

  it('the registration form keeps its proof before the account exists (the browser creates it in the identity provider)', async () => {
    const email = 'consent.registro@example.com';
    for (const missing of [{}, { data_authorization: false }]) {
      const refused = await post('/api/account/registration-consent', { email, ...missing });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { data_authorization: expect.stringMatching(/^Debes/) } });
    }
    expect(await proofsOf(email)).toEqual([]);
    const accepted = await post('/api/account/registration-consent', {
      email: ' Consent.Registro@Example.com ',
      data_authorization: true,
      ...forgedChannel,
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ recorded: true });
    const [proof] = await proofsOf(email);
    expect(proof).toMatchObject({
      form: 'account.registration',
      record_table: 'identity.accounts',
      record_ref: email,
      policy_version: currentPrivacyPolicy.id,
      text_sha256: createHash('sha256')
        .update(currentPrivacyPolicy.authorization(declared('account.registration')))
        .digest('hex'),
      basis: 'consent',
      channel: 'site',
    });
  });

  it('a PQRSF informs (a petition needs no authorization) and keeps the proof of the notice with its radicado', async () => {
    const res = await post('/api/community/pqrsf', {
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      phone_number: '3151112233',
      email: 'consent.pqrsf@example.com',
      request_type: 'Queja',
      reviews: 'La clase del martes no tuvo grabación.',
      ...forgedChannel,
    });
    expect(res.statusCode).toBe(201);
    const radicado = (res.json() as { id: string }).id;
    expect(await proofsOf('consent.pqrsf@example.com')).toEqual([
      expect.objectContaining({
        form: 'community.pqrsf',
        record_ref: radicado,
        text_sha256: createHash('sha256')
          .update(currentPrivacyPolicy.authorization(declared('community.pqrsf')))
          .digest('hex'),
        basis: 'legal_duty',
        channel: 'site',
        policy_version: currentPrivacyPolicy.id,
      }),
    ]);
  });
});

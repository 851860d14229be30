import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Transporter } from 'nodemailer';
import { site } from 'shared/foundation/site';
import type { Certificate, CertificateListResponse, CertificateResponse } from '../schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { readPdfText } from 'shared/server/pdf/testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { donationCertificatePdf } from './pdf';
import { givingApi } from '../../../server/index';

const donor = {
  data_authorization: true,
  contributor_name: 'Ramón',
  contributor_lastname: 'Gutiérrez Ávila',
  id_type: 'Cédula de ciudadanía',
  id_number: '79.555.123',
  email: 'ramon@example.com',
  phone_number: '3105550000',
};

const lastYear = new Date().getUTCFullYear() - 1;
const pdfText = async (bytes: Uint8Array | Buffer) => (await readPdfText(new Uint8Array(bytes))).map((p) => p.text).join('\n');

/** Donation certificates (#14): the donor's link, the team's issuing, numbering, the annual one, voiding. */
describe('donation certificates', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  let seq = 0;

  const donate = async (over: Record<string, unknown>, amount: number) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: { ...donor, ...over, optional_donation_amount: String(amount) },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ external_reference: string }>().external_reference;
  };
  const report = async (reference: string, amount: number, status: string, paymentId = String(9000 + ++seq)) => {
    provider.pay(paymentId, reference, status, { transaction_amount: amount, payment_type_id: 'credit_card' });
    const requestId = `cert-${++seq}`;
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/giving/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(res.statusCode).toBe(200);
    return paymentId;
  };
  /** The certificate link of the receipt e-mail sent to `to` (the last one). */
  const linkIn = async (to: string) => {
    const mail = (await api.mailer.list(1000)).filter((m) => m.to === to).at(-1);
    const match = /\/api\/giving\/certificates\/[^\s"<>]+/.exec(mail?.text ?? '');
    expect(match).not.toBeNull();
    return match![0];
  };
  const staffPost = (url: string, payload?: Record<string, unknown>) =>
    api.app.inject({ method: 'POST', url, headers: asStaff, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    api = await testApi(givingApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  it('mails the donor a personal link that serves a certificate with every item the tax rules ask for, numbered once', async () => {
    const reference = await donate({}, 150_000);
    await report(reference, 150_000, 'approved');
    const link = await linkIn('ramon@example.com');
    expect(link).toContain(reference);

    const res = await api.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const year = new Date(Date.now() - 5 * 3600_000).getUTCFullYear();
    expect(res.headers['content-disposition']).toContain(`certificado-donacion-CD-${year}-000001.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const item of [
      'CERTIFICADO DE DONACIÓN',
      `No. CD-${year}-000001`,
      site.name,
      'NIT',
      site.legalNature,
      'Ramón Gutiérrez Ávila',
      'Cédula de ciudadanía 79.555.123',
      'Fecha de la donación',
      '$ 150.000 COP',
      'Forma de pago',
      'tarjeta de crédito',
      'Destinación',
      'Representante legal',
      'Revisor fiscal',
      'Expedido en',
      // Outside production every certificate is a specimen, and pending foundation data is said, never made up.
      'ESPÉCIMEN',
    ])
      expect(text).toContain(item);
    expect(text).not.toContain('undefined');

    // The same link again: the same certificate, not a new number.
    const again = await api.app.inject({ method: 'GET', url: link });
    expect(again.headers['content-disposition']).toContain(`CD-${year}-000001`);
    const numbered = await api.db.selectFrom('giving.certificates').select(['number', 'issued_by']).execute();
    expect(numbered).toEqual([{ number: `CD-${year}-000001`, issued_by: 'enlace del donante' }]);
  });

  it('answers a tampered, borrowed or expired link with the same Spanish 404 and issues nothing', async () => {
    const mine = await donate({ email: 'otra@example.com' }, 20_000);
    await report(mine, 20_000, 'approved');
    const link = await linkIn('otra@example.com');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const other = await donate({ email: 'tercera@example.com' }, 30_000);
    await report(other, 30_000, 'approved');
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const url of [
      `/api/giving/certificates/${mine}?token=${tampered}`,
      // A valid token names only its own donation.
      `/api/giving/certificates/${other}?token=${token}`,
      `/api/giving/certificates/${mine}`,
    ]) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toMatch(/no es válido o ya venció/);
    }
    // Someone who clicked the e-mail's link lands on the donation page, which says why and what to do.
    const clicked = await api.app.inject({
      method: 'GET',
      url: `/api/giving/certificates/${mine}?token=${tampered}`,
      headers: { accept: 'text/html,*/*' },
    });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/contribuciones?certificado=invalido');
    await api.db
      .updateTable('giving.contributions')
      .set({ certificate_token_expires_at: new Date(Date.now() - 1000) })
      .where('reference', '=', mine)
      .execute();
    expect((await api.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const issued = await api.db.selectFrom('giving.certificates').select('contribution_reference').execute();
    expect(issued.map((c) => c.contribution_reference)).not.toContain(mine);
  });

  it('lets the team issue one by one in sequence, never for an unpaid donation, audited', async () => {
    const unpaid = await donate({ email: 'sinpago@example.com' }, 25_000);
    const refused = await staffPost(`/api/giving/staff/certificates/donacion/${unpaid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Solo se expide certificado de una donación con el pago aprobado.' });

    const paid = await donate({ email: 'pagada@example.com' }, 40_000);
    await report(paid, 40_000, 'approved');
    const first = await staffPost(`/api/giving/staff/certificates/donacion/${paid}`);
    expect(first.statusCode).toBe(200);
    const { certificate, created } = first.json<CertificateResponse>();
    expect(created).toBe(true);
    expect(certificate).toMatchObject({ kind: 'donation', reference: paid, amount: 40_000, issuedBy: 'ana@fundacion.org' });
    expect(certificate.number).toMatch(/-000002$/);
    const twice = await staffPost(`/api/giving/staff/certificates/donacion/${paid}`);
    expect(twice.json<CertificateResponse>()).toMatchObject({ created: false, certificate: { number: certificate.number } });
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'giving.certificate.issue').execute();
    expect(audit.map((a) => a.entity_id)).toEqual([certificate.number]);

    const pdf = await api.app.inject({ method: 'GET', url: `/api/giving/staff/certificates/${certificate.number}/pdf`, headers: asStaff });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(certificate.number);
    expect((await api.app.inject({ method: 'GET', url: `/api/giving/staff/certificates/${certificate.number}/pdf` })).statusCode).toBe(401);
    // A visitor's own token opens no team door: not the PDF, the list, nor the batch.
    const visitor = { authorization: `Bearer ${idp.token({ sub: 'v-9', email: 'pagada@example.com' })}` };
    for (const [method, url] of [
      ['GET', `/api/giving/staff/certificates/${certificate.number}/pdf`],
      ['GET', `/api/giving/staff/certificates?anio=${lastYear}`],
      ['POST', `/api/giving/staff/certificates/donacion/${paid}`],
    ] as const) {
      const res = await api.app.inject({ method, url, headers: visitor });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
      expect(res.body).not.toContain('Ramón');
    }
  });

  it("consolidates a donor's finished year (document written either way), in batch, and voids certificates of a refunded donation", async () => {
    const a = await donate({ email: 'anual@example.com', id_number: '1.020.300.400' }, 50_000);
    await report(a, 50_000, 'approved');
    const b = await donate({ email: 'anual@example.com', id_number: '1020300400' }, 70_000);
    const paymentB = await report(b, 70_000, 'approved');
    const c = await donate({ email: 'otro.anual@example.com', id_number: '55.666.777' }, 10_000);
    await report(c, 10_000, 'approved');
    // Someone else typed the same document under another name: that donor's year is held for the team to review.
    const d = await donate(
      { email: 'ajeno@example.com', id_number: '55666777', contributor_name: 'Impostor', contributor_lastname: 'Ajeno' },
      5_000,
    );
    await report(d, 5_000, 'approved');
    for (const [ref, day] of [
      [a, '03-10'],
      [b, '11-20'],
      [c, '06-01'],
      [d, '07-01'],
    ] as const)
      await api.db
        .updateTable('giving.contributions')
        .set({ date_approved: new Date(`${lastYear}-${day}T15:00:00Z`) })
        .where('reference', '=', ref)
        .execute();

    // This year is not over: no annual certificate for it.
    const thisYear = await staffPost('/api/giving/staff/certificates/lote', { anio: lastYear + 1 });
    expect(thisYear.statusCode).toBe(409);
    expect(thisYear.json()).toMatchObject({ message: 'El certificado anual se expide cuando el año terminó.' });

    const one = await staffPost(`/api/giving/staff/certificates/anual/${b}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<CertificateResponse>().certificate).toMatchObject({ kind: 'annual', year: lastYear, amount: 120_000, donations: 2 });
    expect(one.json<CertificateResponse>().certificate.number).toBe(`CD-${lastYear}-000001`);

    const batch = await staffPost('/api/giving/staff/certificates/lote', { anio: lastYear });
    expect(batch.json()).toEqual({ year: lastYear, issued: 0, existing: 1, held: 1 });
    const mixed = await staffPost(`/api/giving/staff/certificates/anual/${c}`);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ message: expect.stringContaining('nombres distintos') });
    const list = await api.app.inject({ method: 'GET', url: `/api/giving/staff/certificates?anio=${lastYear}`, headers: asStaff });
    const listed = list.json<CertificateListResponse>();
    expect(listed.certificates.map((x: Certificate) => x.number)).toEqual([`CD-${lastYear}-000001`]);
    expect(listed).toMatchObject({ approvedDonations: 4, donorsWithoutAnnual: 1, dataComplete: false });

    const annual = await api.app.inject({
      method: 'GET',
      url: `/api/giving/staff/certificates/CD-${lastYear}-000001/pdf`,
      headers: asStaff,
    });
    const text = await pdfText(annual.rawPayload);
    expect(text).toContain(`CERTIFICADO DE DONACIONES — AÑO ${lastYear}`);
    expect(text).toContain('$ 120.000 COP');
    expect(text).toContain(a);
    expect(text).toContain(b);

    // The second donation is refunded: its annual certificate is void and no longer printed.
    await report(b, 70_000, 'refunded', paymentB);
    const voided = await api.app.inject({
      method: 'GET',
      url: `/api/giving/staff/certificates/CD-${lastYear}-000001/pdf`,
      headers: asStaff,
    });
    expect(voided.statusCode).toBe(410);
    expect(voided.json()).toMatchObject({ message: expect.stringContaining('anulado') });
    // The refunded donation's receipt link serves nothing any more; the donor's year can be certified again without it.
    const token = await api.db
      .selectFrom('giving.contributions')
      .select('certificate_token_hash')
      .where('reference', '=', b)
      .executeTakeFirstOrThrow();
    expect(token.certificate_token_hash).toBeNull();
    const again = await staffPost(`/api/giving/staff/certificates/anual/${a}`);
    expect(again.json<CertificateResponse>()).toMatchObject({
      created: true,
      certificate: { amount: 50_000, donations: 1, number: `CD-${lastYear}-000002` },
    });
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'giving.certificate.batch').execute();
    expect(audit.map((x) => x.detail)).toEqual([{ anio: lastYear, expedidos: 0, yaExistian: 1, enRevision: 1 }]);
  });

  describe('a name that is not one (trust boundaries, round two, row 5)', () => {
    const lure = 'URGENTE: su cuenta bancaria fue bloqueada. Reactívela en https://evil.example';
    const refusal = /^No podemos expedir el certificado con el nombre registrado en la donación: .*Escríbenos a \S+@\S+/;
    /** A donation stored before names had a rule: the schema refuses the lure now, so it is written in the table. */
    const legacyName = (reference: string) =>
      api.db.updateTable('giving.contributions').set({ contributor_name: lure }).where('reference', '=', reference).execute();

    it('refuses the lure at the door: 400 on the field, in Spanish, nothing stored', async () => {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/giving/contributions',
        payload: { ...donor, contributor_name: lure, email: 'tercero@example.com', optional_donation_amount: '5000' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { contributor_name: 'El nombre no puede contener números, enlaces ni @.' } });
      const stored = await api.db
        .selectFrom('giving.contributions')
        .select('reference')
        .where('email', '=', 'tercero@example.com')
        .execute();
      expect(stored).toEqual([]);
    });

    it('gives a stored one no certificate link in the receipt, and no certificate from an earlier link or the team', async () => {
      // Stored before the rule, paid after: the receipt says to write to the foundation instead of carrying a link.
      const unpaid = await donate({ email: 'legado@example.com', id_number: '11.222.333' }, 5_000);
      await legacyName(unpaid);
      await report(unpaid, 5_000, 'approved');
      const receipt = (await api.mailer.list(1000)).filter((m) => m.to === 'legado@example.com').at(-1)!;
      expect(receipt.text).not.toMatch(/\/api\/giving\/certificates\//);
      expect(receipt.text).not.toContain('URGENTE');
      expect(receipt.text).toMatch(/escríbenos a \S+@\S+ desde este correo/);

      // Paid (and its link mailed) before the rule, followed after it: a Spanish 409, or the page that explains.
      const paid = await donate({ email: 'legado2@example.com', id_number: '11.222.444' }, 5_000);
      await report(paid, 5_000, 'approved');
      const link = await linkIn('legado2@example.com');
      await legacyName(paid);
      const res = await api.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'name_unprintable', message: expect.stringMatching(refusal) });
      const clicked = await api.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
      expect(clicked.statusCode).toBe(303);
      expect(clicked.headers.location).toBe('/contribuciones?certificado=nombre');
      const team = await staffPost(`/api/giving/staff/certificates/donacion/${paid}`);
      expect(team.statusCode).toBe(409);
      expect(team.json()).toMatchObject({ error: 'name_unprintable', message: expect.stringContaining('no se imprime en un certificado') });
      const issued = await api.db.selectFrom('giving.certificates').select('contribution_reference').execute();
      expect(issued.map((c) => c.contribution_reference)).not.toEqual(expect.arrayContaining([unpaid, paid]));

      // Nor an annual one: the single issuing says why, the batch holds the donor for review.
      await api.db
        .updateTable('giving.contributions')
        .set({ date_approved: new Date(`${lastYear}-09-09T15:00:00Z`) })
        .where('reference', '=', paid)
        .execute();
      const annual = await staffPost(`/api/giving/staff/certificates/anual/${paid}`);
      expect(annual.statusCode).toBe(409);
      expect(annual.json()).toMatchObject({ error: 'name_unprintable' });
    });

    it('does not print again a certificate issued with a name that is not one', async () => {
      const reference = await donate({ email: 'impreso@example.com', id_number: '11.222.555' }, 5_000);
      await report(reference, 5_000, 'approved');
      const link = await linkIn('impreso@example.com');
      expect((await api.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const { number } = await api.db
        .selectFrom('giving.certificates')
        .select('number')
        .where('contribution_reference', '=', reference)
        .executeTakeFirstOrThrow();
      await api.db
        .updateTable('giving.certificates')
        .set({ donor_name: `${lure} Gómez` })
        .where('number', '=', number)
        .execute();
      const again = await api.app.inject({ method: 'GET', url: link });
      expect(again.statusCode).toBe(409);
      expect(again.body).not.toContain('URGENTE');
      const pdf = await api.app.inject({ method: 'GET', url: `/api/giving/staff/certificates/${number}/pdf`, headers: asStaff });
      expect(pdf.statusCode).toBe(409);
      expect(pdf.headers['content-type']).toMatch(/json/);
    });
  });

  it("hands the certificate link only to the donor's mailbox: no answer to the donating browser carries it", async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: { ...donor, email: 'propio@example.com', id_number: '11.222.666', optional_donation_amount: '5000' },
    });
    const { external_reference: reference, claim_secret: claim } = res.json<{ external_reference: string; claim_secret: string }>();
    const paymentId = await report(reference, 5_000, 'approved');
    const status = await api.app.inject({
      method: 'POST',
      url: '/api/giving/payments/status',
      payload: { payment_id: paymentId, external_reference: reference, claim_secret: claim },
    });
    expect(status.statusCode).toBe(200);
    const token = new URL(await linkIn('propio@example.com'), 'http://x').searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const answer of [res, status]) {
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain('/api/giving/certificates/');
    }
  });

  it('prints a real certificate (no specimen mark) only with every foundation value confirmed and in production', async () => {
    const complete = {
      ...site,
      nit: '901.234.567-8',
      certificates: {
        city: 'Tunja, Boyacá',
        destination: 'Becas de formación en desarrollo de software para jóvenes de Boyacá.',
        legalRepresentative: 'Ana María Rojas Peña, C.C. 40.123.456',
        fiscalReviewer: 'Luis Pérez Gómez, T.P. 123456-T',
      },
    };
    const data = {
      number: 'CD-2026-000009',
      kind: 'donation' as const,
      year: 2026,
      donorName: 'Nguyễn Łukasz',
      idType: 'Pasaporte',
      idNumber: 'AB123456',
      donations: [{ reference: 'DON-x', amount: 35_000, approvedAt: new Date('2026-03-05T15:00:00Z'), paymentType: 'bank_transfer' }],
      issuedAt: new Date('2026-03-06T15:00:00Z'),
    };
    const real = await pdfText(await donationCertificatePdf(complete, { ...data, specimen: false }));
    expect(real).not.toContain('ESPÉCIMEN');
    for (const item of [
      'NIT 901.234.567-8',
      'Tunja, Boyacá',
      'Becas de formación',
      'Ana María Rojas Peña',
      'Luis Pérez Gómez',
      'Nguyễn Łukasz',
      '5 de marzo de 2026',
      'transferencia bancaria (PSE)',
    ])
      expect(real).toContain(item);
    expect(await pdfText(await donationCertificatePdf(complete, { ...data, specimen: true }))).toContain('ESPÉCIMEN');
    expect(await pdfText(await donationCertificatePdf(site, { ...data, specimen: false }))).toContain('Dato por confirmar');
  });
});

/** Trust boundaries, round two, row 7: with SMTP the receipt's stored copy loses the link once delivered. */
describe('the receipt sent through SMTP', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const accepted: string[] = [];
  const transport = {
    sendMail: async (m: { text: string; html: string }) => void accepted.push(`${m.text}\n${m.html}`),
  } as unknown as Transporter;
  beforeAll(async () => {
    api = await testApi(givingApi, { payments: provider, mailTransport: transport });
  });
  afterAll(async () => api.close());

  it('reaches the donor with a working certificate link, and keeps no link or token in the outbox', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: { ...donor, email: 'smtp@example.com', optional_donation_amount: '20000' },
    });
    const reference = res.json<{ external_reference: string }>().external_reference;
    provider.pay('9901', reference, 'approved', { transaction_amount: 20_000 });
    const notified = await api.app.inject({
      method: 'POST',
      url: '/api/giving/payments/notifications?data.id=9901&type=payment',
      headers: { 'x-request-id': 'smtp-1', 'x-signature': signNotification('sandbox-webhook-secret', '9901', 'smtp-1') },
      payload: { type: 'payment', data: { id: '9901' } },
    });
    expect(notified.statusCode).toBe(200);
    await api.mailer.flush();

    const link = /\/api\/giving\/certificates\/[^\s"<>]+/.exec(accepted.join('\n'))?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!, 'http://x').searchParams.get('token')!;
    const [row] = await api.db.selectFrom('mail.outbox').selectAll().where('to_address', '=', 'smtp@example.com').execute();
    expect(row?.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.text_body).toContain('Descargar el certificado de donación: [enlace retirado después del envío]');
    // The donor's copy still works.
    const pdf = await api.app.inject({ method: 'GET', url: link! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

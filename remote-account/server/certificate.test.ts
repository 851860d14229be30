import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { pdfFonts, readPdfText, type PdfPageText } from 'shared/server/pdf/testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';
import { enrolmentCertificate, type CertificateData } from '../src/mis-cursos/server/certificate';
import type { AccountDirectory } from '../src/mis-cursos/server/directory';
import { createAccountApi } from './index';

const certificate = (over: Partial<CertificateData>): Promise<Uint8Array> =>
  enrolmentCertificate({
    reference: 'INS-2026-0001',
    fullName: 'Ana María Pérez Gómez',
    idType: 'Cédula de ciudadanía',
    idNumber: '1012345678',
    courseTitle: 'Desarrollo de Software',
    moduleName: 'Fundamentos de Javascript y AWS S3',
    amount: 119900,
    paymentId: '7001',
    paymentDate: new Date('2026-11-20T15:00:00Z'),
    issuedAt: new Date('2026-11-23T15:00:00Z'),
    ...over,
  });

/** The one page's text on one line: a name may wrap anywhere, the reader still reads it in order. */
const flat = (page: PdfPageText) => page.text.replace(/\s+/g, ' ');

async function onePage(pdf: Uint8Array): Promise<PdfPageText> {
  const pages = await readPdfText(pdf);
  expect(pages).toHaveLength(1);
  return pages[0]!;
}

describe('enrolment certificate', () => {
  it.each(['Nguyễn Łukasz', 'Đặng Thị Ngọc Ánh', 'Łódź Żółć'])('prints "%s" as typed, in the embedded Nunito', async (name) => {
    const pdf = await certificate({ fullName: name });
    expect(flat(await onePage(pdf))).toContain(`hace constar que ${name}, identificado(a)`);
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((f) => f.name.replace(/-\d+$/, '')).sort()).toEqual(['Nunito-Bold', 'Nunito-Regular']);
    expect(fonts.every((f) => f.embedded)).toBe(true);
  });

  it('prints one "?" for each character no font has (emoji, other scripts) instead of failing', async () => {
    const pdf = await certificate({ fullName: 'Ana 😀 Łukasz 👨‍👩‍👧 王' });
    expect(flat(await onePage(pdf))).toContain('hace constar que Ana ? Łukasz ? ?, identificado(a)');
  });

  it('keeps the longest name the form accepts, and a long module name, whole and inside the border', async () => {
    // Four parts of 120 characters (the form's maximum), one of them a single word wider than the page.
    const parts = ['Nguyễn'.repeat(20), 'Łódź Żółć '.repeat(12).trim(), 'Đặng Thị Ngọc Ánh '.repeat(7).trim(), 'Ż'.repeat(120)];
    const fullName = parts.join(' ');
    const moduleName = 'Fundamentos de Javascript y AWS S3 '.repeat(6).slice(0, 200).trim();
    const page = await onePage(await certificate({ fullName, moduleName }));

    const squeeze = (s: string) => s.replace(/\s+/g, '');
    expect(squeeze(page.text)).toContain(squeeze(fullName));
    expect(squeeze(page.text)).toContain(squeeze(`Módulo${moduleName}`));
    const border = 24 + 2;
    const footerTop = 62 + 8;
    const footer = page.items.filter((i) => i.y < footerTop);
    expect(footer.map((i) => i.text).join(' ')).toContain('La autenticidad de esta constancia');
    for (const item of page.items) {
      expect(item.x).toBeGreaterThanOrEqual(border);
      expect(item.x + item.width).toBeLessThanOrEqual(page.width - border);
      // Nothing but the two footer lines reaches down to them.
      if (!footer.includes(item)) expect(item.y).toBeGreaterThan(footerTop + 10);
    }
  });

  it('embeds only the glyphs it draws, so the file stays small', async () => {
    // Nunito regular and bold in full would add ~130 KB; subset, a certificate weighs ~12 KB.
    expect((await certificate({ fullName: 'Nguyễn Łukasz' })).length).toBeLessThan(40_000);
  });
});

describe('GET /api/account/enrollments/:id/certificate', () => {
  let gw: Gateway;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  let seq = 8100;
  /** The secret the server config uses for notifications outside production when none is set. */
  const webhookSecret = 'sandbox-webhook-secret';
  // The certificate route never opens accounts: a directory that refuses keeps this test honest about that.
  const directory: AccountDirectory = {
    createUser: () => Promise.reject(new Error('no se esperaba crear cuentas')),
  };

  beforeAll(async () => {
    gw = await testGateway(
      {},
      {},
      { payments: provider, identity: idp.verifier, apiOverrides: { account: createAccountApi({ directory }) } },
    );
  });
  afterAll(async () => gw.app.close());

  /** An enrolment paid through the provider's signed notification: the same path production takes, needing no browser. */
  async function paidEnrolment(studentName: string, lastname: string) {
    const n = ++seq;
    const email = `constancia-${n}@example.com`;
    const enrolled = await gw.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: {
        ...sampleEnrolment,
        student_name: studentName,
        student_name_second: '',
        student_lastname: lastname,
        student_second_lastname: '',
        email,
      },
    });
    expect(enrolled.statusCode).toBe(201);
    const reference = (enrolled.json() as { id: string }).id;
    const paymentId = String(n);
    provider.pay(paymentId, reference, 'approved', { transaction_amount: 119900 });
    const notified = await gw.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': `constancia-${n}`, 'x-signature': signNotification(webhookSecret, paymentId, `constancia-${n}`) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(notified.json()).toMatchObject({ applied: true });
    const download = () =>
      gw.app.inject({
        url: `/api/account/enrollments/${reference}/certificate`,
        headers: { authorization: `Bearer ${idp.token({ email, sub: `sub-${email}`, name: studentName })}` },
      });
    return { reference, download };
  }

  it.each([
    ['Nguyễn', 'Łukasz', 'Nguyễn Łukasz'],
    ['Đặng Thị', 'Ngọc Ánh', 'Đặng Thị Ngọc Ánh'],
  ])('answers 200 application/pdf with "%s %s" on it', async (studentName, lastname, printed) => {
    const { reference, download } = await paidEnrolment(studentName, lastname);
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const page = await onePage(new Uint8Array(res.rawPayload));
    expect(flat(page)).toContain(`hace constar que ${printed}, identificado(a)`);
    expect(flat(page)).toContain(reference);
  });

  it('certifies no name stored before names had a rule that is not one (trust boundaries, round two, row 5)', async () => {
    const { reference, download } = await paidEnrolment('Ana', 'Pérez');
    // The form refuses this now; a row from before keeps it, and the constancia must not certify it.
    await gw.database.db
      .updateTable('courses.enrolments')
      .set({ student_lastname: 'Pérez https://evil.example', full_name: 'Ana Pérez https://evil.example' })
      .where('reference', '=', reference)
      .execute();
    const res = await download();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'name_unprintable',
      message: expect.stringMatching(
        /^No podemos expedir la constancia con el nombre registrado en la inscripción: .*Escríbenos a \S+@\S+/,
      ),
    });
    expect(res.body).not.toContain('evil.example');
  });
});

import { describe, expect, it } from '@jest/globals';
import { courseReceiptMail } from './payments';

/** The receipt e-mail names the payment method and status in words (#31), never the provider's codes. */
describe('course receipt e-mail', () => {
  const enrolment = {
    email: 'jose@example.com',
    course_title: 'Desarrollo de Software',
    module_name: 'Curso completo',
    cohort_start_date: '2026-12-01',
    price: 119900,
    user_sub: 'sub-1',
  };
  const settings = { publicOrigin: 'https://fundacion.example' } as Parameters<typeof courseReceiptMail>[0]['settings'];

  it('says "Tarjeta de crédito" and "Aprobado", with no raw code in its text or HTML', () => {
    const mail = courseReceiptMail({ settings }, enrolment, { id: '7001', status: 'approved', payment_type_id: 'credit_card' });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Tarjeta de crédito');
      expect(body).toContain('Aprobado');
      expect(body).not.toMatch(/credit_card|approved|accredited/);
    }
  });

  it('never shows a code nobody named yet', () => {
    const mail = courseReceiptMail({ settings }, enrolment, { id: '7001', status: 'brand_new', payment_type_id: 'crypto_voucher' });
    expect(mail.text).toContain('Otro medio de pago');
    expect(mail.text).toContain('Otro estado del pago');
    expect(`${mail.text}${mail.html}`).not.toMatch(/brand_new|crypto_voucher/);
  });
});

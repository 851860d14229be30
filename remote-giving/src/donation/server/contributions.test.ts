import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { site } from 'shared/foundation/site';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { givingApi } from '../../../server/index';

const donor = {
  data_authorization: true,
  contributor_name: 'Camila',
  contributor_lastname: 'Rojas',
  id_type: 'Cédula de ciudadanía',
  id_number: '52123456',
  email: 'camila@example.com',
  phone_number: '3105550000',
};

describe('giving API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  beforeAll(async () => {
    // This suite writes far more than a visitor would; the limit itself is tested in shell/server (every write route).
    api = await testApi(givingApi, { payments: provider, settings: { writeLimit: { max: 1000, timeWindow: 60_000 } } });
  });
  afterAll(async () => api.close());

  const donate = (payload: Record<string, unknown>) => api.app.inject({ method: 'POST', url: '/api/giving/contributions', payload });
  const row = (reference: string) =>
    api.db.selectFrom('giving.contributions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const count = async () =>
    Number(
      (
        await api.db
          .selectFrom('giving.contributions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the contributor before the checkout and charges the preset the visitor chose', async () => {
    const res = await donate({ ...donor, donation_amount: '$ 50.000' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { init_point: string; external_reference: string; amount: number };
    expect(body.amount).toBe(50000);
    expect(provider.checkouts.at(-1)!.item).toMatchObject({ unitPrice: 50000, title: 'Donación a Fundación Tejiendo Futuro' });
    expect(provider.checkouts.at(-1)!.backUrls.success).toMatch(/\/success$/);
    expect(await row(body.external_reference)).toMatchObject({
      donation_amount: 50000,
      payment_status: 'processing...',
      email: 'camila@example.com',
    });
  });

  it('charges the custom digits over a preset, and ignores any price the browser adds', async () => {
    const res = await donate({
      ...donor,
      email: 'c2@example.com',
      donation_amount: '20000',
      optional_donation_amount: '75000',
      price: 1,
      unit_price: 1,
    });
    expect((res.json() as { amount: number }).amount).toBe(75000);
    expect(provider.checkouts.at(-1)!.item.unitPrice).toBe(75000);
  });

  it("answers the spec's alerts for no amount, zero and invalid amounts, and refuses 1 peso", async () => {
    for (const [payload, message] of [
      [{}, 'Por favor selecciona un monto de donación.'],
      [{ optional_donation_amount: '0' }, 'Por favor selecciona un monto de donación.'],
      [{ donation_amount: 'mucho' }, 'Monto de donación inválido.'],
    ] as const) {
      const res = await donate({ ...donor, ...payload });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    const one = await donate({ ...donor, optional_donation_amount: '1' });
    expect(one.statusCode).toBe(400);
    expect((one.json() as { message: string }).message).toMatch(/^Monto de donación inválido\./);
  });

  it('validates the contributor form and refuses a filled honeypot without storing', async () => {
    const bad = await donate({ donation_amount: '20000', email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: Record<string, string> }).fields).toMatchObject({
      contributor_name: 'Por favor ingresa tus nombres',
      email: 'Por favor ingresa un correo electrónico válido',
    });
    const before = await count();
    expect((await donate({ ...donor, donation_amount: '20000', website: 'spam' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('pauses donations from one e-mail after five in an hour (card testing)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await donate({ ...donor, email: 'tarjetas@example.com', donation_amount: '20000' })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('applies a signed approval once and sends one receipt with the tax data', async () => {
    const res = await donate({ ...donor, email: 'recibo@example.com', donation_amount: '100000' });
    const reference = (res.json() as { external_reference: string }).external_reference;
    provider.pay('7001', reference, 'approved', { transaction_amount: 100000 });
    for (let i = 0; i < 3; i++) {
      const requestId = `giv-${i}`;
      const notified = await api.app.inject({
        method: 'POST',
        url: '/api/giving/payments/notifications?data.id=7001&type=payment',
        headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', '7001', requestId) },
        payload: { type: 'payment', data: { id: '7001' } },
      });
      expect(notified.statusCode).toBe(200);
    }
    expect(await row(reference)).toMatchObject({ payment_status: 'approved', payment_id: '7001' });
    const box = (await api.mailer.list(1000)).filter((m) => m.to === 'recibo@example.com');
    expect(box).toHaveLength(1);
    // The receipt names the foundation, with its NIT once Administración published it in the panel.
    expect(box[0]!.text).toMatch(/\$ 100\.000[\s\S]*Entidad: Fundación/);
    if (site.nit) expect(box[0]!.text).toContain(`NIT ${site.nit}`);
    const forged = await api.app.inject({
      method: 'POST',
      url: '/api/giving/payments/notifications?data.id=7001&type=payment',
      payload: {},
    });
    expect(forged.statusCode).toBe(401);
  });

  const statusOf = (paymentId: string, reference: string, claim?: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/giving/payments/status',
      payload: { payment_id: paymentId, external_reference: reference, ...(claim === undefined ? {} : { claim_secret: claim }) },
    });

  it('answers the generic result pages with the status read from the provider, only to the browser that donated', async () => {
    const res = await donate({ ...donor, email: 'estado@example.com', donation_amount: '20000' });
    const { external_reference: reference, claim_secret: claim } = res.json() as { external_reference: string; claim_secret: string };
    expect(claim).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Only its hash is kept.
    expect(JSON.stringify(await row(reference))).not.toContain(claim);
    provider.pay('7002', reference, 'rejected', { status_detail: 'cc_rejected_other_reason' });
    const reads = provider.reads;
    for (const wrong of [undefined, 'x'.repeat(32)]) {
      const refused = await statusOf('7002', reference, wrong);
      expect(refused.statusCode).not.toBe(200);
      // No receipt for a stranger: not the amount, the concept, the payment or when it was checked.
      expect(refused.body).not.toMatch(/20000|donation|Donación|7002|rejected|checked_at/);
    }
    expect(provider.reads).toBe(reads);
    const status = await statusOf('7002', reference, claim);
    expect(status.json()).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_other_reason', amount: 20000 });
  });

  it("answers the result pages' receipt: a donation, its amount, number, date, method and when the provider was read", async () => {
    const res = await donate({ ...donor, email: 'recibo@example.com', donation_amount: '$ 50.000' });
    const { external_reference: reference, claim_secret: claim } = res.json() as { external_reference: string; claim_secret: string };
    provider.pay('7004', reference, 'approved', {
      payment_type_id: 'bank_transfer',
      payment_method_id: 'pse',
      date_created: '2026-05-04T10:00:00.000-05:00',
      date_approved: '2026-05-04T10:01:00.000-05:00',
    });
    const before = Date.now();
    const status = await statusOf('7004', reference, claim);
    expect(status.statusCode).toBe(200);
    const body = status.json() as { checked_at: string };
    expect(body).toEqual({
      payment_id: '7004',
      status: 'approved',
      status_detail: 'accredited',
      payment_type: 'bank_transfer',
      payment_method: 'pse',
      external_reference: reference,
      amount: 50000,
      date_created: '2026-05-04T10:00:00.000-05:00',
      date_approved: '2026-05-04T10:01:00.000-05:00',
      checked_at: expect.any(String),
      concept: 'donation',
      title: 'Donación a Fundación Tejiendo Futuro',
    });
    expect(Date.parse(body.checked_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.checked_at)).toBeLessThanOrEqual(Date.now());
    // Nothing of the donor leaves the server in it.
    expect(status.body).not.toMatch(/recibo@example\.com|Camila|52123456/);
  });

  it('#11 row 13: a forged custom amount is refused, never reinterpreted', async () => {
    const before = provider.checkouts.length;
    for (const forged of ['5000.5', '-50000', '50.000', '1e5']) {
      const res = await donate({ ...donor, email: 'forjado@example.com', optional_donation_amount: forged });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields.optional_donation_amount).toBe('Monto de donación inválido.');
    }
    expect(provider.checkouts.length).toBe(before);
  });

  it('#11 row 7: a donation paid with another amount is not approved and no receipt goes out', async () => {
    const res = await donate({ ...donor, email: 'otro-monto@example.com', donation_amount: '50000' });
    const { external_reference: reference, claim_secret: claim } = res.json() as { external_reference: string; claim_secret: string };
    provider.pay('7003', reference, 'approved', { transaction_amount: 5000 });
    const checked = await statusOf('7003', reference, claim);
    expect([checked.statusCode, checked.body]).toEqual([409, expect.stringContaining('No pudimos confirmar')]);
    expect(await row(reference)).toMatchObject({ payment_status: 'processing...', receipt_sent_at: null });
    const box = (await api.mailer.list(1000)).filter((m) => m.to === 'otro-monto@example.com');
    expect(box).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DonationListResponse, DonationRecordResponse, DonationTotalsResponse } from '../schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { givingApi } from '../../../server/index';

const donor = {
  data_authorization: true,
  contributor_name: 'Ramón',
  contributor_lastname: 'Gutiérrez',
  id_type: 'Cédula de ciudadanía',
  id_number: '79.555.123',
  email: 'ramon@example.com',
  phone_number: '3105550000',
};

/** The staff's ledger of donations (#14): totals by Bogotá month and year, search, one donation, CSV. */
describe('donations ledger API', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  const refs = { december: '', january: '', unpaid: '' };
  let seq = 0;

  const donate = async (over: Record<string, unknown>, amount: number) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: { ...donor, ...over, optional_donation_amount: String(amount) },
    });
    expect(res.json()).toMatchObject({ external_reference: expect.any(String) });
    return res.json<{ external_reference: string }>().external_reference;
  };
  const approve = async (reference: string, amount: number, approvedAt: string) => {
    const id = String(8000 + ++seq);
    provider.pay(id, reference, 'approved', { transaction_amount: amount });
    const requestId = `don-${seq}`;
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/giving/payments/notifications?data.id=${id}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', id, requestId) },
      payload: { type: 'payment', data: { id } },
    });
    expect(res.statusCode).toBe(200);
    // The approval instant the test needs (the provider's is now).
    await api.db
      .updateTable('giving.contributions')
      .set({ date_approved: new Date(approvedAt) })
      .where('reference', '=', reference)
      .execute();
  };
  const get = (url: string, headers: Record<string, string> = asStaff) => api.app.inject({ method: 'GET', url, headers });
  const list = async (payload: Record<string, unknown>) => {
    const res = await api.app.inject({ method: 'POST', url: '/api/giving/staff/donations/lista', payload, headers: asStaff });
    expect(res.statusCode).toBe(200);
    return res.json<DonationListResponse>();
  };

  beforeAll(async () => {
    api = await testApi(givingApi, {
      payments: provider,
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    refs.december = await donate({}, 50_000);
    // 23:30 on 31 December in Bogotá is already 1 January in UTC: it belongs to December.
    await approve(refs.december, 50_000, '2025-12-31T23:30:00-05:00');
    refs.january = await donate(
      { contributor_name: 'Lucía', contributor_lastname: 'Peña', email: 'lucia@example.com', id_number: '41000111' },
      120_000,
    );
    await approve(refs.january, 120_000, '2026-01-15T10:00:00-05:00');
    refs.unpaid = await donate({ contributor_name: 'Pedro', email: 'pedro@example.com', id_number: '10002000' }, 20_000);
  });
  afterAll(async () => api.close());

  it('is for the team only', async () => {
    expect((await get('/api/giving/staff/donations/totales', {})).statusCode).toBe(401);
    const visitor = idp.token({ sub: 'v-1', email: 'v@example.com' });
    const res = await get(`/api/giving/staff/donations/${refs.january}`, { authorization: `Bearer ${visitor}` });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Peña');
  });

  it('adds up approved donations by the Bogotá month and year of their approval, never the unpaid ones', async () => {
    const res = await get('/api/giving/staff/donations/totales');
    expect(res.statusCode).toBe(200);
    expect(res.json<DonationTotalsResponse>()).toEqual({
      months: [
        { month: '2026-01', count: 1, amount: 120_000 },
        { month: '2025-12', count: 1, amount: 50_000 },
      ],
      years: [
        { year: '2026', count: 1, amount: 120_000 },
        { year: '2025', count: 1, amount: 50_000 },
      ],
    });
    const ranged = await get('/api/giving/staff/donations/totales?desde=2026-01-01&hasta=2026-12-31');
    expect(ranged.json<DonationTotalsResponse>().years).toEqual([{ year: '2026', count: 1, amount: 120_000 }]);
    const backwards = await get('/api/giving/staff/donations/totales?desde=2026-02-01&hasta=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fields: { hasta: 'La fecha inicial debe ser anterior o igual a la final.' } });
  });

  it('lists newest first with the total, filters by payment status and finds a donor without accents or dots', async () => {
    const all = await list({});
    expect(all.items.map((i) => i.reference)).toEqual([refs.unpaid, refs.january, refs.december]);
    expect(all.total).toBe(3);
    expect((await list({ pago: 'approved' })).items.map((i) => i.reference)).toEqual([refs.january, refs.december]);
    expect((await list({ q: 'lucia pena' })).items.map((i) => i.reference)).toEqual([refs.january]);
    expect((await list({ q: '79555123' })).items.map((i) => i.reference)).toEqual([refs.december]);
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ desde: today, hasta: today })).total).toBe(3);
    expect((await list({ hasta: '2020-01-01' })).total).toBe(0);
    const page = await list({ limit: 2 });
    expect((await list({ limit: 2, cursor: page.nextCursor })).items.map((i) => i.reference)).toEqual([refs.december]);
  });

  it('shows one donation with its payment history; an unknown reference is a Spanish 404', async () => {
    const res = await get(`/api/giving/staff/donations/${refs.january}`);
    expect(res.statusCode).toBe(200);
    const record = res.json<DonationRecordResponse>();
    expect(record).toMatchObject({ amount: 120_000, donor: { name: 'Lucía', lastname: 'Peña' }, payment: { status: 'approved' } });
    expect(record.history).toEqual([expect.objectContaining({ status: 'approved', source: 'notification' })]);
    const missing = await get('/api/giving/staff/donations/DON-nadie');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No encontramos esa donación. Puede que el enlace esté incompleto.' });
  });

  it('exports approved donations as CSV, audited with the filter and row count', async () => {
    const res = await get('/api/giving/staff/donations/exportar?pago=approved');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/donaciones-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    // #31: the method and status in words, never the provider's codes.
    expect(lines[1]).toContain('"Tarjeta de crédito"');
    expect(res.body).not.toMatch(/credit_card|accredited|"approved"/);
    expect(res.body).not.toContain('pedro@example.com');
    const audit = await api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', 'giving.export').execute();
    expect(audit.map((a) => a.detail)).toEqual([{ filtro: { pago: 'approved' }, filas: 2 }]);
  });
});

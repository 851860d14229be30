// The staff's side of monthly giving (#29) against the payments stand-in (monthly-testing.ts, shared with the donor's
// side): the ledger by state, the monthly recurring revenue and churn of a constructed history, one gift's page, and
// pausing, resuming and cancelling a gift for its donor (the provider first, a reason in the audit log), the CSV.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { PaymentProviderError } from 'shared/server/payments/provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { MonthlyListResponse, MonthlyMetricsResponse, MonthlyRecordResponse } from '../staff-schemas';
import { startMonthlyStandIn, type MonthlyStandIn } from './monthly-testing';

describe('monthly gifts in the panel (finanzas)', () => {
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  staff.seat({ username: 'pedro@fundacion.org', roles: ['cursos'] });
  const asAna = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  const asPedro = { authorization: `Bearer ${staffToken(idp, { email: 'pedro@fundacion.org' })}` };
  let standIn: MonthlyStandIn;
  const gifts = { active: '', toPause: '', pending: '', failing: '' };
  const preapprovals = { toPause: '', failing: '' };

  const get = (url: string, headers: Record<string, string> = asAna) => standIn.api.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = asAna) =>
    standIn.api.app.inject({ method: 'POST', url, payload, headers });
  const list = async (payload: Record<string, unknown>) => {
    const res = await post('/api/giving/staff/monthly/lista', payload);
    expect(res.statusCode).toBe(200);
    return res.json<MonthlyListResponse>();
  };
  const row = (reference: string) =>
    standIn.api.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const providerStatus = (id: string) => standIn.sandbox.sandbox.subscriptions().find((p) => p.id === id)?.status;
  const audit = (action: string) =>
    standIn.api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    standIn = await startMonthlyStandIn({ identity: idp.verifier, staff });
    gifts.active = (
      await standIn.startAuthorized('lucia@example.com', 30_000, {
        contributor_name: 'Lucía',
        contributor_lastname: 'Peña',
        id_number: '41.000.111',
      })
    ).reference;
    const toPause = await standIn.startAuthorized('pausa@example.com', 20_000, { contributor_name: 'Mario' });
    gifts.toPause = toPause.reference;
    preapprovals.toPause = toPause.preapprovalId;
    const pending = await standIn.start({ ...pendingDonor, optional_donation_amount: '10000' });
    gifts.pending = pending.json<{ reference: string }>().reference;
    const failing = await standIn.startAuthorized('fallida@example.com', 15_000, { contributor_name: 'Rosa' });
    gifts.failing = failing.reference;
    preapprovals.failing = failing.preapprovalId;
    // A month later: every live gift charged again, Rosa's bank rejects hers (the provider retries it).
    standIn.sandbox.sandbox.subscriptionEngine.setNextCharges(failing.preapprovalId, { outcomes: ['rejected', 'rejected', 'rejected'] });
    await standIn.advance(31);
  });
  afterAll(async () => standIn.close());

  it('is for finanzas only: no token 401, another role 403 without any donor data', async () => {
    expect((await standIn.api.app.inject({ method: 'POST', url: '/api/giving/staff/monthly/lista', payload: {} })).statusCode).toBe(401);
    const refused = await get(`/api/giving/staff/monthly/${gifts.active}`, asPedro);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Peña');
    expect((await post('/api/giving/staff/monthly/lista', {}, asPedro)).statusCode).toBe(403);
    expect((await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason: 'El donante lo pidió' }, asPedro)).statusCode).toBe(
      403,
    );
    expect(providerStatus(preapprovals.toPause)).toBe('authorized');
  });

  it('lists newest first with the total, by state (active, failing, pending) and a search without accents or dots', async () => {
    const all = await list({});
    expect(all.items.map((i) => i.reference)).toEqual([gifts.failing, gifts.pending, gifts.toPause, gifts.active]);
    expect(all.total).toBe(4);
    expect((await list({ estado: 'active' })).items.map((i) => i.reference)).toEqual([gifts.toPause, gifts.active]);
    expect((await list({ estado: 'failing' })).items.map((i) => i.reference)).toEqual([gifts.failing]);
    expect((await list({ estado: 'pending' })).items.map((i) => i.reference)).toEqual([gifts.pending]);
    expect((await list({ estado: 'cancelled' })).total).toBe(0);
    expect((await list({ q: 'lucia pena' })).items.map((i) => i.reference)).toEqual([gifts.active]);
    expect((await list({ q: '41000111' })).items.map((i) => i.reference)).toEqual([gifts.active]);
    const lucia = all.items.find((i) => i.reference === gifts.active)!;
    // Two monthly charges approved: the first at authorization and a month later.
    expect(lucia).toMatchObject({ amount: 30_000, state: 'active', charges: 2, approvedTotal: 60_000, name: 'Lucía Peña' });
    expect(lucia.nextPaymentDate).not.toBeNull();
    expect(all.items.find((i) => i.reference === gifts.failing)).toMatchObject({ state: 'failing', charges: 1, approvedTotal: 15_000 });
    expect(all.items.find((i) => i.reference === gifts.pending)).toMatchObject({ state: 'pending', charges: 0, nextPaymentDate: null });
    const page = await list({ limit: 3 });
    expect((await list({ limit: 3, cursor: page.nextCursor })).items.map((i) => i.reference)).toEqual([gifts.active]);
    expect((await post('/api/giving/staff/monthly/lista', { estado: 'otro' })).statusCode).toBe(400);
    // Each page read is in the audit log, with the filters' names only.
    const reads = await audit('giving.monthly.read');
    expect(reads.at(-1)?.detail).toEqual({ rows: 1, filters: ['cursor', 'limit'] });
  });

  it('shows one gift with its donor, charges (each a donation), the notices sent and the card; unknown is a Spanish 404', async () => {
    const res = await get(`/api/giving/staff/monthly/${gifts.failing}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const gift = res.json<MonthlyRecordResponse>();
    expect(gift).toMatchObject({ amount: 15_000, state: 'failing', donor: { name: 'Rosa', email: 'fallida@example.com' } });
    expect(gift.charges).toHaveLength(1);
    expect(gift.charges[0]).toMatchObject({ amount: 15_000, paymentStatus: 'approved', reference: expect.stringMatching(/^DON-/) });
    expect(gift.notices).toEqual([expect.objectContaining({ kind: 'rejected' })]);
    expect(gift.authorizedAt).not.toBeNull();
    const missing = await get('/api/giving/staff/monthly/MEN-nadie');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No encontramos esa donación mensual. Puede que el enlace esté incompleto.' });
  });

  it('refuses a pause without a reason of at least 10 characters (400), and changes nothing', async () => {
    const none = await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fields: { reason: 'Escribe el motivo (al menos 10 caracteres): queda en la auditoría.' } });
    expect((await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason: '   corto   ' })).statusCode).toBe(400);
    expect(providerStatus(preapprovals.toPause)).toBe('authorized');
    expect(await audit('giving.monthly.pause')).toEqual([]);
  });

  it('answers 503 in Spanish when the provider does not answer, and the gift stays as it was', async () => {
    const working = standIn.api.ctx.subscriptions;
    standIn.api.ctx.subscriptions = { ...working, updateSubscription: () => Promise.reject(new Error('caído')) };
    try {
      const res = await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason: 'El donante llamó a pedir una pausa' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'No pudimos comunicarnos con Mercado Pago: la donación mensual no cambió. Intenta de nuevo en unos minutos.',
      });
    } finally {
      standIn.api.ctx.subscriptions = working;
    }
    expect((await row(gifts.toPause)).status).toBe('authorized');
    expect(await audit('giving.monthly.pause')).toEqual([]);
  });

  it('answers 409 when the provider refuses the change for the gift’s state', async () => {
    const working = standIn.api.ctx.subscriptions;
    standIn.api.ctx.subscriptions = {
      ...working,
      updateSubscription: () => Promise.reject(new PaymentProviderError('invalid status', 400)),
    };
    try {
      const res = await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason: 'El donante llamó a pedir una pausa' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('Mercado Pago no aceptó el cambio') });
    } finally {
      standIn.api.ctx.subscriptions = working;
    }
    expect(await audit('giving.monthly.pause')).toEqual([]);
  });

  it('pauses at the provider first, mirrors it, and audits the reason; then resumes it the same way', async () => {
    const reason = 'El donante llamó: se quedó sin empleo este mes';
    const res = await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json<MonthlyRecordResponse>()).toMatchObject({ state: 'paused', nextPaymentDate: null, pausedAt: expect.any(String) });
    expect(providerStatus(preapprovals.toPause)).toBe('paused');
    expect(await row(gifts.toPause)).toMatchObject({ status: 'paused' });
    const paused = await audit('giving.monthly.pause');
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({
      actor_email: 'ana@fundacion.org',
      entity: 'monthly_gift',
      entity_id: gifts.toPause,
      detail: { motivo: reason, estado: 'paused' },
    });
    expect((await list({ estado: 'paused' })).items.map((i) => i.reference)).toEqual([gifts.toPause]);
    // Paused is not active: pausing again is refused before asking the provider.
    expect((await post(`/api/giving/staff/monthly/${gifts.toPause}/pausar`, { reason })).statusCode).toBe(409);

    const resumed = await post(`/api/giving/staff/monthly/${gifts.toPause}/reanudar`, { reason: 'El donante pidió retomarla' });
    expect(resumed.statusCode).toBe(200);
    const gift = resumed.json<MonthlyRecordResponse>();
    expect(gift).toMatchObject({ state: 'active', pausedAt: null });
    expect(providerStatus(preapprovals.toPause)).toBe('authorized');
    expect(gift.actions.map((a) => [a.kind, a.by, a.reason])).toEqual([
      ['resume', 'ana@fundacion.org', 'El donante pidió retomarla'],
      ['pause', 'ana@fundacion.org', reason],
    ]);
  });

  it('cancels only with the confirmation, for good at the provider, and e-mails the donor that the foundation did it at their request', async () => {
    const url = `/api/giving/staff/monthly/${gifts.toPause}/cancelar`;
    const reason = 'El donante escribió pidiendo cancelar (caso 123)';
    const unconfirmed = await post(url, { reason });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ fields: { confirm: expect.stringContaining('Confirma que el donante pidió cancelar') } });
    expect((await post(url, { confirm: true })).statusCode).toBe(400);
    expect(providerStatus(preapprovals.toPause)).toBe('authorized');

    const res = await post(url, { reason, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<MonthlyRecordResponse>()).toMatchObject({ state: 'cancelled', cancelledBy: 'equipo', cancelledAt: expect.any(String) });
    expect(providerStatus(preapprovals.toPause)).toBe('cancelled');
    await standIn.settle();
    const mails = await standIn.mails('pausa@example.com');
    const mail = mails.find((m) => m.subject.startsWith('Cancelamos tu donación mensual a tu solicitud'));
    expect(mail?.text).toContain('Como nos lo pediste');
    expect(mail?.text).toContain('Mercado Pago no hará más cobros a tu tarjeta');
    // Not the provider's own cancellation notice: the team's e-mail is the one.
    expect(await standIn.subjectCount('pausa@example.com', 'Tu donación mensual se canceló')).toBe(0);
    expect((await audit('giving.monthly.cancel')).map((a) => a.detail)).toEqual([{ motivo: reason, estado: 'cancelled' }]);
    expect((await post(url, { reason, confirm: true })).statusCode).toBe(409);
    expect((await list({ estado: 'cancelled' })).items.map((i) => i.reference)).toEqual([gifts.toPause]);
  });

  it('exports the filter as CSV with its headers, audited with the filter and the row count', async () => {
    const res = await get('/api/giving/staff/monthly/exportar?estado=active');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/donaciones-mensuales-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').map((h) => h.replace(/^"|"$/g, ''))).toEqual([
      'Referencia',
      'Fecha de inicio',
      'Nombres',
      'Apellidos',
      'Tipo de documento',
      'Número de documento',
      'Correo electrónico',
      'Teléfono',
      'Valor mensual (COP)',
      'Estado',
      'Próximo cobro',
      'Cobros',
      'Total aprobado (COP)',
      'Autorizada el',
      'Cancelada el',
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(gifts.active);
    expect(lines[1]).toContain('"Activa"');
    expect(lines[1]).toContain('"Lucía"');
    expect(res.body).not.toContain('fallida@example.com');
    expect((await audit('giving.monthly.export')).map((a) => a.detail)).toEqual([{ filtro: { estado: 'active' }, filas: 1 }]);
  });

  it('adds up monthly recurring revenue, active, new and cancelled gifts and churn per Bogotá month of a known history', async () => {
    const gift = (over: Record<string, unknown>) =>
      standIn.api.db
        .insertInto('giving.subscriptions')
        .values({
          reference: `MEN-h${randomBytes(6).toString('hex')}`,
          contributor_name: 'Historia',
          contributor_lastname: 'Prueba',
          id_type: 'Cédula de ciudadanía',
          id_number: '1000',
          email: 'historia@example.com',
          phone_number: '3000000000',
          amount: 0,
          manage_token_hash: randomBytes(16).toString('hex'),
          created_at: new Date('2023-12-01T12:00:00-05:00'),
          ...over,
        })
        .execute();
    await gift({ amount: 10_000, status: 'authorized', authorized_at: new Date('2024-01-10T10:00:00-05:00') });
    // 23:30 on 31 January in Bogotá is already February in UTC: it starts in January.
    await gift({
      amount: 20_000,
      status: 'cancelled',
      authorized_at: new Date('2024-01-31T23:30:00-05:00'),
      cancelled_at: new Date('2024-03-15T09:00:00-05:00'),
    });
    await gift({
      amount: 50_000,
      status: 'paused',
      authorized_at: new Date('2024-02-05T09:00:00-05:00'),
      paused_at: new Date('2024-04-20T09:00:00-05:00'),
    });
    // Failing still counts: the provider keeps retrying its charge.
    await gift({ amount: 30_000, status: 'authorized', failing: true, authorized_at: new Date('2024-03-01T00:30:00-05:00') });
    // Never authorized: never revenue.
    await gift({ amount: 99_000, status: 'pending' });

    const res = await get('/api/giving/staff/monthly/metricas?hasta=2024-06');
    expect(res.statusCode).toBe(200);
    const { months } = res.json<MonthlyMetricsResponse>();
    expect(months.map((m) => m.month)).toEqual([
      '2024-06',
      '2024-05',
      '2024-04',
      '2024-03',
      '2024-02',
      '2024-01',
      '2023-12',
      '2023-11',
      '2023-10',
      '2023-09',
      '2023-08',
      '2023-07',
    ]);
    const at = (month: string) => months.find((m) => m.month === month);
    expect(at('2024-01')).toEqual({ month: '2024-01', mrr: 30_000, active: 2, activeAtStart: 0, started: 2, cancelled: 0, churn: null });
    expect(at('2024-02')).toEqual({ month: '2024-02', mrr: 80_000, active: 3, activeAtStart: 2, started: 1, cancelled: 0, churn: 0 });
    expect(at('2024-03')).toEqual({ month: '2024-03', mrr: 90_000, active: 3, activeAtStart: 3, started: 1, cancelled: 1, churn: 33.3 });
    expect(at('2024-04')).toEqual({ month: '2024-04', mrr: 40_000, active: 2, activeAtStart: 3, started: 0, cancelled: 0, churn: 0 });
    expect(at('2024-06')).toMatchObject({ mrr: 40_000, active: 2, churn: 0 });
    expect(at('2023-12')).toEqual({ month: '2023-12', mrr: 0, active: 0, activeAtStart: 0, started: 0, cancelled: 0, churn: null });
    expect((await get('/api/giving/staff/monthly/metricas?hasta=2024-13')).statusCode).toBe(400);
    expect((await get('/api/giving/staff/monthly/metricas?hasta=2024-06', asPedro)).statusCode).toBe(403);
  });
});

const pendingDonor = {
  data_authorization: true,
  contributor_name: 'Pedro',
  contributor_lastname: 'Ruiz',
  id_type: 'Cédula de ciudadanía',
  id_number: '10002000',
  email: 'pendiente@example.com',
  phone_number: '3105550001',
};

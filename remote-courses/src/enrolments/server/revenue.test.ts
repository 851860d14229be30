import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FULL_COURSE } from '../../../manifest/catalogue';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { RevenueResponse } from '../revenue-schemas';
import { revenueMonths } from './revenue';
import { coursesApi } from '../../../server/index';

/** Course revenue per Bogotá month (#31): what Finanzas reads of approved payments, refunds and their net. */
describe('course revenue per month', () => {
  let api: TestApi;
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  const as = (email: string) => ({ authorization: `Bearer ${staffToken(idp, { email })}` });
  const { months } = revenueMonths(new Date());
  const [thisMonth = '', lastMonth = '', twoAgo = ''] = months;

  const enrol = async (over: Record<string, unknown>) => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, ...over } });
    expect(lead.statusCode).toBe(201);
    return lead.json<{ id: string }>().id;
  };
  /** An enrolment paid and approved at `approvedAt`, for its catalogue price. */
  const paid = async (paymentId: string, approvedAt: string, over: Record<string, unknown> = {}) => {
    const reference = await enrol(over);
    const row = await api.db
      .updateTable('courses.enrolments')
      .set({ payment_id: paymentId, payment_status: 'approved', status_detail: 'accredited', date_approved: new Date(approvedAt) })
      .where('reference', '=', reference)
      .returning(['reference', 'price'])
      .executeTakeFirstOrThrow();
    return row;
  };
  const revenue = async (headers = as('finanzas@fundacion.org')) =>
    api.app.inject({ method: 'GET', url: '/api/courses/staff/enrolments/ingresos', headers });

  let prices = { refunded: 0, kept: 0, office: 0, edge: 0 };

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: new FakePaymentProvider(),
      identity: idp.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values([
        { course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes y miércoles', capacity: 100 },
        { course_name: 'ofimatica-basica', start_date: startDate, schedule: 'Sábados', capacity: 100 },
      ])
      .execute();
    // Last month: two software payments, one refunded this month; this month: an office payment.
    const refunded = await paid('9001', `${lastMonth}-10T15:00:00Z`);
    const kept = await paid('9002', `${lastMonth}-20T15:00:00Z`, { email: 'otra@example.com' });
    const office = await paid('9003', `${thisMonth}-01T12:00:00Z`, {
      course_name: 'ofimatica-basica',
      module_name: FULL_COURSE,
      email: 'ofi@example.com',
    });
    // 03:00 UTC on the 1st is still the previous day in Bogotá: it belongs to the month before.
    const edge = await paid('9004', `${lastMonth}-01T03:00:00Z`, { email: 'borde@example.com' });
    prices = { refunded: refunded.price, kept: kept.price, office: office.price, edge: edge.price };
    await api.db
      .insertInto('courses.payment_events')
      .values({
        reference: refunded.reference,
        payment_id: '9001',
        status: 'refunded',
        status_detail: 'refunded',
        amount: refunded.price,
        currency: 'COP',
        source: 'notification',
        applied: true,
        seen_at: new Date(`${thisMonth}-01T12:00:00Z`),
      })
      .execute();
    // An unpaid enrolment brings nothing.
    await enrol({ email: 'sinpago@example.com' });
  });
  afterAll(async () => api.close());

  it('totals approved payments per Bogotá month and course, with refunds in the month they happened and the net', async () => {
    const res = await revenue();
    expect(res.statusCode).toBe(200);
    const body = res.json<RevenueResponse>();
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toBe(thisMonth);
    const row = (month: string, course: string) => body.rows.find((r) => r.month === month && r.course === course);
    expect(row(lastMonth, 'desarrollo-software')).toMatchObject({
      payments: 2,
      gross: prices.refunded + prices.kept,
      reversals: 0,
      net: prices.refunded + prices.kept,
    });
    expect(row(thisMonth, 'desarrollo-software')).toMatchObject({
      payments: 0,
      gross: 0,
      reversals: prices.refunded,
      net: -prices.refunded,
    });
    expect(row(thisMonth, 'ofimatica-basica')).toMatchObject({ payments: 1, gross: prices.office, reversals: 0, net: prices.office });
    expect(row(twoAgo, 'desarrollo-software')).toMatchObject({ payments: 1, gross: prices.edge, net: prices.edge });
    expect(body.rows).toHaveLength(4);
    // Totals, never a student's data.
    expect(res.body).not.toContain('example.com');
  });

  it('exports the same table as CSV for Excel', async () => {
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/courses/staff/enrolments/ingresos/exportar',
      headers: as('finanzas@fundacion.org'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Mes (AAAA-MM, hora de Bogotá)";"Mes";"Curso";"Pagos aprobados";"Recibido (COP)";"Reembolsos y contracargos (COP)";"Neto (COP)"',
    );
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`"${thisMonth}";`) && l.endsWith(`"0";"0";"${prices.refunded}";"-${prices.refunded}"`))).toBe(
      true,
    );
  });

  it('counts refunds made from the panel once, a partial one for its amount, and money received outside the site', async () => {
    const [refunded, kept] = await Promise.all(
      ['9001', '9002'].map((id) =>
        api.db.selectFrom('courses.enrolments').select(['reference']).where('payment_id', '=', id).executeTakeFirstOrThrow(),
      ),
    );
    const done = { state: 'done' as const, requested_by: 'finanzas@fundacion.org', done_at: new Date(`${thisMonth}-02T15:00:00Z`) };
    await api.db
      .insertInto('courses.refunds')
      .values([
        // The whole refund of 9001 was made from the panel: its provider event above is the same money, counted once.
        {
          ...done,
          enrolment_reference: refunded!.reference,
          payment_id: '9001',
          idempotency_key: 'k-9001',
          amount: prices.refunded,
          reason: 'Pidió la devolución',
        },
        // Part of 9002 given back: the payment stays approved.
        {
          ...done,
          enrolment_reference: kept!.reference,
          payment_id: '9002',
          idempotency_key: 'k-9002',
          amount: 20_000,
          reason: 'Faltó a un módulo',
        },
      ])
      .execute();
    // A transfer of $ 150.000 entered by the team, and a scholarship, which brings nothing.
    const outside = await enrol({ course_name: 'ofimatica-basica', module_name: FULL_COURSE, email: 'transferencia@example.com' });
    const scholarship = await enrol({ course_name: 'ofimatica-basica', module_name: FULL_COURSE, email: 'beca@example.com' });
    await api.db
      .updateTable('courses.enrolments')
      .set({ payment_status: 'approved', manual_kind: 'outside_payment', manual_amount: 150_000, manual_note: 'TRF-1' })
      .where('reference', '=', outside)
      .execute();
    await api.db
      .updateTable('courses.enrolments')
      .set({ payment_status: 'approved', manual_kind: 'scholarship', manual_amount: 0, manual_note: 'Beca' })
      .where('reference', '=', scholarship)
      .execute();

    const body = (await revenue()).json<RevenueResponse>();
    const row = (month: string, course: string) => body.rows.find((r) => r.month === month && r.course === course);
    expect(row(thisMonth, 'desarrollo-software')).toMatchObject({ reversals: prices.refunded + 20_000, net: -(prices.refunded + 20_000) });
    expect(row(thisMonth, 'ofimatica-basica')).toMatchObject({ payments: 2, gross: prices.office + 150_000, net: prices.office + 150_000 });
  });

  it('answers Finanzas only: Cursos is 403, no token 401', async () => {
    expect((await revenue(as('cursos@fundacion.org'))).statusCode).toBe(403);
    expect((await revenue({} as ReturnType<typeof as>)).statusCode).toBe(401);
  });
});

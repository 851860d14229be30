import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { coursesApi } from '../../../server/index';

// "Which cohort is on sale" (#28): the Cursos team may sell a later cohort instead of the earliest open one; when the
// chosen one cannot be sold (closed, started, full) the course sells its earliest open cohort again, as before.

const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));

describe('the cohort on sale', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  const identity = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  const as = (email = 'cursos@fundacion.org') => ({ authorization: `Bearer ${staffToken(identity, { email })}` });
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: identity.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api.close());

  const cohort = async (start: string, capacity = 10) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/courses/staff/cohorts',
      headers: as(),
      payload: { course_name: 'desarrollo-software', start_date: start, schedule: 'Lunes', capacity },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ cohort: { id: number } }>().cohort.id;
  };
  const putOnSale = (id: number, onSale = true, who?: string) =>
    api.app.inject({ method: 'PUT', url: `/api/courses/staff/cohorts/${id}/venta`, headers: as(who), payload: { on_sale: onSale } });
  const sold = async () =>
    (await api.app.inject({ method: 'GET', url: '/api/courses/cohorts' })).json<{ courses: Record<string, { id: number } | null> }>()
      .courses['desarrollo-software']?.id;
  const enrolAndCheckout = async () => {
    const lead = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, email: `venta${++seq}@example.com` },
    });
    const { id, claim_secret } = lead.json<{ id: string; claim_secret: string }>();
    const res = await api.app.inject({ method: 'POST', url: '/api/courses/checkout', payload: { enrollment_id: id, claim_secret } });
    expect(res.statusCode).toBe(200);
    return (await api.db.selectFrom('courses.enrolments').select('cohort_id').where('reference', '=', id).executeTakeFirstOrThrow())
      .cohort_id;
  };
  const staffView = async () =>
    (await api.app.inject({ method: 'GET', url: '/api/courses/staff/cohorts', headers: as() })).json<{
      cohorts: Array<{ id: number; on_sale: boolean; selling: boolean }>;
    }>().cohorts;

  it('sells the chosen cohort on the page and at checkout, audited; back to the earliest one when it cannot be sold', async () => {
    const earliest = await cohort(inDays(5));
    const later = await cohort(inDays(40), 1);
    expect(await sold()).toBe(earliest);

    expect((await putOnSale(later, true, 'finanzas@fundacion.org')).statusCode).toBe(403);
    const chosen = await putOnSale(later);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ cohort: { id: later, on_sale: true, selling: true } });
    expect(await sold()).toBe(later);
    expect((await staffView()).find((c) => c.id === earliest)).toMatchObject({ on_sale: false, selling: false });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'entity_id', 'actor_email'])
      .where('action', '=', 'courses.cohort.on_sale')
      .execute();
    expect(audit).toEqual([{ action: 'courses.cohort.on_sale', entity_id: String(later), actor_email: 'cursos@fundacion.org' }]);

    // Its one seat goes to the first checkout; once full, the course sells its earliest open cohort again.
    expect(await enrolAndCheckout()).toBe(later);
    expect(await sold()).toBe(earliest);
    expect(await enrolAndCheckout()).toBe(earliest);
    expect((await staffView()).find((c) => c.id === later)).toMatchObject({ on_sale: true, selling: false });

    // A closed or full cohort cannot be put on sale (the choice would change nothing), in Spanish.
    const refused = await putOnSale(later);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^Solo se puede poner a la venta una cohorte abierta/) });

    // Another choice replaces the first (one per course); going back sells the earliest open one.
    const third = await cohort(inDays(60));
    expect((await putOnSale(third)).statusCode).toBe(200);
    expect(await sold()).toBe(third);
    expect((await staffView()).filter((c) => c.on_sale).map((c) => c.id)).toEqual([third]);
    expect((await putOnSale(third, false)).statusCode).toBe(200);
    expect(await sold()).toBe(earliest);
    expect((await staffView()).some((c) => c.on_sale)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { startPublishingRefresh, type PublishingRefresh } from 'shared/server/publishing/refresh';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { resetPublishedSnapshot } from 'shared/publishing/snapshot';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { catalogueDefaults, courseBySlug, type CatalogueContent } from '../../../manifest/catalogue';
import { catalogueDocument } from '../../../manifest/catalogue-document';
import { courseCatalogue } from '../../../manifest/course-catalogue';
import { coursesApi } from '../../../server/index';

// The course catalogue published from the panel (#28): a price change reaches the next enrolment at once, and never an
// enrolment already made — its checkout keeps the price it was created with, and its payment is judged by that price.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });
const path = catalogueDocument.path;

const OLD = 119_900;
const NEW = 134_900;

describe('the course catalogue published from the panel', () => {
  let api: TestApi;
  let publishing: PublishingRefresh;
  const provider = new FakePaymentProvider();
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: provider,
      identity: identity.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    // As the gateway does: this process serves what is published (a publication refreshes it before answering).
    publishing = startPublishingRefresh(api.db, [catalogueDocument], { intervalMs: 60_000 });
    api.ctx.publishing = publishing;
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.db
      .insertInto('courses.cohorts')
      .values({ course_name: 'desarrollo-software', start_date: startDate, schedule: 'Lunes', capacity: 1000 })
      .execute();
  });
  afterAll(async () => {
    publishing.stop();
    resetPublishedSnapshot();
    await api.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, email = 'cursos@fundacion.org', payload?: object) =>
    api.app.inject({ method, url, headers: as(email), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const withPrice = (price: number, totalprice = catalogueDefaults['desarrollo-software'].totalprice): CatalogueContent => ({
    ...catalogueDefaults,
    'desarrollo-software': { ...catalogueDefaults['desarrollo-software'], price, totalprice },
  });
  const enrol = async () => {
    const lead = await api.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: { ...sampleEnrolment, email: `precio${++seq}@example.com` },
    });
    expect(lead.statusCode).toBe(201);
    return lead.json<{ id: string; claim_secret: string }>();
  };
  const checkout = async (e: { id: string; claim_secret: string }) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/courses/checkout',
      payload: { enrollment_id: e.id, claim_secret: e.claim_secret },
    });
    expect(res.statusCode).toBe(200);
    return { answer: res.json<{ price: number }>(), asked: provider.checkouts.at(-1)!.item.unitPrice };
  };
  const notify = (paymentId: string) => {
    const requestId = `cat-${++seq}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/courses/payments/notifications?data.id=${paymentId}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification('sandbox-webhook-secret', paymentId, requestId) },
      payload: { type: 'payment', data: { id: paymentId } },
    });
  };
  const row = (reference: string) =>
    api.db
      .selectFrom('courses.enrolments')
      .select(['price', 'payment_status'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
  const discrepancies = (paymentId: string) =>
    api.db.selectFrom('courses.payment_discrepancies').select('kind').where('payment_id', '=', paymentId).execute();

  it('only Cursos reaches it; it starts from the prices the code carried', async () => {
    expect((await call('GET', path, 'finanzas@fundacion.org')).statusCode).toBe(403);
    const res = await call('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ published: null, defaults: { 'desarrollo-software': { price: OLD, totalprice: 349_000 } } });
  });

  it('refuses a price out of bounds or a full course dearer than three modules, each on its field, in Spanish', async () => {
    const res = await call('POST', `${path}/publicar`, undefined, withPrice(500, 2_000_000));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      'desarrollo-software.price': expect.stringMatching(/^Escribe el precio en pesos/),
    });
    const dear = await call('POST', `${path}/publicar`, undefined, withPrice(100_000, 300_001));
    expect(dear.json<{ fields: Record<string, string> }>().fields).toEqual({
      'desarrollo-software.totalprice': 'El precio del curso completo no puede ser mayor que tres módulos sueltos.',
    });
    expect((await call('GET', path)).json()).toMatchObject({ published: null, latest_revision: 0 });
    expect(courseBySlug('desarrollo-software')?.price).toBe(OLD);
  });

  it('a new price is charged from the next enrolment on; an open checkout keeps its price and is confirmed at it', async () => {
    // Opened before the change: one that pays the old price, one whose payer is charged the new one by mistake.
    const before = await enrol();
    expect(await checkout(before)).toEqual({ answer: expect.objectContaining({ price: OLD }), asked: OLD });
    const misled = await enrol();
    await checkout(misled);

    const published = await call('POST', `${path}/publicar`, undefined, withPrice(NEW, 369_000));
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: { revision: 1, published_by: 'cursos@fundacion.org' } });
    // This process reads it at once: the course page, the enrolment page and the other domains' view of the catalogue.
    expect(courseBySlug('desarrollo-software')).toMatchObject({ price: NEW, totalprice: 369_000, url: '/desarrollo-software' });
    expect(courseCatalogue.links()[0]).toMatchObject({ slug: 'desarrollo-software', url: '/desarrollo-software' });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'like', 'courses.publishing.%')
      .execute();
    expect(audit).toEqual([{ action: 'courses.publishing.publish', entity_id: 'courses.catalogue' }]);

    // The next enrolment is created, and its checkout opened, at the new price.
    const after = await enrol();
    expect((await row(after.id)).price).toBe(NEW);
    expect(await checkout(after)).toEqual({ answer: expect.objectContaining({ price: NEW }), asked: NEW });

    // The enrolment from before: its checkout opened again keeps its price…
    expect(await checkout(before)).toEqual({ answer: expect.objectContaining({ price: OLD }), asked: OLD });
    // …and the provider's notification of a payment at that price confirms it, with no discrepancy.
    provider.pay('cat-1', before.id, 'approved', { transaction_amount: OLD });
    expect((await notify('cat-1')).statusCode).toBe(200);
    expect(await row(before.id)).toEqual({ price: OLD, payment_status: 'approved' });
    expect(await discrepancies('cat-1')).toEqual([]);

    // A payment at the new price for a checkout opened at the old one is not what was asked: noted, not approved.
    provider.pay('cat-2', misled.id, 'approved', { transaction_amount: NEW });
    expect((await notify('cat-2')).statusCode).toBe(200);
    expect(await row(misled.id)).toEqual({ price: OLD, payment_status: 'processing...' });
    expect(await discrepancies('cat-2')).toEqual([{ kind: 'amount_mismatch' }]);

    // Publishing the old price again changes nothing already made either.
    expect((await call('POST', `${path}/publicar?base_revision=1`, undefined, catalogueDefaults)).statusCode).toBe(200);
    expect(courseBySlug('desarrollo-software')?.price).toBe(OLD);
    expect(await row(after.id)).toMatchObject({ price: NEW });
    expect(await checkout(after)).toEqual({ answer: expect.objectContaining({ price: NEW }), asked: NEW });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { givingApi } from '../../../server/index';

/** One of the site's published files, as the upload answers it. */
const image = '/archivos/0b7e6f1c-2a4d-4c8e-9f10-3b2a1c0d9e8f.jpg';

/** A Bogotá calendar date `days` from today. */
const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));

describe('donation campaign', () => {
  let api: TestApi;
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'lucia@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'lucia@fundacion.org' })}` };
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(givingApi, { identity: idp.verifier, staff });
  });
  afterAll(async () => api.close());

  const current = async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/giving/campaign' });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const save = (payload: Record<string, unknown>, id?: number) =>
    api.app.inject({
      method: id ? 'PUT' : 'POST',
      url: `/api/giving/staff/campaigns${id ? `/${id}` : ''}`,
      payload,
      headers: asStaff,
    });
  /** A donation as the payment flow leaves it, approved (or not) at `approvedAt`; a monthly gift's charge with `gift`. */
  const donation = (amount: number, status: string, approvedAt: Date | null, gift?: string) =>
    api.db
      .insertInto('giving.contributions')
      .values({
        reference: `don-campaign-${++seq}`,
        contributor_name: 'Camila',
        contributor_lastname: 'Rojas',
        id_type: 'Cédula de ciudadanía',
        id_number: '52123456',
        email: 'camila@example.com',
        phone_number: '3105550000',
        donation_amount: amount,
        payment_status: status,
        date_approved: approvedAt,
        subscription_reference: gift ?? null,
      })
      .execute();

  it('shows no campaign until the team sets one, and says so to every visitor the same way', async () => {
    const res = await current();
    expect(res.json()).toEqual({ campaign: null });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('counts only approved donations made between the campaign dates, without any personal data', async () => {
    const now = Date.now();
    await donation(50_000, 'approved', new Date(now - 60_000));
    await donation(20_000, 'approved', new Date(now - 3_600_000));
    await donation(99_000, 'pending', null);
    await donation(70_000, 'refunded', new Date(now - 60_000));
    // Before the campaign started: not part of it.
    await donation(500_000, 'approved', new Date(now - 40 * 86_400_000));

    const created = await save({ title: 'Computadores para el aula', goal_amount: '1000000', starts_on: inDays(-7), ends_on: inDays(30) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      campaign: { state: 'running', raised_amount: 70_000, donations: 2, updated_by: 'lucia@fundacion.org' },
    });

    const res = await current();
    expect(res.json()).toEqual({
      campaign: {
        title: 'Computadores para el aula',
        goal_amount: 1_000_000,
        raised_amount: 70_000,
        donations: 2,
        starts_on: inDays(-7),
        ends_on: inDays(30),
        description: null,
        image: null,
      },
    });
    expect(res.body).not.toMatch(/Camila|camila@|52123456|3105550000/);
  });

  it('refuses a campaign whose dates cross the running one, and one that would already be over', async () => {
    const crossing = await save({ title: 'Navidad', goal_amount: 500_000, starts_on: inDays(20), ends_on: inDays(60) });
    expect(crossing.statusCode).toBe(409);
    expect(crossing.json()).toMatchObject({ message: expect.stringContaining('Computadores para el aula') });
    const over = await save({ title: 'Pasada', goal_amount: 500_000, starts_on: inDays(-90), ends_on: inDays(-60) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      fields: { ends_on: 'La fecha de cierre ya pasó: una campaña nueva debe terminar hoy o después.' },
    });
    const backwards = await save({ title: 'Al revés', goal_amount: 500_000, starts_on: inDays(100), ends_on: inDays(90) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fields: { ends_on: 'La fecha de cierre no puede ser anterior a la de inicio.' } });
    const tiny = await save({ title: 'Meta', goal_amount: 5_000, starts_on: inDays(100), ends_on: inDays(120) });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({ fields: { goal_amount: expect.stringContaining('$100.000') } });
  });

  it('lets the team edit the goal; the change is in the audit log and the public bar follows', async () => {
    const list = await api.app.inject({ method: 'GET', url: '/api/giving/staff/campaigns', headers: asStaff });
    expect(list.statusCode).toBe(200);
    const [running] = (list.json() as { campaigns: Array<{ id: number; title: string }> }).campaigns;
    const edited = await save({ title: running!.title, goal_amount: 2_000_000, starts_on: inDays(-7), ends_on: inDays(30) }, running!.id);
    expect(edited.statusCode).toBe(200);
    expect((await current()).json()).toMatchObject({ campaign: { goal_amount: 2_000_000 } });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'actor_email', 'detail'])
      .where('entity', '=', 'campaign')
      .where('entity_id', '=', String(running!.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['giving.campaign.save', 'giving.campaign.save']);
    expect(audit[1]).toMatchObject({ actor_email: 'lucia@fundacion.org', detail: { goal_amount: { from: 1_000_000, to: 2_000_000 } } });
    const missing = await save({ title: 'x'.repeat(5), goal_amount: 2_000_000, starts_on: inDays(200), ends_on: inDays(210) }, 999_999);
    expect(missing.statusCode).toBe(404);
  });

  it('tells the public the description and the image the team saved, with its text alternative, and audits them', async () => {
    const list = await api.app.inject({ method: 'GET', url: '/api/giving/staff/campaigns', headers: asStaff });
    const [running] = (list.json() as { campaigns: Array<{ id: number; title: string }> }).campaigns;
    const base = { title: running!.title, goal_amount: 2_000_000, starts_on: inDays(-7), ends_on: inDays(30) };
    const description = 'Queremos dotar el aula de sistemas.\n\nCada computador forma a diez personas al año.';
    const edited = await save({ ...base, description, image_src: image, image_alt: 'Estudiantes frente a computadores' }, running!.id);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ campaign: { description, image: { src: image, alt: 'Estudiantes frente a computadores' } } });
    expect((await current()).json()).toMatchObject({
      campaign: { description, image: { src: image, alt: 'Estudiantes frente a computadores' } },
    });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select('detail')
      .where('entity', '=', 'campaign')
      .where('entity_id', '=', String(running!.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      description: { from: null, to: description },
      image_src: { from: null, to: image },
      image_alt: { from: null, to: 'Estudiantes frente a computadores' },
    });

    // Emptied, they go from the page (not kept from before).
    const cleared = await save({ ...base, description: '', image_src: '', image_alt: '' }, running!.id);
    expect(cleared.statusCode).toBe(200);
    expect((await current()).json()).toMatchObject({ campaign: { description: null, image: null } });
  });

  it("refuses an image that is not one of the site's published files, and an image without its text alternative", async () => {
    const list = await api.app.inject({ method: 'GET', url: '/api/giving/staff/campaigns', headers: asStaff });
    const [running] = (list.json() as { campaigns: Array<{ id: number; title: string }> }).campaigns;
    const base = { title: running!.title, goal_amount: 2_000_000, starts_on: inDays(-7), ends_on: inDays(30), image_alt: 'Una foto' };
    for (const src of [
      'https://otro-sitio.example/foto.jpg',
      '//otro-sitio.example/archivos/0b7e6f1c-2a4d-4c8e-9f10-3b2a1c0d9e8f.jpg',
      '/archivos/inventada.jpg',
      '/archivos/../equipo/0b7e6f1c-2a4d-4c8e-9f10-3b2a1c0d9e8f.jpg',
      'javascript:alert(1)',
    ]) {
      const res = await save({ ...base, image_src: src }, running!.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { image_src: expect.stringContaining('archivo subido al sitio') } });
    }
    const noAlt = await save({ ...base, image_src: image, image_alt: '' }, running!.id);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json()).toMatchObject({ fields: { image_alt: expect.stringContaining('Describe la imagen') } });
    expect((await current()).json()).toMatchObject({ campaign: { image: null } });
  });

  it('counts monthly gifts as the team chooses: their first charge only (the default), or 12 months of it (#29)', async () => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    // Started during the campaign: two months charged.
    await donation(30_000, 'approved', days(5), 'MEN-campaign-a');
    await donation(30_000, 'approved', days(0.05), 'MEN-campaign-a');
    // Started before the campaign: its charges during it add nothing in either mode.
    await donation(40_000, 'approved', days(40), 'MEN-campaign-b');
    await donation(40_000, 'approved', days(2), 'MEN-campaign-b');
    // Its first charge was refunded: the gift counts from its earliest charge still approved.
    await donation(10_000, 'refunded', days(6), 'MEN-campaign-c');
    await donation(10_000, 'approved', days(3), 'MEN-campaign-c');
    // The donor raised the amount: 12 × the first charge is less than what it gave, so what it gave counts.
    await donation(2_000, 'approved', days(6), 'MEN-campaign-d');
    await donation(100_000, 'approved', days(1), 'MEN-campaign-d');

    const list = await api.app.inject({ method: 'GET', url: '/api/giving/staff/campaigns', headers: asStaff });
    const [running] = (list.json() as { campaigns: Array<{ id: number; title: string }> }).campaigns;
    // The campaign saved before the setting existed counts the first charge; one-time donations as always (70.000, 2).
    expect(running).toMatchObject({ monthly_counting: 'first_charge', raised_amount: 70_000 + 30_000 + 10_000 + 2_000, donations: 5 });

    const base = { title: running!.title, goal_amount: 2_000_000, starts_on: inDays(-7), ends_on: inDays(30) };
    const twelve = await save({ ...base, monthly_counting: 'twelve_months' }, running!.id);
    expect(twelve.statusCode).toBe(200);
    expect(twelve.json()).toMatchObject({
      campaign: { monthly_counting: 'twelve_months', raised_amount: 70_000 + 12 * 30_000 + 12 * 10_000 + 102_000, donations: 5 },
    });
    expect((await current()).json()).toMatchObject({ campaign: { raised_amount: 652_000, donations: 5 } });
    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select('detail')
      .where('entity', '=', 'campaign')
      .where('entity_id', '=', String(running!.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ monthly_counting: { from: 'first_charge', to: 'twelve_months' } });

    // A refund of a gift's later charge never lowers a 12-month count below the pledge; back to the first charge only.
    await api.db.updateTable('giving.contributions').set({ payment_status: 'refunded' }).where('donation_amount', '=', 100_000).execute();
    const first = await save({ ...base, monthly_counting: 'first_charge' }, running!.id);
    expect(first.json()).toMatchObject({ campaign: { raised_amount: 112_000, donations: 5 } });
    const back = await save({ ...base, monthly_counting: 'twelve_months' }, running!.id);
    expect(back.json()).toMatchObject({ campaign: { raised_amount: 70_000 + 360_000 + 120_000 + 24_000 } });

    const wrong = await save({ ...base, monthly_counting: 'every_charge' }, running!.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { monthly_counting: expect.stringContaining('primer cobro') } });
  });

  it('keeps the campaigns to the team: anonymous and forged callers are refused', async () => {
    const anonymous = await api.app.inject({ method: 'GET', url: '/api/giving/staff/campaigns' });
    expect(anonymous.statusCode).toBe(401);
    const outsider = staffToken(idp, { email: 'intruso@example.com' });
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/giving/staff/campaigns',
      payload: { title: 'Falsa', goal_amount: 100_000_000, starts_on: inDays(200), ends_on: inDays(210) },
      headers: { authorization: `Bearer ${outsider}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await api.db.selectFrom('giving.campaigns').select('title').where('title', '=', 'Falsa').execute()).toEqual([]);
  });
});

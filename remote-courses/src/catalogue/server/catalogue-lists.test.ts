import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { catalogueDefaults } from '../../../manifest/catalogue';
import { catalogueDocument } from '../../../manifest/catalogue-document';
import { coursesApi } from '../../../server/index';

// The panel's units editor no longer uses react-hook-form's field arrays (shared/ui/staff/item-list): whatever list a
// browser sends — a row removed in the middle, too many rows, a row that is not one — the server alone decides, answers
// 400 in Spanish on the field, and keeps the draft and the publication as they were.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });
const path = catalogueDocument.path;
const slug = 'desarrollo-software';

type Units = unknown;
/** The catalogue with the first module of one course carrying `units` as sent. */
const withUnits = (units: Units) => {
  const course = catalogueDefaults[slug];
  const [first, ...rest] = course.modules;
  return { ...catalogueDefaults, [slug]: { ...course, modules: [{ ...first, units }, ...rest] } };
};

describe('the catalogue units list, whatever the browser sends', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: new FakePaymentProvider(),
      identity: identity.verifier,
      staff,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, email = 'cursos@fundacion.org') =>
    api.app.inject({ method, url, headers: as(email), payload: payload as Record<string, unknown> });
  const state = async () => (await api.app.inject({ method: 'GET', url: path, headers: as('cursos@fundacion.org') })).json<object>();

  const unit = { title: 'Unidad', content: ['Tema'] };
  const bad: [string, Units][] = [
    ['a hole where a row was removed', [unit, null, unit]],
    ['seven units', Array.from({ length: 7 }, () => unit)],
    ['a thousand units', Array.from({ length: 1000 }, () => unit)],
    ['no units', []],
    ['an object instead of the list', { 0: unit }],
    ['a unit without topics', [{ title: 'Unidad', content: [] }]],
    ['a unit title of 10 000 characters', [{ title: 'x'.repeat(10_000), content: ['Tema'] }]],
    ['a topic that is not text', [{ title: 'Unidad', content: [{ $gt: '' }] }]],
  ];

  it.each(bad)('refuses %s with 400 JSON in Spanish, and stores nothing (draft and publication)', async (_, units) => {
    const before = await state();
    for (const url of [`${path}/borrador`, `${path}/publicar`]) {
      const res = await send(url.endsWith('borrador') ? 'PUT' : 'POST', url, withUnits(units));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<{ error: string; message: string; fields?: Record<string, string> }>();
      expect(body.message).toMatch(/[áéíóúñ]|Revisa/);
      expect(Object.keys(body.fields ?? {}).some((f) => f.startsWith(`${slug}.modules.0.units`))).toBe(true);
    }
    expect(await state()).toEqual(before);
  });

  it('keeps the catalogue to its role: finanzas gets 403 and nobody signed in 401, and nothing changes', async () => {
    const before = await state();
    expect((await send('PUT', `${path}/borrador`, withUnits([unit]), 'finanzas@fundacion.org')).statusCode).toBe(403);
    const anonymous = await api.app.inject({
      method: 'PUT',
      url: `${path}/borrador`,
      payload: withUnits([unit]) as Record<string, unknown>,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('saves a well-formed list as a draft (the refusals above are about the list, not the request)', async () => {
    expect((await send('PUT', `${path}/borrador`, withUnits([unit, unit]))).statusCode).toBe(200);
  });
});

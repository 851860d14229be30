import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { donationDocument, donationSettingsDefaults } from '../../../manifest/documents';
import { givingApi } from '../../../server/index';

// The panel's presets editor no longer uses react-hook-form's field arrays (shared/ui/staff/item-list): whatever list a
// browser sends — a row removed in the middle, too many rows, a row that is not one — the server alone decides, answers
// 400 in Spanish on the field, and keeps the draft and the publication as they were.

const path = donationDocument.path;
const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

describe('the donation presets list, whatever the browser sends', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(givingApi, {
      payments: new FakePaymentProvider(),
      identity: identity.verifier,
      staff,
      settings: { donationBounds: { min: 5_000, max: 20_000_000 }, writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const send = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
    api.app.inject({ method, url, headers: as('finanzas@fundacion.org'), payload: payload as Record<string, unknown> });
  const state = async () => (await api.app.inject({ method: 'GET', url: path, headers: as('finanzas@fundacion.org') })).json<object>();
  const bounds = async () => (await api.app.inject({ method: 'GET', url: '/api/giving/donation-bounds' })).json<object>();

  const preset = (amount: unknown) => ({ amount });
  const bad: [string, unknown][] = [
    ['a hole where a row was removed', [preset(20_000), null, preset(50_000)]],
    ['seven presets', Array.from({ length: 7 }, (_, i) => preset(10_000 * (i + 1)))],
    ['ten thousand presets', Array.from({ length: 10_000 }, (_, i) => preset(10_000 + i))],
    ['no presets', []],
    ['an object instead of the list', { 0: preset(20_000) }],
    ['a negative amount', [preset(-20_000)]],
    ['an amount with cents', [preset(20_000.5)]],
  ];

  it.each(bad)('refuses %s with 400 JSON in Spanish, and stores nothing (draft and publication)', async (_, presets) => {
    const before = [await state(), await bounds()];
    for (const [method, url] of [
      ['PUT', `${path}/borrador`],
      ['POST', `${path}/publicar`],
    ] as const) {
      const res = await send(method, url, { ...donationSettingsDefaults, presets });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<{ message: string; fields?: Record<string, string> }>();
      expect(body.message).toMatch(/Revisa|[áéíóúñ]/);
      expect(Object.keys(body.fields ?? {}).some((f) => f.startsWith('presets'))).toBe(true);
    }
    expect([await state(), await bounds()]).toEqual(before);
  });

  it('saves a well-formed list as a draft (the refusals above are about the list, not the request)', async () => {
    const res = await send('PUT', `${path}/borrador`, { ...donationSettingsDefaults, presets: [preset(20_000), preset(50_000)] });
    expect(res.statusCode).toBe(200);
  });
});

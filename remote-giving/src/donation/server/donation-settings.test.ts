import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resetPublishedSnapshot } from 'shared/publishing/snapshot';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { startPublishingRefresh } from 'shared/server/publishing/refresh';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { donationDocument, donationSettingsDefaults, type DonationSettingsInput } from '../../../manifest/documents';
import { givingApi } from '../../../server/index';

// The donation's presets, bounds and texts published by finanzas (#28): what the public bounds answer says, what a
// donation may be and what the checkout says follow the publication at once, inside the configuration's outer limits.

const path = '/api/giving/staff/publicacion/donacion';
const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

const donor = {
  data_authorization: true,
  contributor_name: 'Camila',
  contributor_lastname: 'Rojas',
  id_type: 'Cédula de ciudadanía',
  id_number: '52123456',
  phone_number: '3105550000',
};

/** What finanzas publishes: other buttons, a higher minimum, a lower maximum, the checkout's own words. */
const settings: DonationSettingsInput = {
  ...donationSettingsDefaults,
  presets: [{ amount: 30_000 }, { amount: 60_000 }, { amount: 150_000 }],
  min: 10_000,
  max: 5_000_000,
  paymentDescription: 'Becas de formación para el empleo en Boyacá.',
};

describe('the donation settings published by finanzas', () => {
  let api: TestApi;
  const provider = new FakePaymentProvider();
  let seq = 0;
  beforeAll(async () => {
    api = await testApi(givingApi, {
      payments: provider,
      identity: identity.verifier,
      staff,
      // The configuration's outer limits (DONATION_MIN_COP / DONATION_MAX_COP): the defaults of a deployment.
      settings: { donationBounds: { min: 5_000, max: 20_000_000 }, writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    // As the API host does: a publication is loaded by this process before it answers.
    api.ctx.publishing = startPublishingRefresh(api.db, [donationDocument], { intervalMs: 60_000 });
  });
  afterAll(async () => {
    api.ctx.publishing?.stop();
    resetPublishedSnapshot();
    await api.close();
  });

  const bounds = async () => (await api.app.inject({ method: 'GET', url: '/api/giving/donation-bounds' })).json();
  /** A donation from a new e-mail each time (the per-e-mail limit is not what these tests are about). */
  const donate = (amounts: Record<string, string>) =>
    api.app.inject({ method: 'POST', url: '/api/giving/contributions', payload: { ...donor, email: `d${++seq}@example.com`, ...amounts } });
  const publish = (body: object, email = 'finanzas@fundacion.org') =>
    api.app.inject({ method: 'POST', url: `${path}/publicar`, headers: as(email), payload: body as Record<string, unknown> });

  it('starts from what the code carried: the spec presets and the configuration bounds', async () => {
    const state = await api.app.inject({ method: 'GET', url: path, headers: as('finanzas@fundacion.org') });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ published: null, defaults: donationSettingsDefaults });
    expect(await bounds()).toEqual({ min: 5_000, max: 20_000_000 });
    expect((await donate({ donation_amount: '$ 20.000' })).statusCode).toBe(201);
  });

  it('keeps the settings to finanzas: another role gets 403, nobody signed in 401, and nothing changes', async () => {
    expect((await api.app.inject({ method: 'GET', url: path, headers: as('cursos@fundacion.org') })).statusCode).toBe(403);
    expect((await publish(settings, 'cursos@fundacion.org')).statusCode).toBe(403);
    expect(
      (await api.app.inject({ method: 'POST', url: `${path}/publicar`, payload: settings as Record<string, unknown> })).statusCode,
    ).toBe(401);
    expect(await bounds()).toEqual({ min: 5_000, max: 20_000_000 });
  });

  it('refuses a preset outside the bounds, a repeated one and bounds beyond the provider or the configuration, on their fields', async () => {
    const outside = await publish({ ...settings, presets: [{ amount: 5_000 }, { amount: 60_000 }, { amount: 60_000 }] });
    expect(outside.statusCode).toBe(400);
    const fields = outside.json<{ fields: Record<string, string> }>().fields;
    expect(fields['presets.0.amount']).toBe('El monto sugerido debe estar entre el mínimo ($ 10.000) y el máximo ($ 5.000.000).');
    expect(fields['presets.2.amount']).toBe('Este monto ya está entre los sugeridos.');

    const belowProvider = await publish({ ...settings, min: 1_000, presets: [{ amount: 30_000 }] });
    expect(belowProvider.statusCode).toBe(400);
    expect(belowProvider.json<{ fields: Record<string, string> }>().fields.min).toBe(
      'El mínimo no puede ser menor que $ 1.600: Mercado Pago no acepta pagos menores.',
    );

    const beyondSettings = await publish({ ...settings, min: 2_000, max: 30_000_000 });
    expect(beyondSettings.statusCode).toBe(400);
    expect(beyondSettings.json<{ fields: Record<string, string> }>().fields).toEqual({
      min: 'El mínimo no puede ser menor que $ 5.000, el que permite la configuración del sitio.',
      max: 'El máximo no puede ser mayor que $ 20.000.000, el que permite la configuración del sitio.',
    });

    const crossed = await publish({ ...settings, min: 200_000, max: 100_000, presets: [{ amount: 150_000 }] });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json<{ fields: Record<string, string> }>().fields.max).toBe('El máximo debe ser mayor o igual que el mínimo.');

    expect(await bounds()).toEqual({ min: 5_000, max: 20_000_000 });
  });

  it('applies a publication to the very next donation: the bounds answer, the presets, the minimum and the checkout text', async () => {
    const res = await publish(settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ published: { revision: expect.any(Number), body: settings } });

    expect(await bounds()).toEqual({ min: 10_000, max: 5_000_000 });

    const below = await donate({ optional_donation_amount: '9999' });
    expect(below.statusCode).toBe(400);
    const outOfBounds = 'Monto de donación inválido. El monto debe estar entre $ 10.000 y $ 5.000.000.';
    expect(below.json()).toMatchObject({ error: 'invalid_amount', message: outOfBounds, fields: { donation_amount: outOfBounds } });
    expect((await donate({ optional_donation_amount: '5000001' })).statusCode).toBe(400);

    // The old buttons are gone: a browser still showing them (or a forged request) cannot use them.
    expect((await donate({ donation_amount: '$ 20.000' })).statusCode).toBe(400);
    const preset = await donate({ donation_amount: '$ 30.000' });
    expect(preset.statusCode).toBe(201);
    expect(preset.json()).toMatchObject({ amount: 30_000 });
    expect(provider.checkouts.at(-1)!.item).toMatchObject({
      unitPrice: 30_000,
      description: 'Becas de formación para el empleo en Boyacá.',
    });
    expect((await donate({ optional_donation_amount: '10000' })).statusCode).toBe(201);

    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'actor_email', 'entity_id'])
      .where('action', 'like', 'giving.publishing.%')
      .execute();
    expect(audit).toEqual([{ action: 'giving.publishing.publish', actor_email: 'finanzas@fundacion.org', entity_id: 'giving.donation' }]);
  });

  it('keeps the configuration as the outer limit when it is narrower than what was published', async () => {
    const outer = api.ctx.settings.donationBounds;
    api.ctx.settings.donationBounds = { min: 20_000, max: 1_000_000 };
    try {
      expect(await bounds()).toEqual({ min: 20_000, max: 1_000_000 });
      expect((await donate({ optional_donation_amount: '15000' })).statusCode).toBe(400);
    } finally {
      api.ctx.settings.donationBounds = outer;
    }
  });
});

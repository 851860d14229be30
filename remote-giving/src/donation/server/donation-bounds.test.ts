import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

describe('GET /api/giving/donation-bounds', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(givingApi, { settings: { donationBounds: { min: 10_000, max: 2_000_000 } } });
  });
  afterAll(async () => api.close());

  it('answers the bounds the contribution route applies, so the page states what the server will accept', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/giving/donation-bounds' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ min: 10_000, max: 2_000_000 });

    const below = await api.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: { ...donor, optional_donation_amount: '9999' },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      error: 'invalid_amount',
      message: 'Monto de donación inválido. El monto debe estar entre $ 10.000 y $ 2.000.000.',
    });
  });
});

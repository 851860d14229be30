import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { givingApi } from '../../../server/index';

// #11 row 6, for receipts: a donation costs 5.000 pesos, so it must not buy an e-mail in our name carrying the
// attacker's text and links to any address they type.
describe('donation receipts relay nothing a donor typed', () => {
  let gw: TestApi;
  const provider = new FakePaymentProvider();
  beforeAll(async () => {
    gw = await testApi(givingApi, { payments: provider });
  });
  afterAll(async () => gw.close());

  it('greets without the name and carries only our own data', async () => {
    // Links and digits are refused in a name (row 5 of "Trust boundaries, round two"); words alone can still lure.
    const lure = 'Tu cuenta fue bloqueada reactívala ya';
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: {
        contributor_name: lure,
        contributor_lastname: 'Soporte Banco Seguro',
        id_type: 'Cédula de ciudadanía',
        id_number: '99887766',
        email: 'victima.recibo@example.com',
        phone_number: '3001234567',
        data_authorization: true,
        optional_donation_amount: '5000',
      },
    });
    expect(res.statusCode).toBe(201);
    const reference = (res.json() as { external_reference: string }).external_reference;
    provider.pay('9301', reference, 'approved');
    const notified = await gw.app.inject({
      method: 'POST',
      url: '/api/giving/payments/notifications?data.id=9301&type=payment',
      headers: { 'x-request-id': 'relay-1', 'x-signature': signNotification('sandbox-webhook-secret', '9301', 'relay-1') },
      payload: { type: 'payment', data: { id: '9301' } },
    });
    expect(notified.statusCode).toBe(200);
    const [receipt] = (await gw.mailer.list(100)).filter((m) => m.to === 'victima.recibo@example.com');
    expect(receipt?.subject).toMatch(/^Gracias por tu donación/);
    const text = `${receipt?.subject}\n${receipt?.text}\n${receipt?.html}`;
    expect(text).toMatch(/\$ 5\.000/);
    for (const typed of ['bloqueada', 'Soporte', 'Seguro', '99887766']) expect(text).not.toContain(typed);
  });

  it('refuses line breaks in a name, which would start a new line of the e-mail', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/giving/contributions',
      payload: {
        contributor_name: 'Ana\r\nVisita',
        contributor_lastname: 'Pérez',
        id_type: 'Cédula de ciudadanía',
        id_number: '123456',
        email: 'ana.lineas@example.com',
        phone_number: '3001234567',
        data_authorization: true,
        donation_amount: '20000',
      },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: Record<string, string> }).fields.contributor_name).toBe(
      'Escribe solo letras, espacios, apóstrofos, guiones y puntos.',
    );
  });
});

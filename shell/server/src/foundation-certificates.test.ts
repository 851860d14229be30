import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { foundationDefaults } from 'shared/config/site';
import type { FoundationDataInput } from 'shared/foundation/schema';
import { createTestIdentity } from 'shared/server/identity-testing';
import { readObjectStoreConfig, readIdentityConfig } from 'shared/server/server-config';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { readPdfText } from 'shared/server/pdf/testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { productionInvoicing, testGateway } from './testing';

// Issue #28's done-when, on the composed gateway in production mode: with the foundation's data pending, production
// issues no donation certificate; once Administración publishes the data in the panel, Finanzas issues one and it
// prints as a real certificate, without the specimen mark, with the published NIT and signers.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'admin@fundacion.org', roles: ['admin'] });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });
const provider = new FakePaymentProvider();
const webhookSecret = 'secreto-real-de-mercado-pago-0123456789';

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway(
    {
      production: true,
      smtpUrl: 'smtp://correo.example:587',
      payments: {
        accessToken: 'APP_USR-real',
        publicKey: 'APP_USR-pk',
        webhookSecret,
        startSandbox: false,
        sandboxPort: 0,
        scriptUrl: 'https://sdk.mercadopago.com/js/v2',
      },
      identity: readIdentityConfig(
        { COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123', COGNITO_CLIENT_ID: '4example', COGNITO_REGION: 'us-east-1' },
        true,
      ),
      objects: readObjectStoreConfig({ OBJECT_STORE_BUCKET: 'fundacion-archivos' }, true),
      writeLimit: { max: 1000, timeWindow: 60_000 },
      environment: productionInvoicing,
    },
    {},
    { identity: identity.verifier, staff, payments: provider },
  );
});
afterAll(async () => gw.app.close());

const pdfText = async (bytes: Buffer) => (await readPdfText(new Uint8Array(bytes))).map((p) => p.text).join('\n');

async function approvedDonation(): Promise<string> {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/giving/contributions',
    payload: {
      data_authorization: true,
      contributor_name: 'Ramón',
      contributor_lastname: 'Gutiérrez Ávila',
      id_type: 'Cédula de ciudadanía',
      id_number: '79.555.123',
      email: 'ramon@example.com',
      phone_number: '3105550000',
      optional_donation_amount: '50000',
    },
  });
  expect(res.statusCode).toBe(201);
  const reference = res.json<{ external_reference: string }>().external_reference;
  provider.pay('77001', reference, 'approved', { transaction_amount: 50_000, payment_type_id: 'credit_card' });
  const note = await gw.app.inject({
    method: 'POST',
    url: '/api/giving/payments/notifications?data.id=77001&type=payment',
    headers: { 'x-request-id': 'cert-prod-1', 'x-signature': signNotification(webhookSecret, '77001', 'cert-prod-1') },
    payload: { type: 'payment', data: { id: '77001' } },
  });
  expect(note.statusCode).toBe(200);
  return reference;
}

describe('a donation certificate in production, before and after the foundation data is published', () => {
  it('issues none while the data is pending, and a real one once Administración published it', async () => {
    const reference = await approvedDonation();
    const issue = () =>
      gw.app.inject({ method: 'POST', url: `/api/giving/staff/certificates/donacion/${reference}`, headers: as('finanzas@fundacion.org') });
    const refused = await issue();
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ error: string }>().error).toBe('certificates_unavailable');

    const data: FoundationDataInput = {
      ...foundationDefaults,
      nit: '901.234.567-7',
      certificates: {
        city: 'Tunja, Boyacá',
        destination: 'Becas de formación en desarrollo de software para jóvenes de Boyacá.',
        legalRepresentative: 'Ana María Rojas Peña, C.C. 40.123.456',
        fiscalReviewer: 'Luis Pérez Gómez, T.P. 123456-T',
      },
    };
    const published = await gw.app.inject({
      method: 'POST',
      url: '/api/site/staff/publicacion/fundacion/publicar',
      headers: as('admin@fundacion.org'),
      payload: data,
    });
    expect(published.statusCode).toBe(200);

    const issued = await issue();
    expect(issued.statusCode).toBe(200);
    const number = issued.json<{ certificate: { number: string } }>().certificate.number;
    const pdf = await gw.app.inject({
      method: 'GET',
      url: `/api/giving/staff/certificates/${number}/pdf`,
      headers: as('finanzas@fundacion.org'),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).not.toContain('ESPÉCIMEN');
    for (const item of ['NIT 901.234.567-7', 'Tunja, Boyacá', 'Ana María Rojas Peña', 'Luis Pérez Gómez', 'Ramón Gutiérrez Ávila', number])
      expect(text).toContain(item);
  });
});

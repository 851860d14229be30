import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { testApi, type TestApi } from '../api-testing';
import type { PaymentsReviewResponse } from '../../payments/staff-schemas';
import { createTestIdentity } from '../identity-testing';
import { createTestStaffDirectory, staffToken } from '../staff-testing';
import type { PayableTableName, PaymentDiscrepanciesTableName, PaymentEventsTableName, PaymentNotificationsTableName } from '../database';
import {
  addFurtherPayableColumns,
  addPayableColumns,
  addPaymentGuards,
  addReconciliationColumns,
  createPaymentEventsTable,
  createPaymentNotificationsTable,
} from './schema';
import { FakePaymentProvider } from './fake-provider';
import type { ProviderPayment } from './provider';
import { paymentRoutes, type DomainPayable, type PayableOptions } from './routes';
import { paymentStaffRoutes } from './staff-routes';
import { signNotification } from './signature';

// A domain with two payables (a one-time order and a pledge, as giving will have donations and monthly gifts): the
// provider is given one notification address per domain, and each report must reach the payable whose table holds its
// reference. The payables here are made by hand (`domainPayable` makes them from a payable's options in a domain), on
// tables of a probe schema that only have what the dispatch reads: the reference.

// The probe's tables are not in the site's Database type (no domain declares them): the names are cast where the
// payables hold them, which is all the routes read of them.
const orders = 'probe.orders' as PayableTableName;
const pledges = 'probe.pledges' as PayableTableName;
const notifications = 'probe.payment_notifications' as PaymentNotificationsTableName;

const applied: Array<{ payable: string; reference: string | null }> = [];
const payableOn = (name: string, table: PayableTableName): DomainPayable => ({
  payable: { domain: 'probe', name, label: name, recordPage: `/equipo/${name}/:reference` },
  table,
  notificationsTable: notifications,
  statusCacheMs: undefined,
  applierFor: () => async (payment: ProviderPayment) => {
    applied.push({ payable: name, reference: payment.external_reference });
    return { applied: true };
  },
  registerStatus: () => undefined,
});

describe('a domain with two payables: one notification address, each report to its own payable', () => {
  const provider = new FakePaymentProvider();
  let api: TestApi;
  let seq = 0;

  beforeAll(async () => {
    api = await testApi(
      {
        name: 'probe',
        description: 'Dos cosas que se pagan en un dominio',
        migrations: {
          schema: 'probe',
          migrations: {
            '001_payables': {
              async up(db: Kysely<unknown>) {
                await sql`create table probe.orders (reference text primary key)`.execute(db);
                await sql`create table probe.pledges (reference text primary key)`.execute(db);
                await createPaymentNotificationsTable(db, 'probe');
                await sql`insert into probe.orders values ('ORD-1')`.execute(db);
                await sql`insert into probe.pledges values ('PLG-1')`.execute(db);
              },
            },
          },
        },
        plugin: paymentRoutes(payableOn('orders', orders), payableOn('pledges', pledges)),
      },
      { payments: provider },
    );
  });
  afterAll(async () => {
    await api.close();
  });

  const notify = async (reference: string) => {
    const id = `77${++seq}`;
    provider.payments.set(id, { ...provider.pay(id, reference, 'approved'), transaction_amount: 1000 });
    const requestId = `req-${id}`;
    return api.app.inject({
      method: 'POST',
      url: `/api/probe/payments/notifications?data.id=${id}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': signNotification(api.ctx.settings.paymentWebhookSecret, id, requestId) },
    });
  };

  it('applies a pledge payment to the pledge and an order payment to the order', async () => {
    applied.length = 0;
    expect((await notify('PLG-1')).statusCode).toBe(200);
    expect((await notify('ORD-1')).statusCode).toBe(200);
    expect(applied).toEqual([
      { payable: 'pledges', reference: 'PLG-1' },
      { payable: 'orders', reference: 'ORD-1' },
    ]);
  });

  it('gives a reference no payable issued to the first one, which notes it for the team', async () => {
    applied.length = 0;
    expect((await notify('NADIE-1')).statusCode).toBe(200);
    expect(applied).toEqual([{ payable: 'orders', reference: 'NADIE-1' }]);
  });
});

describe("a domain with two payables: each payments review lists its own records' discrepancies", () => {
  const identity = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  const discrepancies = 'probe.payment_discrepancies' as PaymentDiscrepanciesTableName;
  const optionsOf = (name: string, table: PayableTableName): PayableOptions<PayableTableName> => ({
    payable: { domain: 'probe', name, label: name, recordPage: `/equipo/${name}/:reference` },
    reversal: { concept: name, note: '' },
    table,
    amountOf: () => 1000,
    discrepanciesTable: discrepancies,
    eventsTable: 'probe.payment_events' as PaymentEventsTableName,
  });
  let api: TestApi;

  beforeAll(async () => {
    api = await testApi(
      {
        name: 'probe',
        description: 'Dos cosas que se pagan en un dominio',
        migrations: {
          schema: 'probe',
          migrations: {
            '001_payables': {
              async up(db: Kysely<unknown>) {
                for (const table of ['orders', 'pledges'])
                  await db.schema
                    .withSchema('probe')
                    .createTable(table)
                    .addColumn('reference', 'text', (c) => c.primaryKey())
                    .$call(addPayableColumns)
                    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
                    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
                    .execute();
                await createPaymentEventsTable(db, 'probe');
                await addPaymentGuards(db, 'probe', 'orders');
                await addReconciliationColumns(db, 'probe', 'orders');
                // The second payable of the schema: its columns, not the schema's tables again.
                await addFurtherPayableColumns(db, 'probe', 'pledges');
                await sql`insert into probe.orders (reference) values ('ORD-1')`.execute(db);
                await sql`insert into probe.pledges (reference) values ('PLG-1')`.execute(db);
                await sql`insert into probe.payment_discrepancies (reference, payment_id, kind) values
                  ('ORD-1', '1', 'amount_mismatch'), ('PLG-1', '2', 'amount_mismatch'),
                  ('NADIE-1', '3', 'unknown_reference'), (null, '4', 'unknown_reference')`.execute(db);
              },
            },
          },
        },
        plugin: async (app, ctx) => {
          await app.register(paymentStaffRoutes(optionsOf('orders', orders), { alsoIssuedBy: [pledges] }), ctx);
          await app.register(paymentStaffRoutes(optionsOf('pledges', pledges), { alsoIssuedBy: [orders] }), ctx);
        },
      },
      { identity: identity.verifier, staff },
    );
  });
  afterAll(async () => {
    await api.close();
  });

  const review = async (name: string) => {
    const res = await api.app.inject({
      url: `/api/probe/staff/payments/${name}`,
      headers: { authorization: `Bearer ${staffToken(identity, { email: 'finanzas@fundacion.org' })}` },
    });
    expect(res.statusCode).toBe(200);
    return res
      .json<PaymentsReviewResponse>()
      .issues.map((i) => i.payment_id)
      .sort();
  };

  it("shows the orders' review the order's difference and those nobody issued, and the pledges' its own and the same", async () => {
    expect(await review('orders')).toEqual(['1', '3', '4']);
    expect(await review('pledges')).toEqual(['2', '3', '4']);
  });

  it("does not let one payable's review mark its sibling's difference reviewed", async () => {
    const mark = (name: string, id: number) =>
      api.app.inject({
        method: 'POST',
        url: `/api/probe/staff/payments/${name}/discrepancies/${id}/review`,
        headers: { authorization: `Bearer ${staffToken(identity, { email: 'finanzas@fundacion.org' })}` },
      });
    // Discrepancy 2 is the pledge's: the orders' review does not list it, and cannot mark it.
    expect((await mark('orders', 2)).statusCode).toBe(404);
    expect((await mark('pledges', 2)).statusCode).toBe(200);
    // One nobody issued is either review's to mark.
    expect((await mark('orders', 3)).statusCode).toBe(200);
  });
});

import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The columns every payable record keeps (see `PayableColumns`): status as the provider reports it, the payment's id,
 * detail, type and dates, and when the receipt went out. Used in a migration as `.$call(addPayableColumns)`.
 */
export function addPayableColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('processing...'))
    .addColumn('payment_id', 'text')
    .addColumn('status_detail', 'text')
    .addColumn('payment_type', 'text')
    .addColumn('preference_id', 'text')
    .addColumn('payment_created_at', 'timestamptz')
    .addColumn('payment_date', 'timestamptz')
    .addColumn('date_approved', 'timestamptz')
    .addColumn('receipt_sent_at', 'timestamptz');
}

/** The processed notifications of a domain (`x-request-id`s), so a repeated delivery does no work twice. */
export async function createPaymentNotificationsTable(db: Kysely<unknown>, schema: string) {
  await db.schema
    .withSchema(schema)
    .createTable('payment_notifications')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('data_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/**
 * The payment history of a domain's records (`PaymentEventsTable`): one row per payment and reported status, so a
 * repeated report adds nothing and the staff see every status the provider went through, in order.
 */
export async function createPaymentEventsTable(db: Kysely<unknown>, schema: string) {
  await db.schema
    .withSchema(schema)
    .createTable('payment_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_detail', 'text')
    .addColumn('amount', 'numeric')
    .addColumn('currency', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('applied', 'boolean', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(`${schema}_payment_event_once`, ['payment_id', 'status'])
    .execute();
  await db.schema
    .withSchema(schema)
    .createIndex('payment_events_reference')
    .on('payment_events')
    .columns(['reference', 'seen_at'])
    .execute();
}

/**
 * Migration step for reconciliation (#14): when the provider was last asked about a record, and the staff's review of
 * each discrepancy.
 */
export async function addReconciliationColumns(db: Kysely<unknown>, schema: string, table: string) {
  await db.schema.withSchema(schema).alterTable(table).addColumn('reconciled_at', 'timestamptz').execute();
  await db.schema
    .withSchema(schema)
    .alterTable('payment_discrepancies')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'text')
    .execute();
}

/**
 * Migration step for the guards of #11 on a payable table: the hash of its checkout's claim secret (`claim.ts`), and a
 * domain table where payments that could not be applied are kept for the staff (amount or currency that do not match
 * the record, references nobody issued).
 */
export async function addPaymentGuards(db: Kysely<unknown>, schema: string, table: string) {
  await db.schema.withSchema(schema).alterTable(table).addColumn('claim_hash', 'text').execute();
  await db.schema
    .withSchema(schema)
    .createTable('payment_discrepancies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text')
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expected_amount', 'integer')
    .addColumn('reported_amount', 'numeric')
    .addColumn('reported_currency', 'text')
    .addColumn('reported_status', 'text')
    .addColumn('detected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(`${table}_discrepancy_once`, ['payment_id', 'kind', 'reported_status'])
    .execute();
}

/**
 * Migration step for a domain's further payable (#27: a second table of things paid in a schema that already has its
 * payments tables): the columns `addPaymentGuards` and `addReconciliationColumns` gave the first one — its checkout's
 * claim hash and when the provider was last asked — without making the schema's discrepancies table again. The
 * domain's notifications, events and discrepancies tables serve all its payables.
 */
export async function addFurtherPayableColumns(db: Kysely<unknown>, schema: string, table: string) {
  await db.schema.withSchema(schema).alterTable(table).addColumn('claim_hash', 'text').addColumn('reconciled_at', 'timestamptz').execute();
}

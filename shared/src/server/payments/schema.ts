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

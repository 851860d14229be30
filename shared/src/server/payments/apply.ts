import { sql } from 'kysely';
import type { AnyDatabase } from '../db';
import { shouldApplyPayment, type ProviderPayment } from './provider';

/** Columns every payable record (enrolment, donation) has, so one rule applies payment reports to both. */
export interface PayableColumns {
  reference: string;
  payment_id: string | null;
  payment_status: string | null;
  status_detail: string | null;
  payment_type: string | null;
  payment_created_at: string | Date | null;
  payment_date: string | Date | null;
  date_approved: string | Date | null;
  receipt_sent_at: string | Date | null;
}

export interface ApplyResult<Row> {
  /** False when no record has the payment's external reference. */
  found: boolean;
  applied: boolean;
  /** True exactly once per record: the report that first made it approved (send the receipt then). */
  firstApproval: boolean;
  record: Row | null;
}

/**
 * Applies a payment the provider reported to the record with its external reference, in one transaction,
 * only if it moves the record forward. Never call this while holding another transaction, and never from
 * the browser's word: `payment` must come from the provider.
 */
export async function applyProviderPayment<Row extends PayableColumns>(
  db: AnyDatabase,
  table: string,
  payment: ProviderPayment,
): Promise<ApplyResult<Row>> {
  if (!payment.external_reference) return { found: false, applied: false, firstApproval: false, record: null };
  return db.transaction().execute(async (trx) => {
    const current = (await trx
      .selectFrom(table)
      .selectAll()
      .where('reference', '=', payment.external_reference)
      .forUpdate()
      .executeTakeFirst()) as Row | undefined;
    if (!current) return { found: false, applied: false, firstApproval: false, record: null };
    if (!shouldApplyPayment(current, payment)) return { found: true, applied: false, firstApproval: false, record: current };
    const approved = payment.status === 'approved';
    const firstApproval = approved && !current.receipt_sent_at;
    const updated = (await trx
      .updateTable(table)
      .set({
        payment_id: payment.id,
        payment_status: payment.status,
        status_detail: payment.status_detail,
        payment_type: payment.payment_type_id,
        payment_created_at: payment.date_created ? new Date(payment.date_created) : null,
        payment_date: payment.date_last_updated ? new Date(payment.date_last_updated) : new Date(),
        date_approved: payment.date_approved ? new Date(payment.date_approved) : current.date_approved,
        ...(firstApproval ? { receipt_sent_at: new Date() } : {}),
        updated_at: sql`now()`,
      })
      .where('reference', '=', payment.external_reference)
      .returningAll()
      .executeTakeFirst()) as Row;
    return { found: true, applied: true, firstApproval, record: updated };
  });
}

/** Remembers a processed notification; false when it was processed before (a duplicate delivery). */
export async function rememberNotification(db: AnyDatabase, table: string, requestId: string, dataId: string): Promise<boolean> {
  const row = await db
    .insertInto(table)
    .values({ request_id: requestId, data_id: dataId })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function wasNotificationProcessed(db: AnyDatabase, table: string, requestId: string): Promise<boolean> {
  return Boolean(await db.selectFrom(table).select('request_id').where('request_id', '=', requestId).executeTakeFirst());
}

import { sql, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  PayableTable,
  PayableTableName,
  PaymentDiscrepanciesTableName,
  PaymentEventSource,
  PaymentEventsTableName,
  PaymentNotificationsTableName,
  SiteDb,
} from '../database';
import { shouldApplyPayment, type ProviderPayment } from './provider';

/** A payable record as read back: any domain's row with the columns every payable record has. */
export type PayableRow = Selectable<PayableTable>;

/** Where a domain keeps its payable records, what each one must be paid, and where refused payments are noted. */
export interface PayableTarget<T extends PayableTableName> {
  /** e.g. `courses.enrolments`. */
  table: T;
  /** The amount the server priced the record at, in whole COP (`price`, `donation_amount`); a payment must pay exactly this. */
  amountOf: (record: Selectable<Database[T]>) => number;
  /** e.g. `courses.payment_discrepancies` (see `addPaymentGuards`). */
  discrepanciesTable: PaymentDiscrepanciesTableName;
  /** e.g. `courses.payment_events` (see `createPaymentEventsTable`): the record's payment history. */
  eventsTable: PaymentEventsTableName;
  /** The domain's own condition on a report (courses: a seat for the payment); see `PayableAdmission`. */
  admit?: PayableAdmission<T> | undefined;
}

/**
 * What a domain decides itself when a report pays its record as priced and moves it forward, in the report's own
 * transaction: a course approval needs a seat, a pending course payment keeps its seat until its deadline.
 */
export interface PayableAdmission<T extends PayableTableName> {
  /** Locks what `check` reads before the record's row is locked (courses: the cohort row, as its checkouts do). */
  lock: (trx: Transaction<Database>, reference: string) => Promise<void>;
  /**
   * Refuses the report with a kind (noted for the staff like an amount that does not match: nothing applied, nothing
   * sent, the status check answers 409), or accepts it (null) and may write what follows from it to the record.
   */
  check: (
    trx: Transaction<Database>,
    record: Selectable<Database[T]>,
    payment: ProviderPayment,
    now: Date,
  ) => Promise<AdmissionRefusal | null>;
}

/** Why a domain refused a payment that paid its record as priced: an approval that came when the cohort had no seat. */
export type AdmissionRefusal = 'seat_unavailable';

/** Why a payment the provider reported was not applied to the record it names. */
export type Discrepancy = 'amount_mismatch' | 'currency_mismatch' | 'unknown_reference' | AdmissionRefusal;

export interface ApplyResult<Row> {
  /** False when no record has the payment's external reference. */
  found: boolean;
  applied: boolean;
  /** True exactly once per record: the report that first made it approved (send the receipt then). */
  firstApproval: boolean;
  /** The report moved the record to a new payment or status (false for a repeat of what it already showed). */
  changed: boolean;
  record: Row | null;
  /** Set when the payment does not belong to the record as priced (it approves nothing and is noted for the staff). */
  discrepancy: Discrepancy | null;
  /** This report noted its discrepancy for the first time (repeats of the same payment and status note nothing more). */
  firstNoted: boolean;
}

/** The currency every record is priced in. */
const CURRENCY = 'COP';

/** Whether the payment pays exactly what the record was priced at, in pesos; null when it does. */
export function paymentDiscrepancy(expectedAmount: number, payment: Pick<ProviderPayment, 'transaction_amount' | 'currency_id'>) {
  if ((payment.currency_id ?? '').toUpperCase() !== CURRENCY) return 'currency_mismatch' as const;
  if (!Number.isFinite(payment.transaction_amount) || payment.transaction_amount !== expectedAmount) return 'amount_mismatch' as const;
  return null;
}

/**
 * Applies a payment the provider reported to the record with its external reference, in one transaction,
 * only if it moves the record forward and pays what the record was priced at. Never call this while holding another
 * transaction, and never from the browser's word: `payment` must come from the provider.
 */
export async function applyProviderPayment<T extends PayableTableName>(
  db: SiteDb,
  target: PayableTarget<T>,
  payment: ProviderPayment,
  source: PaymentEventSource,
): Promise<ApplyResult<Selectable<Database[T]>>> {
  // Database[T] extends PayableTable (that is what makes T a PayableTableName), which TypeScript cannot see through an
  // unresolved T; the intersection states it.
  type Row = Selectable<Database[T]> & PayableRow;
  const none = { applied: false, firstApproval: false, changed: false, firstNoted: false } as const;
  const reference = payment.external_reference;
  if (!reference) return { ...none, found: false, record: null, discrepancy: null };
  // Kysely types a query over a table-name type parameter as a query over every table at once; the payable tables
  // are queried here through what they share (`PayableTable`), and the row is the caller's table's, by construction.
  const table: PayableTableName = target.table;
  return db.transaction().execute(async (trx) => {
    if (target.admit) await target.admit.lock(trx, reference);
    const current = (await trx.selectFrom(table).selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst()) as
      Row | undefined;
    const expected = current ? target.amountOf(current) : null;
    let discrepancy: Discrepancy | null = expected !== null ? paymentDiscrepancy(expected, payment) : 'unknown_reference';
    let applies = !discrepancy && current !== undefined && shouldApplyPayment(current, payment);
    if (applies && current && target.admit) {
      const refused = await target.admit.check(trx, current, payment, new Date());
      if (refused) {
        discrepancy = refused;
        applies = false;
      }
    }
    if (current) {
      // The history keeps each status once per payment, however often and in whatever order the provider repeats it.
      await trx
        .insertInto(target.eventsTable)
        .values({
          reference,
          payment_id: payment.id,
          status: payment.status,
          status_detail: payment.status_detail,
          amount: Number.isFinite(payment.transaction_amount) ? payment.transaction_amount : null,
          currency: payment.currency_id,
          source,
          applied: applies,
        })
        .onConflict((oc) => oc.columns(['payment_id', 'status']).doNothing())
        .execute();
    }
    if (discrepancy) {
      // Noted once per payment, kind and status, so the staff see it however often the provider repeats itself.
      const noted = await trx
        .insertInto(target.discrepanciesTable)
        .values({
          reference,
          payment_id: payment.id,
          kind: discrepancy,
          expected_amount: expected,
          reported_amount: Number.isFinite(payment.transaction_amount) ? payment.transaction_amount : null,
          reported_currency: payment.currency_id,
          reported_status: payment.status,
        })
        .onConflict((oc) => oc.columns(['payment_id', 'kind', 'reported_status']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return { ...none, found: Boolean(current), record: current ?? null, discrepancy, firstNoted: noted !== undefined };
    }
    if (!current) return { ...none, found: false, record: null, discrepancy: null };
    if (!applies) return { ...none, found: true, record: current, discrepancy: null };
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
        updated_at: sql<Date>`now()`,
      })
      .where('reference', '=', reference)
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    const changed = current.payment_id !== payment.id || current.payment_status !== payment.status;
    return { found: true, applied: true, firstApproval, changed, record: updated, discrepancy: null, firstNoted: false };
  });
}

/** Remembers a processed notification; false when it was processed before (a duplicate delivery). */
export async function rememberNotification(
  db: SiteDb,
  table: PaymentNotificationsTableName,
  requestId: string,
  dataId: string,
): Promise<boolean> {
  const row = await db
    .insertInto(table)
    .values({ request_id: requestId, data_id: dataId })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function wasNotificationProcessed(db: SiteDb, table: PaymentNotificationsTableName, requestId: string): Promise<boolean> {
  return Boolean(await db.selectFrom(table).select('request_id').where('request_id', '=', requestId).executeTakeFirst());
}

import { sql } from 'kysely';
import type { PayableDeclaration } from '../../payments/staff-operations';
import type { ApiContext } from '../api-contract';
import type { PayableTableName } from '../database';
import { scheduleRecurring } from '../jobs';
import { CHECKOUT_VALIDITY_MS } from './checkout';
import type { ProviderPayment } from './provider';
import { payableApplier, payableTag, type PayableOptions } from './routes';

/** Defaults of `ServerSettings.paymentReconciliation`. */
export const RECONCILE_DEFAULTS = { afterMinutes: 30, everyMinutes: 15 } as const;

/** Statuses after which a record waits for nothing more from its checkout (a later refund still arrives by notification). */
const SETTLED = ['approved', 'authorized', 'refunded', 'charged_back'];

/** Records asked about per run: the provider's rate limits are per merchant, shared with the visitors' checkouts. */
const BATCH = 100;

export interface ReconcileOutcome {
  /** Records the provider was asked about. */
  checked: number;
  /** Payment reports that changed a record. */
  applied: number;
  /** Records whose provider read failed (they are asked again next run). */
  failed: number;
  /** Holds released because their payment's own deadline passed unpaid (`PayableOptions.lapsed`). */
  released: number;
}

type Log = { warn: (o: object, m: string) => void; info?: (o: object, m: string) => void };

/**
 * Asks the provider again about every record whose checkout was opened at least `afterMinutes` ago, is still within its
 * validity, and has no settled payment: a notification that never arrived (lost, or the site was down through all the
 * provider's retries) leaves it pending for ever otherwise. Every payment the provider has for the record's reference
 * is applied as a notification would be (forward only, amounts checked, receipt once, refund follow-up). Oldest
 * unchecked first; at most a batch per run. Then the domain's lapsed holds (`options.lapsed`): asked about too, and
 * released when the provider, answering, still has no payment for them.
 */
export async function reconcilePayments<T extends PayableTableName>(
  ctx: ApiContext,
  options: PayableOptions<T>,
  log: Log,
  now: Date = new Date(),
  /** By hand, staff ask about every waiting checkout at once (0); the schedule waits for the provider's notification. */
  afterMinutes: number = (ctx.settings.paymentReconciliation ?? RECONCILE_DEFAULTS).afterMinutes,
): Promise<ReconcileOutcome> {
  const quietSince = new Date(now.getTime() - afterMinutes * 60_000);
  const table: PayableTableName = options.table;
  const due = await ctx.db
    .selectFrom(table)
    .select(['reference', 'payment_id'])
    .where('preference_id', 'is not', null)
    .where('payment_status', 'not in', SETTLED)
    .where('created_at', '<=', quietSince)
    // A checkout older than its validity (plus a day for a late PSE/Efecty confirmation) cannot be paid any more.
    .where('created_at', '>=', new Date(now.getTime() - CHECKOUT_VALIDITY_MS - 86_400_000))
    .where((eb) => eb.or([eb('reconciled_at', 'is', null), eb('reconciled_at', '<=', quietSince)]))
    .orderBy(sql`reconciled_at nulls first`)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const apply = payableApplier(ctx, options);
  const outcome: ReconcileOutcome = { checked: 0, applied: 0, failed: 0, released: 0 };
  /** References the provider answered about in this run. */
  const read = new Set<string>();
  const ask = async (reference: string, knownPaymentId: string | null) => {
    let payments: ProviderPayment[];
    try {
      payments = await ctx.payments.searchPayments(reference);
      if (!payments.length && knownPaymentId) {
        const known = await ctx.payments.getPayment(knownPaymentId);
        payments = known ? [known] : [];
      }
    } catch (err) {
      outcome.failed += 1;
      log.warn({ tag: payableTag(options.payable), reference, err: String(err) }, 'reconciliation: provider read failed');
      return;
    }
    outcome.checked += 1;
    read.add(reference);
    for (const payment of payments) if ((await apply(payment, 'reconciliation', log)).applied) outcome.applied += 1;
    await ctx.db.updateTable(table).set({ reconciled_at: now }).where('reference', '=', reference).execute();
  };
  for (const record of due) await ask(record.reference, record.payment_id);
  if (options.lapsed) {
    // Holds whose payment's deadline passed (a ticket left unpaid, its expiry notice lost or late): the provider is asked
    // first — a payment made in time is applied, not released — and what it still calls waiting is released.
    const lapsed = await options.lapsed.due(ctx.db, now, BATCH);
    for (const reference of lapsed) {
      if (read.has(reference)) continue;
      const known = await ctx.db.selectFrom(table).select('payment_id').where('reference', '=', reference).executeTakeFirst();
      await ask(reference, known?.payment_id ?? null);
    }
    const answered = lapsed.filter((reference) => read.has(reference));
    if (answered.length) outcome.released = await options.lapsed.release(ctx, answered, now, log);
  }
  if (outcome.applied || outcome.failed || outcome.released)
    log.info?.({ tag: payableTag(options.payable), ...outcome }, 'payments reconciled');
  return outcome;
}

/** The job name of a domain's reconciliation (one run per slot across instances). */
/** The reconciliation job of a payable: `courses.payments.enrolments.reconcile`. */
export const reconcileJobName = (payable: PayableDeclaration) => `${payable.domain}.payments.${payable.name}.reconcile`;

/** Starts a domain's reconciliation every `everyMinutes`; returns the function that stops it (call it on close). */
export function scheduleReconciliation<T extends PayableTableName>(ctx: ApiContext, options: PayableOptions<T>, log: Log): () => void {
  const { everyMinutes } = ctx.settings.paymentReconciliation ?? RECONCILE_DEFAULTS;
  return scheduleRecurring(
    ctx.db,
    { name: reconcileJobName(options.payable), everyMs: everyMinutes * 60_000, run: () => reconcilePayments(ctx, options, log) },
    { onError: (err) => log.warn({ tag: payableTag(options.payable), err: String(err) }, 'reconciliation run failed') },
  );
}

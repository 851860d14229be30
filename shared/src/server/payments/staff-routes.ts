import type { FastifyPluginAsync } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import { paymentStaffOperationsOf } from '../../payments/staff-operations';
import { paymentsStaffTexts, type PaymentIssue, type PaymentsReviewResponse } from '../../payments/staff-schemas';
import type { ApiContext } from '../api-contract';
import { recordAudit } from '../audit';
import type { Database, PayableTableName, PaymentDiscrepanciesTable, PaymentDiscrepanciesTableName } from '../database';
import { ApiError } from '../http';
import { route } from '../operation-routes';
import { registerStaffRoutes, staffOf, staffRead } from '../staff-guard';
import type { Selectable } from 'kysely';
import { reconcilePayments } from './reconcile';
import { reversalStatuses } from './reversals';
import type { PayableOptions } from './routes';

/** Issues and waiting checkouts shown at once (newest first); older ones are in the records' own pages. */
const LIMIT = 200;
/** Reversed payments are listed this long after they happened. */
const REVERSALS_WINDOW_MS = 90 * 86_400_000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const amount = (v: string | number | null) => (v === null ? null : Number(v));

function issueOfDiscrepancy(d: Selectable<PaymentDiscrepanciesTable>): PaymentIssue {
  return {
    key: `d-${d.id}`,
    kind: d.kind as PaymentIssue['kind'],
    reference: d.reference,
    payment_id: d.payment_id,
    expected_amount: d.expected_amount,
    reported_amount: amount(d.reported_amount),
    reported_currency: d.reported_currency,
    reported_status: d.reported_status,
    detected_at: iso(d.detected_at) ?? '',
    reviewed_at: iso(d.reviewed_at),
    reviewed_by: d.reviewed_by,
  };
}

/**
 * The panel's payments review of one payable: what could not be applied or was reversed, the checkouts still
 * waiting, marking a discrepancy reviewed, and reconciliation now (audited). Staff only; no payer contact data. The
 * operations are declared once for every payable (shared/payments/staff-operations), its declaration choosing its
 * paths.
 */
export function paymentStaffRoutes<T extends PayableTableName>(
  options: PayableOptions<T>,
  also: {
    /** The domain's other payables' tables, which share its discrepancies table (a domain with one payable has none). */
    alsoIssuedBy?: readonly PayableTableName[];
  } = {},
): FastifyPluginAsync<ApiContext> {
  const domain = options.payable.domain;
  const ops = paymentStaffOperationsOf(options.payable);
  return async (app, ctx) => {
    const table: PayableTableName = options.table;
    const discrepancies = options.discrepanciesTable;
    // The domain's discrepancies table serves all its payables: this payable's are those of its own records and those
    // of a reference nobody in the domain issued (each payable's review lists these; either marks them reviewed).
    const issued = [table, ...(also.alsoIssuedBy ?? [])].map((t) => sql`select reference from ${sql.table(t)}`);
    const ownDiscrepancy = (eb: ExpressionBuilder<Database, PaymentDiscrepanciesTableName>) =>
      eb.or([
        eb('reference', 'is', null),
        eb('reference', 'in', eb.selectFrom(table).select('reference')),
        sql<boolean>`${sql.ref('reference')} not in (${sql.join(issued, sql` union all `)})`,
      ]);
    await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
      route(
        staff,
        ops.review,
        async () => {
          const found = await ctx.db
            .selectFrom(discrepancies)
            .selectAll()
            .where(ownDiscrepancy)
            .orderBy('detected_at', 'desc')
            .limit(LIMIT)
            .execute();
          const reversed = await ctx.db
            .selectFrom(table)
            .select(['reference', 'payment_id', 'payment_status', 'payment_date', 'updated_at'])
            .where('payment_status', 'in', reversalStatuses)
            .where('updated_at', '>=', new Date(Date.now() - REVERSALS_WINDOW_MS))
            .orderBy('updated_at', 'desc')
            .limit(LIMIT)
            .execute();
          const records = await ctx.db
            .selectFrom(table)
            .selectAll()
            .where('preference_id', 'is not', null)
            .where('payment_status', 'not in', ['approved', 'authorized', 'rejected', 'cancelled', ...reversalStatuses])
            .orderBy('created_at', 'desc')
            .limit(LIMIT)
            .execute();
          return {
            issues: [
              ...found.map(issueOfDiscrepancy),
              ...reversed.map((r): PaymentIssue => ({
                key: `r-${r.reference}`,
                kind: r.payment_status as PaymentIssue['kind'],
                reference: r.reference,
                payment_id: r.payment_id ?? '',
                expected_amount: null,
                reported_amount: null,
                reported_currency: null,
                reported_status: r.payment_status,
                detected_at: iso(r.payment_date ?? r.updated_at) ?? '',
                reviewed_at: null,
                reviewed_by: null,
              })),
            ].sort((a, b) => b.detected_at.localeCompare(a.detected_at)),
            pending: records.map((r) => ({
              reference: r.reference,
              // The payable row type is the union of the domains' tables; each domain's priced amount comes from it.
              amount: options.amountOf(r as never),
              payment_status: r.payment_status,
              payment_id: r.payment_id,
              created_at: iso(r.created_at) ?? '',
              reconciled_at: iso(r.reconciled_at),
            })),
          };
        },
        {
          config: staffRead<PaymentsReviewResponse>({
            action: `${domain}.payment.read`,
            entity: 'payment',
            count: (b) => b.issues.length + b.pending.length,
          }),
        },
      );

      route(staff, ops.markReviewed, async (request) => {
        const member = staffOf(request);
        return ctx.db.transaction().execute(async (trx) => {
          // Only a discrepancy this payable's review lists: a sibling payable's is not this review's to mark.
          const row = await trx
            .selectFrom(discrepancies)
            .selectAll()
            .where('id', '=', request.params.id)
            .where(ownDiscrepancy)
            .forUpdate()
            .executeTakeFirst();
          if (!row) throw new ApiError(404, 'not_found', paymentsStaffTexts.notFound);
          if (row.reviewed_at) throw new ApiError(409, 'already_reviewed', paymentsStaffTexts.alreadyReviewed);
          const updated = await trx
            .updateTable(discrepancies)
            .set({ reviewed_at: sql<Date>`now()`, reviewed_by: member.email })
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, member, {
            action: `${domain}.payment.review`,
            entity: 'payment',
            entityId: row.payment_id,
            detail: { kind: row.kind },
          });
          return { issue: issueOfDiscrepancy(updated) };
        });
      });

      route(staff, ops.reconcile, async (request) => {
        const outcome = await reconcilePayments(ctx, options, request.log, new Date(), 0);
        await recordAudit(ctx.db, staffOf(request), {
          action: `${domain}.payment.reconcile`,
          entity: 'payment',
          detail: { ...outcome },
        });
        return outcome;
      });
    });
  };
}

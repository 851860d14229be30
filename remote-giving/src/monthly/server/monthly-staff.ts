import type { FastifyPluginAsync } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { colombianDate, colombianDayStart } from 'shared/format/business-days';
import { LEDGER_PAGE_SIZE } from 'shared/payments/ledger';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import {
  countLedgerRows,
  isoOf,
  readLedgerList,
  readLedgerRows,
  registerLedgerExport,
  registerLedgerRecord,
  type LedgerSource,
} from 'shared/server/payments/ledger';
import type { SubscriptionChange } from 'shared/server/payments/subscriptions';
import { registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import type { MonthlyStatus } from '../../../server/tables';
import { monthlyStaffOperations as ops } from '../staff-operations';
import {
  monthlyStaffTexts as texts,
  monthlyStateLabel,
  type MonthlyActionKind,
  type MonthlyExportQuery,
  type MonthlyFilter,
  type MonthlyListResponse,
  type MonthlyMetricsResponse,
  type MonthlyRecordResponse,
  type MonthlyState,
} from '../staff-schemas';
import { changeAtProvider, sendCancelledMail, type SubscriptionRow } from './monthly';

/**
 * The staff's side of monthly giving (#29), under /api/giving/staff/monthly…: the gifts' ledger by state with the
 * ledger kit's search and keyset pages, the monthly recurring revenue and churn per Bogotá month, one gift with its
 * charges, notices and the team's actions, pausing, resuming or cancelling a gift for its donor (asked of the provider
 * first, then mirrored; each with its reason in the audit log), and the CSV export.
 */

interface ListRow {
  id: number;
  reference: string;
  created_at: Date;
  contributor_name: string;
  contributor_lastname: string;
  email: string;
  id_type: string;
  id_number: string;
  phone_number: string;
  amount: number;
  status: MonthlyStatus;
  failing: boolean;
  next_payment_date: Date | null;
  authorized_at: Date | null;
  cancelled_at: Date | null;
  charges: number;
  approved_total: string | number;
}

/** A gift's state as the panel names it: the provider's status, with an authorized gift whose last charge failed apart. */
const stateOf = (row: { status: MonthlyStatus; failing: boolean }): MonthlyState =>
  row.status === 'authorized' ? (row.failing ? 'failing' : 'active') : row.status;

/** The SQL condition of a state, over the alias `t`. */
const stateCondition = (state: MonthlyState) => {
  if (state === 'active') return sql`t.status = 'authorized' and not t.failing`;
  if (state === 'failing') return sql`t.status = 'authorized' and t.failing`;
  return sql`t.status = ${state}`;
};

/** The gifts as the ledger kit reads them, with each one's charges counted and its approved charges added up. */
const ledger: LedgerSource<MonthlyFilter> = {
  table: 'giving.subscriptions',
  columns: `t.id, t.reference, t.created_at, t.contributor_name, t.contributor_lastname, t.email, t.id_type, t.id_number,
    t.phone_number, t.amount, t.status, t.failing, t.next_payment_date, t.authorized_at, t.cancelled_at,
    (select count(*)::int from giving.contributions c where c.subscription_reference = t.reference) as charges,
    (select coalesce(sum(c.donation_amount), 0)::bigint from giving.contributions c
      where c.subscription_reference = t.reference and c.payment_status = 'approved') as approved_total`,
  where: (filter) => (filter.estado ? [stateCondition(filter.estado)] : []),
};

/** The Bogotá month after `month` (YYYY-MM). */
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/** The first instant of a Bogotá month (Colombia keeps UTC−5 all year: no time-zone database, which PGlite lacks). */
const monthStart = (month: string) => colombianDayStart(`${month}-01`);

/**
 * A gift is active at an instant when it was authorized before it, not cancelled by then, and not paused since before
 * it (`paused_at` is the current pause's start: an earlier pause that was resumed is not remembered).
 */
const activeAt = (instant: RawBuilder<unknown>) =>
  sql`s.authorized_at < ${instant} and (s.cancelled_at is null or s.cancelled_at >= ${instant}) and (s.paused_at is null or s.paused_at >= ${instant})`;

/**
 * The 12 Bogotá months up to `last`, newest first: the monthly recurring revenue (the current monthly amounts of the
 * gifts active at the month's end), the gifts active at its end and at its start, the gifts first authorized in it,
 * the authorized gifts cancelled in it, and churn = cancelled ÷ active at the start (one decimal; none without any).
 */
async function readMetrics(db: SiteDb, last: string): Promise<MonthlyMetricsResponse> {
  const months: string[] = [last];
  while (months.length < 12) months.push(previousMonth(months.at(-1) as string));
  const values = sql.join(months.map((m) => sql`(${m}::text, ${monthStart(m)}::timestamptz, ${monthStart(nextMonth(m))}::timestamptz)`));
  const starts = sql.ref('m.starts');
  const ends = sql.ref('m.ends');
  const result = await sql<{
    month: string;
    mrr: string | number;
    active: number;
    active_start: number;
    started: number;
    cancelled: number;
  }>`
    with m(month, starts, ends) as (values ${values})
    select m.month,
      coalesce(sum(s.amount) filter (where ${activeAt(ends)}), 0)::bigint as mrr,
      count(s.id) filter (where ${activeAt(ends)})::int as active,
      count(s.id) filter (where ${activeAt(starts)})::int as active_start,
      count(s.id) filter (where s.authorized_at >= m.starts)::int as started,
      count(s.id) filter (where s.cancelled_at >= m.starts and s.cancelled_at < m.ends)::int as cancelled
    from m left join giving.subscriptions s on s.authorized_at is not null and s.authorized_at < m.ends
    group by m.month
    order by m.month desc`.execute(db);
  return {
    months: result.rows.map((r) => {
      const activeAtStart = Number(r.active_start);
      const cancelled = Number(r.cancelled);
      return {
        month: r.month,
        mrr: Number(r.mrr),
        active: Number(r.active),
        activeAtStart,
        started: Number(r.started),
        cancelled,
        churn: activeAtStart === 0 ? null : Math.round((cancelled / activeAtStart) * 1000) / 10,
      };
    }),
  };
}

const actionNames: Record<MonthlyActionKind, `giving.monthly.${MonthlyActionKind}`> = {
  pause: 'giving.monthly.pause',
  resume: 'giving.monthly.resume',
  cancel: 'giving.monthly.cancel',
};
const kindOfAction = (action: string): MonthlyActionKind | null =>
  (Object.entries(actionNames).find(([, name]) => name === action)?.[0] as MonthlyActionKind | undefined) ?? null;

/** The audit log's kind of record for a monthly gift (its id is the gift's reference). */
const ENTITY = 'monthly_gift';

async function readRecord(db: SiteDb, reference: string): Promise<MonthlyRecordResponse | undefined> {
  const row = await db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!row) return undefined;
  const [charges, notices, actions] = await Promise.all([
    db
      .selectFrom('giving.contributions')
      .select(['reference', 'donation_amount', 'payment_status', 'created_at', 'date_approved'])
      .where('subscription_reference', '=', reference)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('giving.subscription_notices')
      .selectAll()
      .where('subscription_reference', '=', reference)
      .orderBy('sent_at', 'desc')
      .execute(),
    db
      .selectFrom('staff.audit_log')
      .select(['action', 'at', 'actor_email', 'detail'])
      .where('entity', '=', ENTITY)
      .where('entity_id', '=', reference)
      .where('action', 'in', Object.values(actionNames))
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    reference: row.reference,
    createdAt: isoOf(row.created_at) ?? '',
    donor: {
      name: row.contributor_name,
      lastname: row.contributor_lastname,
      idType: row.id_type,
      idNumber: row.id_number,
      email: row.email,
      phone: row.phone_number,
    },
    amount: row.amount,
    state: stateOf(row),
    nextPaymentDate: isoOf(row.next_payment_date),
    authorizedAt: isoOf(row.authorized_at),
    pausedAt: isoOf(row.paused_at),
    cancelledAt: isoOf(row.cancelled_at),
    cancelledBy: row.cancel_reason,
    card: row.payment_method_id,
    lastChargeStatus: row.last_charge_status,
    charges: charges.map((c) => ({
      reference: c.reference,
      amount: c.donation_amount,
      paymentStatus: c.payment_status,
      createdAt: isoOf(c.created_at) ?? '',
      approvedAt: isoOf(c.date_approved),
    })),
    notices: notices.map((n) => ({ kind: n.kind, key: n.payment_id, sentAt: isoOf(n.sent_at) ?? '' })),
    actions: actions.flatMap((a) => {
      const kind = kindOfAction(a.action);
      const reason = typeof a.detail.motivo === 'string' ? a.detail.motivo : '';
      return kind ? [{ kind, at: isoOf(a.at) ?? '', by: a.actor_email, reason }] : [];
    }),
  };
}

const csvColumns: CsvColumn<ListRow>[] = [
  { header: 'Referencia', value: (r) => r.reference },
  { header: 'Fecha de inicio', value: (r) => new Date(r.created_at) },
  { header: 'Nombres', value: (r) => r.contributor_name },
  { header: 'Apellidos', value: (r) => r.contributor_lastname },
  { header: 'Tipo de documento', value: (r) => r.id_type },
  { header: 'Número de documento', value: (r) => r.id_number },
  { header: 'Correo electrónico', value: (r) => r.email },
  { header: 'Teléfono', value: (r) => r.phone_number },
  { header: 'Valor mensual (COP)', value: (r) => r.amount },
  { header: 'Estado', value: (r) => monthlyStateLabel(stateOf(r)) },
  { header: 'Próximo cobro', value: (r) => (r.next_payment_date ? new Date(r.next_payment_date) : null) },
  { header: 'Cobros', value: (r) => Number(r.charges) },
  { header: 'Total aprobado (COP)', value: (r) => Number(r.approved_total) },
  { header: 'Autorizada el', value: (r) => (r.authorized_at ? new Date(r.authorized_at) : null) },
  { header: 'Cancelada el', value: (r) => (r.cancelled_at ? new Date(r.cancelled_at) : null) },
];

const notFound = () => new ApiError(404, 'not_found', texts.notFound);
const conflict = (message: string) => new ApiError(409, 'invalid_status', message);

/** Why the action does not apply to the gift as it stands (409), or null when it does. */
function refusalOf(row: SubscriptionRow, kind: MonthlyActionKind): string | null {
  if (row.status === 'cancelled') return texts.cancelled;
  if (!row.preapproval_id) return texts.notAuthorized;
  if (kind === 'pause' && row.status !== 'authorized') return row.status === 'pending' ? texts.notAuthorized : texts.notActive;
  if (kind === 'resume' && row.status !== 'paused') return texts.notPaused;
  return null;
}

const changes: Record<MonthlyActionKind, SubscriptionChange> = {
  pause: { kind: 'pause' },
  resume: { kind: 'resume' },
  cancel: { kind: 'cancel' },
};

export const monthlyStaffRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  /**
   * A team member's action on a gift for its donor: checked against the gift's state, asked of the provider and
   * mirrored (monthly.ts `changeAtProvider`: 409 when it refuses, 503 when it does not answer), then recorded in the
   * audit log with its reason; a cancellation e-mails the donor as their own would, saying the team did it.
   */
  const act = async (request: Parameters<typeof staffOf>[0], reference: string, kind: MonthlyActionKind, reason: string) => {
    const row = await ctx.db.selectFrom('giving.subscriptions').selectAll().where('reference', '=', reference).executeTakeFirst();
    if (!row) throw notFound();
    const refusal = refusalOf(row, kind);
    if (refusal) throw conflict(refusal);
    const changed = await changeAtProvider(ctx, row, changes[kind], 'equipo', texts);
    await recordAudit(ctx.db, staffOf(request), {
      action: actionNames[kind],
      entity: ENTITY,
      entityId: reference,
      detail: { motivo: reason, estado: stateOf(changed) },
    });
    if (kind === 'cancel') await sendCancelledMail(ctx, changed, 'equipo');
    return (await readRecord(ctx.db, reference)) as MonthlyRecordResponse;
  };

  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      // Donors' personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.monthlyMetrics, async (request) => readMetrics(ctx.db, request.query.hasta ?? colombianDate(new Date()).slice(0, 7)));

    route(
      staff,
      ops.monthlyGifts,
      async (request) => {
        const { rows, nextCursor, summary } = await readLedgerList<ListRow, MonthlyFilter, number>(
          ctx.db,
          ledger,
          request.body,
          LEDGER_PAGE_SIZE,
          (filter) => countLedgerRows(ctx.db, ledger, filter),
        );
        return {
          items: rows.map((r) => ({
            reference: r.reference,
            createdAt: isoOf(r.created_at) ?? '',
            name: `${r.contributor_name} ${r.contributor_lastname}`,
            email: r.email,
            document: `${r.id_type} ${r.id_number}`,
            amount: r.amount,
            state: stateOf(r),
            nextPaymentDate: isoOf(r.next_payment_date),
            charges: Number(r.charges),
            approvedTotal: Number(r.approved_total),
          })),
          nextCursor,
          total: summary,
        };
      },
      { config: staffRead<MonthlyListResponse>({ action: 'giving.monthly.read', entity: ENTITY, count: (b) => b.items.length }) },
    );

    registerLedgerExport<MonthlyExportQuery, ListRow>(staff, ctx.db, {
      operation: ops.exportMonthlyGifts,
      action: 'giving.monthly.export',
      entity: 'monthly_gifts',
      filename: () => `donaciones-mensuales-${colombianDate(new Date())}.csv`,
      columns: csvColumns,
      readPage: (filter, limit, before) => readLedgerRows<ListRow, MonthlyFilter>(ctx.db, ledger, filter, limit, before),
      count: (filter) => countLedgerRows(ctx.db, ledger, filter),
    });

    registerLedgerRecord<MonthlyRecordResponse>(staff, {
      operation: ops.monthlyGift,
      read: { action: 'giving.monthly.read', entity: ENTITY },
      readRecord: (reference) => readRecord(ctx.db, reference),
      notFound,
    });

    route(staff, ops.pauseMonthlyGift, async (request) => act(request, request.params.reference, 'pause', request.body.reason));
    route(staff, ops.resumeMonthlyGift, async (request) => act(request, request.params.reference, 'resume', request.body.reason));
    route(staff, ops.cancelMonthlyGift, async (request) => act(request, request.params.reference, 'cancel', request.body.reason));
  });
};

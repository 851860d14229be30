import type { FastifyPluginAsync } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { colombianDate, colombianDayStart, nextDate } from 'shared/format/business-days';
import {
  donationLedgerTexts,
  type DonationExportQuery,
  type DonationFilter,
  type DonationListResponse,
  type DonationRecordResponse,
  type DonationTotalsQuery,
  type DonationTotalsResponse,
} from '../schemas';
import { LEDGER_PAGE_SIZE, paymentStatusLabel, paymentTypeLabel } from 'shared/payments/ledger';
import type { ApiContext } from 'shared/server/api-contract';
import type { CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import {
  countLedgerRows,
  isoOf,
  paymentOf,
  readLedgerList,
  readLedgerRows,
  readPaymentTrail,
  registerLedgerExport,
  registerLedgerRecord,
  type LedgerSource,
} from 'shared/server/payments/ledger';
import { registerStaffRoutes, staffRead } from 'shared/server/staff-guard';
import { route } from 'shared/server/operation-routes';
import { donationStaffOperations as ops } from '../operations';

/**
 * The staff's ledger of donations (#14), under /api/giving/staff/donations…: approved totals per Bogotá month and
 * year, a newest-first list by payment status and Bogotá date range with an accent-blind search (POST: names never go
 * in a URL), one donation with its payment history, and the CSV export (audited with its filter and row count).
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
  donation_amount: number;
  payment_status: string;
  payment_id: string | null;
  payment_type: string | null;
  date_approved: Date | null;
}

/** The donations as the ledger kit reads them: the dates are the donation's Bogotá calendar days, both ends included. */
const ledger: LedgerSource<DonationFilter> = {
  table: 'giving.contributions',
  columns: `t.id, t.reference, t.created_at, t.contributor_name, t.contributor_lastname, t.email, t.id_type, t.id_number,
    t.phone_number, t.donation_amount, t.payment_status, t.payment_id, t.payment_type, t.date_approved`,
  where: (filter) => [
    ...(filter.pago ? [sql`t.payment_status = ${filter.pago}`] : []),
    ...(filter.desde ? [sql`t.created_at >= ${colombianDayStart(filter.desde)}`] : []),
    ...(filter.hasta ? [sql`t.created_at < ${colombianDayStart(nextDate(filter.hasta))}`] : []),
  ],
};

/**
 * Approved donations by the Bogotá month of their approval (Colombia keeps UTC−5 all year, so no time-zone database
 * is needed: the embedded PGlite has none), newest first; the years are the months added up.
 */
async function readTotals(db: SiteDb, range: DonationTotalsQuery): Promise<DonationTotalsResponse> {
  const where: RawBuilder<unknown>[] = [sql`payment_status = 'approved'`, sql`date_approved is not null`];
  if (range.desde) where.push(sql`date_approved >= ${colombianDayStart(range.desde)}`);
  if (range.hasta) where.push(sql`date_approved < ${colombianDayStart(nextDate(range.hasta))}`);
  const result = await sql<{ month: string; count: number; amount: string }>`
    select to_char((date_approved at time zone 'UTC') - interval '5 hours', 'YYYY-MM') as month,
      count(*)::int as count, sum(donation_amount)::bigint as amount
    from giving.contributions
    where ${sql.join(where, sql` and `)}
    group by 1 order by 1 desc`.execute(db);
  const months = result.rows.map((r) => ({ month: r.month, count: Number(r.count), amount: Number(r.amount) }));
  const years = new Map<string, { year: string; count: number; amount: number }>();
  for (const m of months) {
    const year = m.month.slice(0, 4);
    const y = years.get(year) ?? { year, count: 0, amount: 0 };
    y.count += m.count;
    y.amount += m.amount;
    years.set(year, y);
  }
  return { months, years: [...years.values()] };
}

async function readRecord(db: SiteDb, reference: string): Promise<DonationRecordResponse | undefined> {
  const d = await db.selectFrom('giving.contributions').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!d) return undefined;
  const trail = await readPaymentTrail(db, { events: 'giving.payment_events', discrepancies: 'giving.payment_discrepancies' }, reference);
  return {
    reference: d.reference,
    createdAt: isoOf(d.created_at) ?? '',
    donor: {
      name: d.contributor_name,
      lastname: d.contributor_lastname,
      idType: d.id_type,
      idNumber: d.id_number,
      email: d.email,
      phone: d.phone_number,
    },
    amount: d.donation_amount,
    subscriptionReference: d.subscription_reference,
    payment: paymentOf(d),
    ...trail,
  };
}

const csvColumns: CsvColumn<ListRow>[] = [
  { header: 'Referencia', value: (r) => r.reference },
  { header: 'Fecha de la donación', value: (r) => new Date(r.created_at) },
  { header: 'Nombres', value: (r) => r.contributor_name },
  { header: 'Apellidos', value: (r) => r.contributor_lastname },
  { header: 'Tipo de documento', value: (r) => r.id_type },
  { header: 'Número de documento', value: (r) => r.id_number },
  { header: 'Correo electrónico', value: (r) => r.email },
  { header: 'Teléfono', value: (r) => r.phone_number },
  { header: 'Valor (COP)', value: (r) => r.donation_amount },
  { header: 'Estado del pago', value: (r) => paymentStatusLabel(r.payment_status) },
  { header: 'Número del pago', value: (r) => r.payment_id },
  { header: 'Medio de pago', value: (r) => paymentTypeLabel(r.payment_type) },
  { header: 'Fecha de aprobación', value: (r) => (r.date_approved ? new Date(r.date_approved) : null) },
];

const notFound = () => new ApiError(404, 'not_found', donationLedgerTexts.notFound);

export const donationStaffRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      // Donors' personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.donationTotals, async (request) => readTotals(ctx.db, request.query));

    route(
      staff,
      ops.donations,
      async (request) => {
        const { rows, nextCursor, summary } = await readLedgerList<ListRow, DonationFilter, number>(
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
            amount: r.donation_amount,
            paymentStatus: r.payment_status,
            approvedAt: isoOf(r.date_approved),
          })),
          nextCursor,
          total: summary,
        };
      },
      { config: staffRead<DonationListResponse>({ action: 'giving.donation.read', entity: 'donation', count: (b) => b.items.length }) },
    );

    registerLedgerExport<DonationExportQuery, ListRow>(staff, ctx.db, {
      operation: ops.exportDonations,
      action: 'giving.export',
      entity: 'contributions',
      filename: () => `donaciones-${colombianDate(new Date())}.csv`,
      columns: csvColumns,
      readPage: (filter, limit, before) => readLedgerRows<ListRow, DonationFilter>(ctx.db, ledger, filter, limit, before),
      count: (filter) => countLedgerRows(ctx.db, ledger, filter),
    });

    registerLedgerRecord<DonationRecordResponse>(staff, {
      operation: ops.donation,
      read: { action: 'giving.donation.read', entity: 'donation' },
      readRecord: (reference) => readRecord(ctx.db, reference),
      notFound,
    });
  });
};

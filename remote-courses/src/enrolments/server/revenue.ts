import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { courseBySlug } from '../../../manifest/catalogue';
import { colombianDate, colombianDayStart } from 'shared/format/business-days';
import { formatMonth } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { csvDisposition, toCsv, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes } from 'shared/server/staff-guard';
import { revenueStaffOperations as ops } from '../revenue-operations';
import { REVENUE_MONTHS, type RevenueResponse, type RevenueRow } from '../revenue-schemas';

/**
 * Course revenue per Bogotá calendar month (#31), for Finanzas: an approved payment counts in the month the provider
 * approved it (`date_approved`), for the enrolment's price (the site applies only a payment of that amount); a refund or
 * chargeback counts in the month the site learnt of it (its applied `payment_events` row), for the amount reported or,
 * if none, the price; a refund made from the panel (src/refunds: whole or partial) counts in the month it was done, for
 * its amount, in place of the provider's refunded event it brings. Money received outside the site and entered with
 * a manual enrolment counts in the month it was entered, for the amount received; a scholarship brings none. Totals
 * only: no audit row.
 */

/** The last `REVENUE_MONTHS` Bogotá calendar months, newest first (`YYYY-MM`), and the instant the oldest began. */
export function revenueMonths(now: Date): { months: string[]; since: Date } {
  const [year, month] = colombianDate(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = 0; i < REVENUE_MONTHS; i++) months.push(new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7));
  const oldest = months[months.length - 1] ?? '';
  return { months, since: colombianDayStart(`${oldest}-01`) };
}

export async function readCourseRevenue(db: SiteDb, now: Date): Promise<RevenueResponse> {
  const { months, since } = revenueMonths(now);
  // Both sums are built from constant SQL; the one bound value is `since`.
  const approved = await sql<{ month: string; course: string; title: string; payments: number; gross: string }>`
    select to_char(t.date_approved - interval '5 hours', 'YYYY-MM') as month, t.course_name as course,
      max(t.course_title) as title, count(*)::int as payments, coalesce(sum(t.price), 0)::text as gross
    from courses.enrolments as t
    where t.payment_id is not null and t.date_approved is not null and t.date_approved >= ${since}
    group by 1, 2
    union all
    select to_char(t.created_at - interval '5 hours', 'YYYY-MM') as month, t.course_name as course,
      max(t.course_title) as title, count(*)::int as payments, coalesce(sum(t.manual_amount), 0)::text as gross
    from courses.enrolments as t
    where t.manual_kind = 'outside_payment' and t.created_at >= ${since}
    group by 1, 2`.execute(db);
  const reversed = await sql<{ month: string; course: string; title: string; reversals: string }>`
    select to_char(x.at - interval '5 hours', 'YYYY-MM') as month, x.course, max(x.title) as title,
      coalesce(sum(x.amount), 0)::text as reversals
    from (
      select e.seen_at as at, t.course_name as course, t.course_title as title, coalesce(e.amount, t.price) as amount
      from courses.payment_events as e join courses.enrolments as t on t.reference = e.reference
      where e.applied and (e.status = 'charged_back' or (e.status = 'refunded' and not exists (
        select 1 from courses.refunds as r where r.enrolment_reference = t.reference and r.state = 'done')))
      union all
      select r.done_at as at, t.course_name as course, t.course_title as title, r.amount
      from courses.refunds as r join courses.enrolments as t on t.reference = r.enrolment_reference
      where r.state = 'done'
    ) as x
    where x.at >= ${since}
    group by 1, 2`.execute(db);

  const byKey = new Map<string, RevenueRow>();
  const rowOf = (month: string, course: string, title: string): RevenueRow => {
    const key = `${month} ${course}`;
    let row = byKey.get(key);
    if (!row) {
      row = { month, course, courseTitle: courseBySlug(course)?.title ?? title, payments: 0, gross: 0, reversals: 0, net: 0 };
      byKey.set(key, row);
    }
    return row;
  };
  for (const r of approved.rows) {
    const row = rowOf(r.month, r.course, r.title);
    row.payments += Number(r.payments);
    row.gross += Number(r.gross);
  }
  for (const r of reversed.rows) rowOf(r.month, r.course, r.title).reversals += Number(r.reversals);
  const rows = [...byKey.values()]
    .map((r) => ({ ...r, net: r.gross - r.reversals }))
    .sort((a, b) => b.month.localeCompare(a.month) || a.courseTitle.localeCompare(b.courseTitle, 'es'));
  return { months, rows };
}

const csvColumns: CsvColumn<RevenueRow>[] = [
  { header: 'Mes (AAAA-MM, hora de Bogotá)', value: (r) => r.month },
  { header: 'Mes', value: (r) => formatMonth(r.month) },
  { header: 'Curso', value: (r) => r.courseTitle },
  { header: 'Pagos aprobados', value: (r) => r.payments },
  { header: 'Recibido (COP)', value: (r) => r.gross },
  { header: 'Reembolsos y contracargos (COP)', value: (r) => r.reversals },
  { header: 'Neto (COP)', value: (r) => r.net },
];

export const courseRevenueRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  // Finanzas keeps the books (as with the enrolments CSV); Cursos follows its students on the ledger.
  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    route(staff, ops.courseRevenue, async () => readCourseRevenue(ctx.db, new Date()));
    route(staff, ops.exportCourseRevenue, async (_request, reply) => {
      const { months, rows } = await readCourseRevenue(ctx.db, new Date());
      const newest = months[0] ?? '';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition(`ingresos-cursos-${newest}.csv`))
        .send(toCsv(csvColumns, rows));
    });
  });
};

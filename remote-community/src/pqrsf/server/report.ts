import type { FastifyInstance } from 'fastify';
import { filingDate } from 'shared/cases/terms';
import { businessDaysBetween, colombianDate, colombianDayStart, nextDate, type IsoDate } from 'shared/format/business-days';
import { recordAudit } from 'shared/server/audit';
import { csvDisposition } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { route, type OperationRequest } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import { pqrsfChannels, reportPeriod, reportRequestTypes, type PqrsfReport } from '../report-schemas';
import { pqrsfStaffOperations as ops } from '../staff-operations';
import { reportCsv, reportPdf } from './report-files';
import { isOpen } from './rules';

/**
 * The PQRSF report (#32): the requests filed in a month or a semester (Bogotá calendar days), counted by type, channel
 * and month, and where each stands today — answered on time or late (the answer's Bogotá date against the due date in
 * force, extension included, as the answer's audit row judges it), transferred, closed without an answer, open within
 * its term or overdue — with the extensions and the business days from the filing to the answer (Colombian holidays).
 * Counts only: no name, document or text leaves this module.
 */

/** The audit action of a download of the report (CSV or PDF); looking at it on screen is not personal data. */
export const pqrsfReportAuditAction = 'community.pqrsf.report.export';

export async function buildReport(db: SiteDb, key: string, now: Date): Promise<PqrsfReport> {
  const period = reportPeriod(key);
  const today = colombianDate(now);
  const rows = await db
    .selectFrom('community.pqrsf_requests')
    .select(['request_type', 'created_at', 'status', 'due_date', 'original_due_date', 'responded_at', 'transferred_at'])
    .where('created_at', '>=', colombianDayStart(period.from))
    .where('created_at', '<', colombianDayStart(nextDate(period.to)))
    .execute();

  const byType = new Map<string, number>(reportRequestTypes.map((t) => [t, 0]));
  const byMonth = new Map<string, number>(period.months.map((m) => [m, 0]));
  const outcome = { answeredOnTime: 0, answeredLate: 0, transferred: 0, closedWithoutAnswer: 0, openWithinTerm: 0, openOverdue: 0 };
  let extended = 0;
  const answerDays: number[] = [];
  for (const row of rows) {
    // A type the form no longer offers still counts, under its own name.
    byType.set(row.request_type, (byType.get(row.request_type) ?? 0) + 1);
    const filed = filingDate(row.created_at);
    const month = filed.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    if (row.original_due_date) extended++;
    const due = String(row.due_date) as IsoDate;
    if (row.responded_at) {
      const answered = colombianDate(new Date(row.responded_at));
      if (answered <= due) outcome.answeredOnTime++;
      else outcome.answeredLate++;
      answerDays.push(businessDaysBetween(filed, answered));
    } else if (row.transferred_at) outcome.transferred++;
    else if (isOpen(row.status)) {
      if (due < today) outcome.openOverdue++;
      else outcome.openWithinTerm++;
    } else outcome.closedWithoutAnswer++;
  }
  const sum = answerDays.reduce((a, b) => a + b, 0);
  return {
    period: { key: period.key, label: period.label, from: period.from, to: period.to },
    today,
    generatedAt: now.toISOString(),
    total: rows.length,
    byType: [...byType].map(([type, n]) => ({ type, n })),
    // The site records no channel: every request is filed on the web form.
    byChannel: pqrsfChannels.map((channel) => ({ channel, n: rows.length })),
    byMonth: [...byMonth].map(([month, n]) => ({ month, label: monthLabel(month), n })),
    outcome,
    extended,
    answerDays: {
      answered: answerDays.length,
      // One decimal, as the published reports show it.
      average: answerDays.length ? Math.round((sum / answerDays.length) * 10) / 10 : null,
      longest: answerDays.length ? Math.max(...answerDays) : null,
    },
  };
}

const monthLabel = (month: string) => reportPeriod(month).label;

/** The report's three routes, in the Atención scope `pqrsfStaffRoutes` opens. */
export function registerReportRoutes(scope: FastifyInstance, db: SiteDb, now: () => Date) {
  route(scope, ops.report, async (request) => buildReport(db, request.query.periodo, now()));

  const download = async (request: OperationRequest<typeof ops.reportCsv | typeof ops.reportPdf>, format: 'csv' | 'pdf') => {
    const report = await buildReport(db, request.query.periodo, now());
    // Counts only, but a download leaves the panel: it is audited as every export is.
    await recordAudit(db, staffOf(request), {
      action: pqrsfReportAuditAction,
      entity: 'pqrsf',
      detail: { periodo: report.period.key, formato: format, solicitudes: report.total },
    });
    return report;
  };

  route(scope, ops.reportCsv, async (request, reply) => {
    const report = await download(request, 'csv');
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', csvDisposition(`informe-pqrsf-${report.period.key}.csv`))
      .send(reportCsv(report));
  });

  route(scope, ops.reportPdf, async (request, reply) => {
    const report = await download(request, 'pdf');
    const bytes = await reportPdf(report);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="informe-pqrsf-${report.period.key}.pdf"`)
      .send(Buffer.from(bytes));
  });
}

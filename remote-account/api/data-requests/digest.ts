import { businessDaysBetween, colombianDate, type IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { dataRequestKindLabels, openDataRequestStatuses, type DataRequestKind } from 'shared/schemas/data-requests-api';
import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { bogotaDay, runOnce, scheduleDaily } from 'shared/server/jobs';
import type { OutgoingMail } from 'shared/server/mailer';
import { renderMail } from 'shared/server/mail-template';
import { basicEmailPattern } from 'shared/schemas/zod';
import { dueSoonLimit } from './rules';
import { staffWithRole } from 'shared/server/staff-directory';

/**
 * The daily deadline digest of the data subject's requests, like PQRSF's: one e-mail to every enabled member of the team
 * listing the open requests that are overdue or due within 3 business days (Ley 1581 terms). Once a Bogotá day across
 * every instance (`runOnce` on `staff.job_runs`) from 7:00. Nothing to report sends nothing. Requests are named by
 * radicado, kind, status and date only. The same run deletes what has no reason to stay: codes a day past their expiry
 * (and their link's), wrong-code counts a day old, and copies of data whose link expired.
 */

export const DATA_DIGEST_JOB = 'account.data.digest';
export const DATA_DIGEST_HOUR = 7;
const LISTED = 100;

export interface DigestLine {
  radicado: string;
  kind: DataRequestKind;
  status: string;
  dueDate: IsoDate;
}

export interface DataDigest {
  today: IsoDate;
  overdue: DigestLine[];
  dueSoon: DigestLine[];
}

export async function collectDataDigest(db: SiteDb, today: IsoDate): Promise<DataDigest> {
  const rows = await db
    .selectFrom('account.data_requests')
    .select(['radicado', 'kind', 'status', 'due_date'])
    .where('status', 'in', openDataRequestStatuses)
    .where('due_date', '<=', dueSoonLimit(today))
    .orderBy('due_date')
    .orderBy('id')
    .limit(2 * LISTED)
    .execute();
  const lines = rows.map((r) => ({ radicado: r.radicado, kind: r.kind as DataRequestKind, status: r.status, dueDate: r.due_date }));
  return { today, overdue: lines.filter((l) => l.dueDate < today), dueSoon: lines.filter((l) => l.dueDate >= today) };
}

export const dataDigestTexts = {
  subject: (overdue: number, soon: number) => `Datos personales: ${overdue} vencidas y ${soon} por vencer`,
  intro: (today: string) =>
    `Resumen del ${today}: las solicitudes sobre datos personales (Ley 1581 de 2012) abiertas que ya vencieron y las que vencen en 3 días hábiles o menos.`,
  overdueTitle: (n: number) => `Vencidas (${n}):`,
  soonTitle: (n: number) => `Vencen en 3 días hábiles o menos (${n}):`,
  line: (l: DigestLine, when: string) => `• ${l.radicado} · ${dataRequestKindLabels[l.kind]} · ${l.status} · ${when}`,
  overdueBy: (due: string, days: number) =>
    days === 0 ? `venció el ${due}` : `venció el ${due} (hace ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  dueIn: (due: string, days: number) =>
    days === 0 ? `vence hoy, ${due}` : `vence el ${due} (en ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  action: 'Abrir las solicitudes sobre datos personales',
} as const;

export function dataDigestMail(publicOrigin: string, to: string, d: DataDigest): OutgoingMail {
  const t = dataDigestTexts;
  const paragraphs = [t.intro(formatLongDate(d.today))];
  if (d.overdue.length) {
    paragraphs.push(t.overdueTitle(d.overdue.length));
    for (const l of d.overdue) paragraphs.push(t.line(l, t.overdueBy(formatLongDate(l.dueDate), businessDaysBetween(l.dueDate, d.today))));
  }
  if (d.dueSoon.length) {
    paragraphs.push(t.soonTitle(d.dueSoon.length));
    for (const l of d.dueSoon) paragraphs.push(t.line(l, t.dueIn(formatLongDate(l.dueDate), businessDaysBetween(d.today, l.dueDate))));
  }
  return renderMail({
    to,
    subject: t.subject(d.overdue.length, d.dueSoon.length),
    greeting: 'Hola, equipo:',
    paragraphs,
    action: { label: t.action, url: `${publicOrigin}/equipo/datos-personales`, public: true },
  });
}

type DigestContext = Pick<ApiContext, 'db' | 'mailer' | 'staff' | 'settings'>;
export interface DataDigestResult {
  sent: boolean;
  recipients: number;
  overdue: number;
  dueSoon: number;
}

async function sendDigest(ctx: DigestContext, at: Date, log?: { warn(obj: object, msg: string): void }): Promise<DataDigestResult> {
  // Housekeeping first: it must happen whether or not there is anything to report.
  const dayAgo = new Date(at.getTime() - 86_400_000);
  await ctx.db
    .deleteFrom('account.data_request_codes')
    .where('expires_at', '<', dayAgo)
    .where((eb) => eb.or([eb('link_expires_at', 'is', null), eb('link_expires_at', '<', dayAgo)]))
    .execute();
  await ctx.db.deleteFrom('account.data_request_code_misses').where('at', '<', dayAgo).execute();
  await ctx.db.deleteFrom('account.data_request_exports').where('expires_at', '<', at).execute();
  const d = await collectDataDigest(ctx.db, colombianDate(at));
  const summary = { overdue: d.overdue.length, dueSoon: d.dueSoon.length };
  if (!summary.overdue && !summary.dueSoon) return { sent: false, recipients: 0, ...summary };
  const members = (await staffWithRole(ctx.staff, 'datos')).filter((m) => basicEmailPattern.test(m.email));
  for (const m of members) await ctx.mailer.send(dataDigestMail(ctx.settings.publicOrigin, m.email, d));
  if (!members.length) log?.warn({ job: DATA_DIGEST_JOB }, 'data requests digest: the team has no member to write to');
  return { sent: members.length > 0, recipients: members.length, ...summary };
}

/** Today's digest now (tests, or by hand), unless today's already ran. */
export async function runDataRequestDigest(
  ctx: DigestContext,
  options: { now?: () => Date; force?: boolean } = {},
): Promise<{ ran: true; result: DataDigestResult } | { ran: false }> {
  const at = (options.now ?? (() => new Date()))();
  return runOnce(ctx.db, DATA_DIGEST_JOB, bogotaDay(at), () => sendDigest(ctx, at), { force: options.force ?? false });
}

/** Starts the daily check from the plugin; returns the function that stops it. */
export function scheduleDataRequestDigest(
  ctx: DigestContext,
  options: { now?: () => Date; log?: { warn(obj: object, msg: string): void } } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  return scheduleDaily(
    ctx.db,
    { name: DATA_DIGEST_JOB, hour: DATA_DIGEST_HOUR, run: () => sendDigest(ctx, now(), options.log) },
    { now, onError: (err) => options.log?.warn({ job: DATA_DIGEST_JOB, err: String(err) }, 'data requests digest failed') },
  );
}

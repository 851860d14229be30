import { businessDaysBetween, colombianDate, type IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { openPqrsfStatuses, type DigestResponse } from 'shared/schemas/pqrsf-staff-api';
import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { bogotaDay, runOnce, scheduleDaily } from 'shared/server/jobs';
import type { OutgoingMail } from 'shared/server/mailer';
import { renderMail } from 'shared/server/mail-template';
import { staffPath } from 'shared/staff-routes';
import { isPlainAddress } from './pqrsf-staff-mail';
import { dueSoonLimit } from './pqrsf-staff-rules';
import { staffWithRole } from 'shared/server/staff-directory';

/**
 * The daily deadline digest: one e-mail to every member of the team listing the open PQRSF that are overdue or due
 * within 3 business days. Once a Bogotá day across every instance (`runOnce` on `staff.job_runs`), at DIGEST_HOUR or
 * later, or by hand (an admin's POST /api/community/staff/pqrsf/digest, or `runPqrsfDigest` in tests). Nothing to
 * report sends nothing. The e-mail names cases by radicado, type, status and date only: no petitioner's data in
 * mailboxes, the panel shows the rest to whoever signs in.
 */

export const PQRSF_DIGEST_JOB = 'community.pqrsf.digest';
/** From 7:00 Bogotá time the day's digest is due (the scheduler checks every few minutes). */
export const DIGEST_HOUR = 7;
/** Cases listed per section; the rest are counted and the panel lists them all. */
const LISTED = 100;

export interface DigestCase {
  radicado: string;
  requestType: string;
  status: string;
  dueDate: IsoDate;
}

export interface DigestLists {
  today: IsoDate;
  overdue: DigestCase[];
  dueSoon: DigestCase[];
  overdueCount: number;
  dueSoonCount: number;
}

/** The open cases past their due date and those due from today to 3 business days on, most urgent first. */
export async function collectDigest(db: SiteDb, today: IsoDate): Promise<DigestLists> {
  const base = () =>
    db
      .selectFrom('community.pqrsf_requests')
      .select(['radicado', 'request_type', 'status', 'due_date'])
      .where('status', 'in', openPqrsfStatuses)
      .orderBy('due_date')
      .orderBy('id');
  const [overdue, dueSoon, counts] = await Promise.all([
    base().where('due_date', '<', today).limit(LISTED).execute(),
    base().where('due_date', '>=', today).where('due_date', '<=', dueSoonLimit(today)).limit(LISTED).execute(),
    db
      .selectFrom('community.pqrsf_requests')
      .select([
        (eb) => eb.fn.countAll<number>().filterWhere('due_date', '<', today).as('overdue'),
        (eb) => eb.fn.countAll<number>().filterWhere('due_date', '>=', today).as('soon'),
      ])
      .where('status', 'in', openPqrsfStatuses)
      .where('due_date', '<=', dueSoonLimit(today))
      .executeTakeFirst(),
  ]);
  const toCase = (r: { radicado: string; request_type: string; status: string; due_date: string }): DigestCase => ({
    radicado: r.radicado,
    requestType: r.request_type,
    status: r.status,
    dueDate: r.due_date,
  });
  return {
    today,
    overdue: overdue.map(toCase),
    dueSoon: dueSoon.map(toCase),
    overdueCount: Number(counts?.overdue ?? 0),
    dueSoonCount: Number(counts?.soon ?? 0),
  };
}

export const digestTexts = {
  subject: (overdue: number, soon: number) => `PQRSF: ${overdue} vencidas y ${soon} por vencer`,
  intro: (today: string) =>
    `Resumen del ${today}: las solicitudes abiertas (en proceso o en trámite) que ya vencieron y las que vencen en 3 días hábiles o menos (Ley 1755 de 2015).`,
  overdueTitle: (n: number) => `Vencidas (${n}):`,
  soonTitle: (n: number) => `Vencen en 3 días hábiles o menos (${n}):`,
  more: (n: number) => `…y ${n} más en el panel.`,
  line: (c: DigestCase, when: string) => `• ${c.radicado} · ${c.requestType} · ${c.status} · ${when}`,
  overdueBy: (due: string, days: number) =>
    days === 0 ? `venció el ${due}` : `venció el ${due} (hace ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  dueIn: (due: string, days: number) =>
    days === 0 ? `vence hoy, ${due}` : `vence el ${due} (en ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  action: 'Abrir la bandeja de PQRSF',
} as const;

/** The digest for one member of the team. */
export function digestMail(publicOrigin: string, to: string, lists: DigestLists): OutgoingMail {
  const t = digestTexts;
  const paragraphs = [t.intro(formatLongDate(lists.today))];
  if (lists.overdueCount) {
    paragraphs.push(t.overdueTitle(lists.overdueCount));
    for (const c of lists.overdue)
      paragraphs.push(t.line(c, t.overdueBy(formatLongDate(c.dueDate), businessDaysBetween(c.dueDate, lists.today))));
    if (lists.overdueCount > lists.overdue.length) paragraphs.push(t.more(lists.overdueCount - lists.overdue.length));
  }
  if (lists.dueSoonCount) {
    paragraphs.push(t.soonTitle(lists.dueSoonCount));
    for (const c of lists.dueSoon)
      paragraphs.push(t.line(c, t.dueIn(formatLongDate(c.dueDate), businessDaysBetween(lists.today, c.dueDate))));
    if (lists.dueSoonCount > lists.dueSoon.length) paragraphs.push(t.more(lists.dueSoonCount - lists.dueSoon.length));
  }
  return renderMail({
    to,
    subject: t.subject(lists.overdueCount, lists.dueSoonCount),
    greeting: 'Hola, equipo:',
    paragraphs,
    action: { label: t.action, url: `${publicOrigin}${staffPath('/equipo/pqrsf')}`, public: true },
  });
}

export interface DigestOptions {
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

type DigestContext = Pick<ApiContext, 'db' | 'mailer' | 'staff' | 'settings'>;

/** Collects the day's lists and e-mails them to every enabled member; nothing when there is nothing to report. */
async function sendDigest(ctx: DigestContext, at: Date, log: DigestOptions['log']): Promise<DigestResponse> {
  const lists = await collectDigest(ctx.db, colombianDate(at));
  const summary = { dueSoon: lists.dueSoonCount, overdue: lists.overdueCount };
  if (!lists.dueSoonCount && !lists.overdueCount) return { ran: true, sent: false, recipients: 0, ...summary };
  const members = (await staffWithRole(ctx.staff, 'atencion')).filter((m) => isPlainAddress(m.email));
  for (const m of members) await ctx.mailer.send(digestMail(ctx.settings.publicOrigin, m.email, lists));
  if (!members.length) log?.warn({ job: PQRSF_DIGEST_JOB }, 'pqrsf digest: the team has no member to write to');
  return { ran: true, sent: members.length > 0, recipients: members.length, ...summary };
}

/** Today's digest now (by hand), unless today's already ran (here, by the schedule, or on another instance). */
export async function runPqrsfDigest(ctx: DigestContext, options: DigestOptions = {}): Promise<DigestResponse> {
  const at = (options.now ?? (() => new Date()))();
  const outcome = await runOnce(ctx.db, PQRSF_DIGEST_JOB, bogotaDay(at), () => sendDigest(ctx, at, options.log));
  return outcome.ran ? outcome.result : { ran: false, sent: false, recipients: 0, dueSoon: 0, overdue: 0 };
}

/** Starts the daily check; returns the function that stops it (the plugin calls it on close). */
export function schedulePqrsfDigest(ctx: DigestContext, options: DigestOptions & { everyMs?: number } = {}): () => void {
  return scheduleDaily(
    ctx.db,
    // scheduleDaily claims the day's run itself (the same job and period as by hand), then sends.
    { name: PQRSF_DIGEST_JOB, hour: DIGEST_HOUR, run: () => sendDigest(ctx, (options.now ?? (() => new Date()))(), options.log) },
    {
      ...(options.everyMs ? { everyMs: options.everyMs } : {}),
      ...(options.now ? { now: options.now } : {}),
      onError: (err) => options.log?.warn({ job: PQRSF_DIGEST_JOB, err: String(err) }, 'pqrsf digest failed'),
    },
  );
}

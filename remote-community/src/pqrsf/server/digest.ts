import { colombianDate, type IsoDate } from 'shared/format/business-days';
import { openPqrsfStatuses, type DigestResponse } from '../staff-schemas';
import { CASE_DIGEST_LISTED, mailDigest, scheduleCaseDigest } from 'shared/server/cases/digest';
import type { CaseDigest, CaseDigestLine, CaseDigestLists, DigestContext, DigestLog } from 'shared/server/cases/digest';
import type { SiteDb } from 'shared/server/database';
import { bogotaDay, runOnce } from 'shared/server/jobs';
import { staffPath } from 'shared/staff-routes';
import { isPlainAddress } from './staff-mail';
import { dueSoonLimit } from './rules';

/**
 * The daily deadline digest: one e-mail to every member of the team listing the open PQRSF that are overdue or due
 * within 3 business days. Once a Bogotá day across every instance (`runOnce` on `staff.job_runs`) from 7:00, or by
 * hand (an admin's POST /api/community/staff/pqrsf/digest, or `runPqrsfDigest` in tests). Nothing to report sends
 * nothing. The e-mail names cases by radicado, type, status and date only: no petitioner's data in mailboxes, the panel
 * shows the rest to whoever signs in. The legal-case kit (shared/server/cases/digest.ts) writes, sends and schedules it.
 */

export const PQRSF_DIGEST_JOB = 'community.pqrsf.digest';

export type DigestCase = CaseDigestLine<{ requestType: string }>;

export type DigestLists = CaseDigestLists<DigestCase>;

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
    base().where('due_date', '<', today).limit(CASE_DIGEST_LISTED).execute(),
    base().where('due_date', '>=', today).where('due_date', '<=', dueSoonLimit(today)).limit(CASE_DIGEST_LISTED).execute(),
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

/** Who receives the digest and what it says (the kit writes the sections and the "N más" lines). */
export const pqrsfDigest = {
  team: { role: 'atencion', accepts: isPlainAddress, job: PQRSF_DIGEST_JOB, label: 'pqrsf' },
  words: {
    subject: (overdue: number, soon: number) => `PQRSF: ${overdue} vencidas y ${soon} por vencer`,
    intro: (today: string) =>
      `Resumen del ${today}: las solicitudes abiertas (en proceso o en trámite) que ya vencieron y las que vencen en 3 días hábiles o menos (Ley 1755 de 2015).`,
    line: (c: DigestCase, when: string) => `• ${c.radicado} · ${c.requestType} · ${c.status} · ${when}`,
    action: { label: 'Abrir la bandeja de PQRSF', path: staffPath('/equipo/pqrsf') },
  },
} as const satisfies CaseDigest<DigestCase>;

export interface DigestOptions {
  now?: () => Date;
  log?: DigestLog;
}

/** Collects the day's lists and e-mails them to every enabled member; nothing when there is nothing to report. */
async function sendDigest(ctx: DigestContext, at: Date, log: DigestOptions['log']): Promise<DigestResponse> {
  const lists = await collectDigest(ctx.db, colombianDate(at));
  return { ran: true, ...(await mailDigest(ctx, lists, pqrsfDigest, log)) };
}

/** Today's digest now (by hand), unless today's already ran (here, by the schedule, or on another instance). */
export async function runPqrsfDigest(ctx: DigestContext, options: DigestOptions = {}): Promise<DigestResponse> {
  const at = (options.now ?? (() => new Date()))();
  const outcome = await runOnce(ctx.db, PQRSF_DIGEST_JOB, bogotaDay(at), () => sendDigest(ctx, at, options.log));
  return outcome.ran ? outcome.result : { ran: false, sent: false, recipients: 0, dueSoon: 0, overdue: 0 };
}

/** Starts the daily check; returns the function that stops it (the plugin calls it on close). */
export function schedulePqrsfDigest(ctx: DigestContext, options: DigestOptions & { everyMs?: number } = {}): () => void {
  return scheduleCaseDigest(ctx.db, pqrsfDigest.team, (at) => sendDigest(ctx, at, options.log), options);
}

import { colombianDate, type IsoDate } from 'shared/format/business-days';
import { dataRequestKindLabels, openDataRequestStatuses, type DataRequestKind } from '../schemas';
import { basicEmailPattern } from 'shared/schemas/zod';
import { CASE_DIGEST_LISTED, mailDigest, scheduleCaseDigest } from 'shared/server/cases/digest';
import type { CaseDigest, CaseDigestLine, CaseDigestLists, DigestContext, DigestLog } from 'shared/server/cases/digest';
import type { SiteDb } from 'shared/server/database';
import { bogotaDay, runOnce } from 'shared/server/jobs';
import { dueSoonLimit } from './rules';

/**
 * The daily deadline digest of the data subject's requests, like PQRSF's: one e-mail to every enabled member of the team
 * listing the open requests that are overdue or due within 3 business days (Ley 1581 terms). Once a Bogotá day across
 * every instance (`runOnce` on `staff.job_runs`) from 7:00. Nothing to report sends nothing. Requests are named by
 * radicado, kind, status and date only. The same run deletes what has no reason to stay: codes a day past their expiry
 * (and their link's), wrong-code counts a day old, and copies of data whose link expired.
 */

export const DATA_DIGEST_JOB = 'account.data.digest';

export type DigestLine = CaseDigestLine<{ kind: DataRequestKind }>;

/** Both lists whole (up to twice the kit's listed cases between them): their lengths are the counts. */
export type DataDigest = CaseDigestLists<DigestLine>;

export async function collectDataDigest(db: SiteDb, today: IsoDate): Promise<DataDigest> {
  const rows = await db
    .selectFrom('account.data_requests')
    .select(['radicado', 'kind', 'status', 'due_date'])
    .where('status', 'in', openDataRequestStatuses)
    .where('due_date', '<=', dueSoonLimit(today))
    .orderBy('due_date')
    .orderBy('id')
    .limit(2 * CASE_DIGEST_LISTED)
    .execute();
  const lines = rows.map((r) => ({ radicado: r.radicado, kind: r.kind as DataRequestKind, status: r.status, dueDate: r.due_date }));
  const overdue = lines.filter((l) => l.dueDate < today);
  const dueSoon = lines.filter((l) => l.dueDate >= today);
  return { today, overdue, dueSoon, overdueCount: overdue.length, dueSoonCount: dueSoon.length };
}

/** Who receives the digest and what it says (the kit writes the sections). */
export const dataDigest = {
  team: { role: 'datos', accepts: (address: string) => basicEmailPattern.test(address), job: DATA_DIGEST_JOB, label: 'data requests' },
  words: {
    subject: (overdue: number, soon: number) => `Datos personales: ${overdue} vencidas y ${soon} por vencer`,
    intro: (today: string) =>
      `Resumen del ${today}: las solicitudes sobre datos personales (Ley 1581 de 2012) abiertas que ya vencieron y las que vencen en 3 días hábiles o menos.`,
    line: (l: DigestLine, when: string) => `• ${l.radicado} · ${dataRequestKindLabels[l.kind]} · ${l.status} · ${when}`,
    action: { label: 'Abrir las solicitudes sobre datos personales', path: '/equipo/datos-personales' },
  },
} as const satisfies CaseDigest<DigestLine>;

export interface DataDigestResult {
  sent: boolean;
  recipients: number;
  overdue: number;
  dueSoon: number;
}

async function sendDigest(ctx: DigestContext, at: Date, log?: DigestLog): Promise<DataDigestResult> {
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
  return mailDigest(ctx, d, dataDigest, log);
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
export function scheduleDataRequestDigest(ctx: DigestContext, options: { now?: () => Date; log?: DigestLog } = {}): () => void {
  return scheduleCaseDigest(ctx.db, dataDigest.team, (at) => sendDigest(ctx, at, options.log), options);
}

import { sql } from 'kysely';
import type { SiteDb } from './database';
import './audit';

/** The Bogotá calendar date of an instant (YYYY-MM-DD): daily jobs are periods of Bogotá days. */
export function bogotaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Runs `work` for `job` and `period` at most once across every instance sharing the database: the first to insert
 * the (job, period) row runs it, the others get `false`. A run that threw is recorded and may be retried by hand with
 * `force` (it replaces the row).
 */
export async function runOnce<T>(
  db: SiteDb,
  job: string,
  period: string,
  work: () => Promise<T>,
  options: { force?: boolean } = {},
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (options.force) await sql`delete from staff.job_runs where job = ${job} and period = ${period}`.execute(db);
  const claimed = await db
    .insertInto('staff.job_runs')
    .values({ job, period, finished_at: null, outcome: null })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .returning('job')
    .executeTakeFirst();
  if (!claimed) return { ran: false };
  try {
    const result = await work();
    await db
      .updateTable('staff.job_runs')
      .set({ finished_at: new Date(), outcome: 'ok' })
      .where('job', '=', job)
      .where('period', '=', period)
      .execute();
    return { ran: true, result };
  } catch (err) {
    await db
      .updateTable('staff.job_runs')
      .set({ finished_at: new Date(), outcome: `error: ${String(err).slice(0, 500)}` })
      .where('job', '=', job)
      .where('period', '=', period)
      .execute();
    throw err;
  }
}

export interface DailyJob {
  name: string;
  /** Hour of the Bogotá day from which the day's run is due (0–23). */
  hour: number;
  run: () => Promise<unknown>;
}

/**
 * Checks every `everyMs` whether a daily job is due (its Bogotá hour has come and today's run is not claimed) and runs
 * it through `runOnce`, so several instances run it once. Returns a stop function (call it from `onClose`).
 */
export function scheduleDaily(
  db: SiteDb,
  job: DailyJob,
  options: { everyMs?: number; now?: () => Date; onError?: (err: unknown) => void } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  const tick = async () => {
    const at = now();
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', hour: '2-digit', hourCycle: 'h23' }).format(at));
    if (hour < job.hour) return;
    await runOnce(db, job.name, bogotaDay(at), job.run);
  };
  const timer = setInterval(() => void tick().catch((err: unknown) => options.onError?.(err)), options.everyMs ?? 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

export interface RecurringJob {
  name: string;
  /** How often the job runs; each run claims its slot (`<ISO start of the slot>`), so several instances run it once. */
  everyMs: number;
  run: (slotStart: Date) => Promise<unknown>;
}

/** The period name of the slot `at` falls in, for a job run every `everyMs` (slots are aligned to the epoch). */
export function slotOf(at: Date, everyMs: number): string {
  return new Date(Math.floor(at.getTime() / everyMs) * everyMs).toISOString();
}

/**
 * Runs a job once per slot of `everyMs` across every instance (reconciliation of payments, reminders, retention): each
 * instance checks every `checkMs` (default a tenth of the slot, at least 15 s) whether the current slot is claimed.
 * Returns a stop function (call it from `onClose`).
 */
export function scheduleRecurring(
  db: SiteDb,
  job: RecurringJob,
  options: { checkMs?: number; now?: () => Date; onError?: (err: unknown) => void } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  const tick = async () => {
    const slot = slotOf(now(), job.everyMs);
    await runOnce(db, job.name, slot, () => job.run(new Date(slot)));
  };
  const timer = setInterval(
    () => void tick().catch((err: unknown) => options.onError?.(err)),
    options.checkMs ?? Math.max(15_000, Math.floor(job.everyMs / 10)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

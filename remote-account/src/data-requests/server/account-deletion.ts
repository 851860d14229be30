import type { ApiContext } from 'shared/server/api-contract';
import { scheduleRecurring } from 'shared/server/jobs';
import { queueMails } from 'shared/server/mailer';
import { personalDataTexts } from 'shared/server/personal-data/engine';
import { responseMail } from './mail';
import type { PersonalDataEngine } from './personal-data';

/**
 * The second half of an erasure: the person's account at the identity provider (Cognito AdminDeleteUser). It cannot be
 * part of the database transaction, so the erasure commits the database part, the request's answer, its audit rows
 * and a row of `account.data_request_account_deletions` together; then the provider is called. When the account is gone
 * the row is deleted, the summary says so and the answer e-mail is queued, in one transaction. When the provider fails,
 * the row stays (the panel shows the deletion pending) and the job below tries again every few minutes. The provider's
 * delete is idempotent (no account left is `false`, not an error), so a repeat after a lost answer is harmless.
 */

export const ACCOUNT_DELETIONS_JOB = 'account.data.account-deletions';
/** How often the job retries the deletions still pending. */
export const ACCOUNT_DELETIONS_EVERY_MS = 5 * 60_000;
/** How long one try owns a pending deletion: nobody else calls the provider for it meanwhile (a crash frees it after). */
export const ACCOUNT_DELETION_CLAIM_MS = 2 * 60_000;
/** Deletions one run of the job tries. */
const PER_RUN = 50;

export type AccountDeletionContext = Pick<ApiContext, 'db' | 'mailer'> & { personalData: PersonalDataEngine };
type Log = { warn(obj: object, msg: string): void };

export type AccountDeletionOutcome = 'done' | 'failed' | 'busy';

function withAccountDeleted(text: string | null): string {
  let summary: Record<string, unknown> = {};
  try {
    summary = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    summary = {};
  }
  return JSON.stringify({ ...summary, [personalDataTexts.accountDeleted]: 1 });
}

/** One try of a pending deletion (`id` of its row): 'busy' when another try owns it now. */
export async function finishAccountDeletion(ctx: AccountDeletionContext, id: number, at: Date, log?: Log): Promise<AccountDeletionOutcome> {
  const claimed = await ctx.db
    .updateTable('account.data_request_account_deletions')
    .set((eb) => ({
      claimed_until: new Date(at.getTime() + ACCOUNT_DELETION_CLAIM_MS),
      attempts: eb('attempts', '+', 1),
      last_attempt_at: at,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning(['request_id', 'email'])
    .executeTakeFirst();
  if (!claimed) return 'busy';
  let removed: boolean;
  try {
    removed = await ctx.personalData.removeAccount(claimed.email);
  } catch (err) {
    await ctx.db.updateTable('account.data_request_account_deletions').set({ claimed_until: null }).where('id', '=', id).execute();
    // Logs name the request's row, never the address.
    log?.warn(
      { job: ACCOUNT_DELETIONS_JOB, requestId: claimed.request_id, err: err instanceof Error ? err.message : String(err) },
      'the identity provider did not delete an erased person’s account; it is tried again later',
    );
    return 'failed';
  }
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('account.data_request_account_deletions').where('id', '=', id).returning('id').executeTakeFirst();
    if (!gone) return false;
    const request = await trx
      .selectFrom('account.data_requests')
      .select(['radicado', 'response', 'responded_at', 'erasure_summary'])
      .where('id', '=', claimed.request_id)
      .forUpdate()
      .executeTakeFirst();
    if (!request) return false;
    if (removed)
      await trx
        .updateTable('account.data_requests')
        .set({ erasure_summary: withAccountDeleted(request.erasure_summary) })
        .where('id', '=', claimed.request_id)
        .execute();
    // The answer goes out once the erasure is whole: it tells the person their account is gone.
    await queueMails(trx, [
      responseMail({
        to: claimed.email,
        radicado: request.radicado,
        text: request.response ?? '',
        at: new Date(request.responded_at ?? at),
        erased: true,
      }),
    ]);
    return true;
  });
  if (queued) void ctx.mailer.flush();
  return 'done';
}

/** Every pending deletion not being tried right now, oldest first (the job, or a test). */
export async function retryAccountDeletions(
  ctx: AccountDeletionContext,
  at: Date,
  log?: Log,
): Promise<Record<AccountDeletionOutcome, number>> {
  const rows = await ctx.db
    .selectFrom('account.data_request_account_deletions')
    .select('id')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(PER_RUN)
    .execute();
  const counts: Record<AccountDeletionOutcome, number> = { done: 0, failed: 0, busy: 0 };
  for (const { id } of rows) counts[await finishAccountDeletion(ctx, id, at, log)] += 1;
  return counts;
}

/** The job, once per slot across instances; returns the function that stops it. */
export function scheduleAccountDeletions(ctx: AccountDeletionContext, options: { now: () => Date; log?: Log }): () => void {
  return scheduleRecurring(
    ctx.db,
    { name: ACCOUNT_DELETIONS_JOB, everyMs: ACCOUNT_DELETIONS_EVERY_MS, run: () => retryAccountDeletions(ctx, options.now(), options.log) },
    {
      now: options.now,
      onError: (err) => options.log?.warn({ job: ACCOUNT_DELETIONS_JOB, err: String(err) }, 'account deletions job failed'),
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { newsletterStaffTexts, type NewsletterCompose, type NewsletterSendSummary } from 'shared/schemas/newsletter';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { queueMails } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { newsletterOperations as ops } from '../operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { newToken, newsletterMail, tokenHash } from './mail';

/**
 * Staff side of the newsletter (#15), under /api/community/staff/newsletter…: subscribers per status and the latest
 * sends, a test e-mail to the staff member's own address, and the send itself — recorded in newsletter_sends and the
 * audit log ('community.newsletter.send') in one transaction, then queued in batches. Each batch reads the subscribers
 * that are 'confirmed' at that moment and have no delivery of this send yet, and inserts their delivery rows (with the
 * hash of each e-mail's own unsubscribe token) and their outbox rows in one transaction: an address that unsubscribes
 * mid-send is skipped by the next batch, and no address gets the same send twice.
 */

export const SEND_BATCH_SIZE = 200;
/** The same subject and text are not sent again within this time (a double click, a retried request, a repeat). */
export const DUPLICATE_SEND_WINDOW_MS = 24 * 3600_000;
const RECENT_SENDS = 20;

type SendRow = {
  id: number;
  subject: string;
  sent_by_email: string;
  recipients: number;
  queued: number;
  created_at: Date;
  finished_at: Date | null;
};

const summary = (r: SendRow): NewsletterSendSummary => ({
  id: r.id,
  subject: r.subject,
  sentBy: r.sent_by_email,
  recipients: r.recipients,
  queued: r.queued,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

const sendColumns = ['id', 'subject', 'sent_by_email', 'recipients', 'queued', 'created_at', 'finished_at'] as const;

/** Queues one batch of a send; returns how many e-mails it queued (0: the send is complete). */
async function queueBatch(db: SiteDb, origin: string, sendId: number, content: NewsletterCompose): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const batch = await trx
      .selectFrom('community.newsletter_subscriptions as s')
      .select(['s.id', 's.email'])
      .where('s.status', '=', 'confirmed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('community.newsletter_deliveries as d')
              .select(sql`1`.as('one'))
              .where('d.send_id', '=', sendId)
              .whereRef('d.subscription_id', '=', 's.id'),
          ),
        ),
      )
      .orderBy('s.id')
      .limit(SEND_BATCH_SIZE)
      .forUpdate()
      .execute();
    if (batch.length === 0) return 0;
    const tokens = batch.map(() => newToken());
    await trx
      .insertInto('community.newsletter_deliveries')
      .values(batch.map((s, i) => ({ send_id: sendId, subscription_id: s.id, unsubscribe_token_hash: tokenHash(tokens[i] as string) })))
      .execute();
    await queueMails(
      trx,
      batch.map((s, i) => newsletterMail(origin, s.email, content, tokens[i] as string)),
    );
    await trx
      .updateTable('community.newsletter_sends')
      .set((eb) => ({ queued: eb('queued', '+', batch.length) }))
      .where('id', '=', sendId)
      .execute();
    return batch.length;
  });
}

export async function newsletterStaffRoutes(app: FastifyInstance, ctx: CommunityContext): Promise<void> {
  const origin = ctx.settings.publicOrigin;
  await registerStaffRoutes(app, ctx, { roles: ['comunidad'] }, async (scope) => {
    route(scope, ops.overview, async () => {
      const counts = await ctx.db
        .selectFrom('community.newsletter_subscriptions')
        .select(['status', sql<number>`count(*)::int`.as('n')])
        .groupBy('status')
        .execute();
      const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
      const sends = await ctx.db
        .selectFrom('community.newsletter_sends')
        .select([...sendColumns])
        .orderBy('id', 'desc')
        .limit(RECENT_SENDS)
        .execute();
      return { confirmed: n('confirmed'), pending: n('pending'), unsubscribed: n('unsubscribed'), sends: sends.map(summary) };
    });

    route(scope, ops.sendTest, async (request) => {
      const staff = staffOf(request);
      // A token nobody stored: the test shows the links and headers, and its unsubscribe link unsubscribes nobody.
      await ctx.mailer.send(newsletterMail(origin, staff.email, request.body, newToken(), true));
      return { success: true as const, to: staff.email };
    });

    route(scope, ops.send, async (request) => {
      const staff = staffOf(request);
      const content = request.body;
      const sendId = await ctx.db.transaction().execute(async (trx) => {
        // One send at a time decides: two requests of the same newsletter (double click, retry) would both go out.
        await sql`lock table community.newsletter_sends in share row exclusive mode`.execute(trx);
        const duplicate = await trx
          .selectFrom('community.newsletter_sends')
          .select('id')
          .where('subject', '=', content.subject)
          .where('body', '=', content.body)
          .where('created_at', '>', new Date(Date.now() - DUPLICATE_SEND_WINDOW_MS))
          .executeTakeFirst();
        if (duplicate) throw new ApiError(409, 'duplicate_send', newsletterStaffTexts.duplicateSend);
        const recipients = await trx
          .selectFrom('community.newsletter_subscriptions')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '=', 'confirmed')
          .executeTakeFirstOrThrow();
        if (recipients.n === 0) throw new ApiError(409, 'no_recipients', newsletterStaffTexts.noRecipients);
        const send = await trx
          .insertInto('community.newsletter_sends')
          .values({
            subject: content.subject,
            body: content.body,
            sent_by_sub: staff.sub,
            sent_by_email: staff.email,
            recipients: recipients.n,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, staff, {
          action: 'community.newsletter.send',
          entity: 'newsletter_sends',
          entityId: String(send.id),
          detail: { asunto: content.subject, destinatarios: recipients.n },
        });
        return send.id;
      });
      while ((await queueBatch(ctx.db, origin, sendId, content)) > 0) void ctx.mailer.flush();
      const row = await ctx.db
        .updateTable('community.newsletter_sends')
        .set({ finished_at: new Date() })
        .where('id', '=', sendId)
        .returning([...sendColumns])
        .executeTakeFirstOrThrow();
      void ctx.mailer.flush();
      return { success: true as const, send: summary(row) };
    });
  });
}

import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { consentValues } from 'shared/server/consents';
import { newsletterConsent } from '../../../manifest/consent';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import {
  newsletterResponseSchema,
  type NewsletterResponse,
  newsletterLinkTexts,
  newsletterSchema,
  newsletterTexts,
  newsletterTokenResponseSchema,
  newsletterTokenSchema,
  type NewsletterInput,
  type NewsletterTokenResponse,
} from 'shared/schemas/newsletter';
import { inboxKey } from 'shared/server/address-keys';
import { publicWebhook, publicWrite } from 'shared/server/api-module';
import { clientNetwork } from 'shared/server/client-network';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { newsletterOperations } from '../operations';
import { outboxValues } from 'shared/server/mailer';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { CONFIRMATION_TTL_MS, confirmationMail, newToken, tokenHash } from './mail';
import { newsletterStaffRoutes } from './staff';

/**
 * The newsletter (#15): double opt-in and RFC 8058 unsubscribe.
 *
 * - POST /newsletter/subscribe {email}: the address is stored 'pending' and gets a confirmation e-mail with a random
 *   token (stored hashed, 7 days). Every accepted address gets the same answer, whether new, pending, confirmed or
 *   unsubscribed, so the form tells nobody who is subscribed. A pending or unsubscribed address gets a new confirmation
 *   at most once every RESEND_GAP_MS and MAX_PER_ADDRESS_PER_DAY times a day (its `+tag`s counted together), of which
 *   one client triggers at most MAX_PER_CLIENT_PER_ADDRESS_PER_DAY (no single stranger spends an address's budget);
 *   one client triggers at most MAX_PER_IP_PER_HOUR confirmation e-mails in all. Over a limit the mail is skipped, not
 *   the answer. The limits cannot lock the owner out: every link sent works for its 7 days, also after newer ones (the
 *   owner confirms with any e-mail in their mailbox, including those a stranger caused).
 * - POST /newsletter/confirm {token}: the page's "Confirmar" button (never a GET: mail scanners prefetch links); it uses
 *   up every link of the subscription.
 * - GET /newsletter/unsubscribe?token=…: never unsubscribes (scanners); sends the visitor to the page with the button.
 * - POST /newsletter/unsubscribe?token=… with `List-Unsubscribe=One-Click` (form-encoded or multipart, RFC 8058; no
 *   cookie, no page), or POST /newsletter/unsubscribe {token} (JSON, from the page): status 'unsubscribed' for good;
 *   a later subscribe needs a new confirmation.
 */

export const RESEND_GAP_MS = 5 * 60 * 1000;
export const MAX_PER_ADDRESS_PER_DAY = 5;
export const MAX_PER_CLIENT_PER_ADDRESS_PER_DAY = 2;
export const MAX_PER_IP_PER_HOUR = 10;

const answer = zodResponse(newsletterResponseSchema);
const tokenAnswer = zodResponse(newsletterTokenResponseSchema);
const neutral: NewsletterResponse = { success: true, alreadySubscribed: false, message: newsletterTexts.subscribed };

/** Per-IP limit key: an IPv6 sender's whole /64 is one client (rotating addresses inside it gained nothing). */
const ipKey = (ip: string) =>
  createHash('sha256')
    .update(`newsletter-ip:${clientNetwork(ip)}`)
    .digest('hex');

// The inbox an address reaches, for the per-address limit (Gmail's dots and googlemail.com folded: each spelling had
// its own 5 a day). Defined in shared/ so the personal-data engine finds the log's rows too.
export { inboxKey };

/** RFC 8058 body: `List-Unsubscribe=One-Click` as a form field (urlencoded) or a multipart part. */
function isOneClick(body: unknown): boolean {
  if (typeof body === 'string')
    return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body) || /^List-Unsubscribe=One-Click$/m.test(body);
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
}

export const newsletterRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  const origin = ctx.settings.publicOrigin;

  app.post<{ Body: NewsletterInput; Reply: NewsletterResponse }>(
    '/newsletter/subscribe',
    {
      config: publicWrite(ctx.settings),
      schema: {
        tags: ['community'],
        summary: 'Suscribir un correo al boletín (doble confirmación)',
        description: 'Siempre la misma respuesta para un correo aceptado: envía (con límites) un enlace de confirmación.',
        body: zodSchema(newsletterSchema),
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const { email, privacy_policy_version: version } = request.body;
      const now = new Date();
      let queued = false;
      let skipped: string | null = null;
      await ctx.db.transaction().execute(async (trx) => {
        // One round trip (the write path's profile was mostly socket writes to the database, one per statement): an
        // existing address conflicts and its no-op update locks and returns the row, as the former insert-or-nothing
        // followed by `select … for update` did; the row's values stay as they were. Each request to subscribe (again)
        // carries its own authorization: its proof is kept with the subscription, in the same statement, unless the
        // address is already confirmed.
        const proof = consentValues({
          form: newsletterConsent,
          version: version ?? currentPrivacyPolicy.id,
          recordTable: 'community.newsletter_subscriptions',
          email,
        });
        const row = await trx
          .with('sub', (db) =>
            db
              .insertInto('community.newsletter_subscriptions')
              .values({ email, source: 'footer' })
              .onConflict((oc) => oc.column('email').doUpdateSet({ email: (eb) => eb.ref('excluded.email') }))
              .returning(['id', 'status', 'confirmation_sent_at']),
          )
          .with('proof', (db) =>
            db
              .insertInto('privacy.consents')
              .columns(['form', 'record_table', 'record_ref', 'subject_email', 'policy_version', 'text_sha256', 'basis'])
              .expression((eb) =>
                eb
                  .selectFrom('sub')
                  .select([
                    sql.val(proof.form).as('form'),
                    sql.val(proof.record_table).as('record_table'),
                    sql<string>`sub.id::text`.as('record_ref'),
                    sql.val(proof.subject_email ?? null).as('subject_email'),
                    sql.val(proof.policy_version).as('policy_version'),
                    sql.val(proof.text_sha256).as('text_sha256'),
                    sql.val(proof.basis).as('basis'),
                  ])
                  .where(sql<boolean>`sub.status is distinct from 'confirmed'`),
              ),
          )
          .selectFrom('sub')
          .select(['id', 'status', 'confirmation_sent_at'])
          .executeTakeFirstOrThrow();
        if (row.status === 'confirmed') {
          skipped = 'already_confirmed';
          return;
        }
        if (row.status === 'unsubscribed')
          await trx
            .updateTable('community.newsletter_subscriptions')
            .set({ status: 'pending', subscribed_at: now, source: 'footer' })
            .where('id', '=', row.id)
            .execute();
        if (row.confirmation_sent_at && now.getTime() - new Date(row.confirmation_sent_at).getTime() < RESEND_GAP_MS) {
          skipped = 'resend_gap';
          return;
        }
        const ip = ipKey(request.ip);
        const address = inboxKey(email);
        const dayAgo = new Date(now.getTime() - 24 * 3600_000);
        const token = newToken();
        const mail = outboxValues(confirmationMail(origin, email, token));
        // The day's purge, the counts, and — only when the counts are under every limit — the new link beside the
        // earlier ones (expired ones go: none replaces another), the subscription's confirmation time, the log row and
        // the queued e-mail, in one statement: one round trip instead of six (#33). The counts do not see the purge's
        // deletions nor the log row written here (one snapshot), so they skip purged rows themselves and count what was
        // there before this request, as the separate statements did.
        const { rows } = await sql<{ address: number; clientForAddress: number; ip: number }>`
          with purged as (delete from community.newsletter_confirmation_log where at < ${dayAgo}),
          counts as (
            select
              count(*) filter (where address_hash = ${address})::int as address,
              count(*) filter (where address_hash = ${address} and ip_hash = ${ip})::int as "clientForAddress",
              count(*) filter (where ip_hash = ${ip} and at > ${new Date(now.getTime() - 3600_000)})::int as ip
            from community.newsletter_confirmation_log
            where at >= ${dayAgo} and (address_hash = ${address} or ip_hash = ${ip})
          ),
          allowed as (
            select 1 from counts
            where address < ${MAX_PER_ADDRESS_PER_DAY} and "clientForAddress" < ${MAX_PER_CLIENT_PER_ADDRESS_PER_DAY}
              and ip < ${MAX_PER_IP_PER_HOUR}
          ),
          expired as (
            delete from community.newsletter_confirmations
            where subscription_id = ${row.id} and expires_at <= ${now} and exists (select 1 from allowed)
          ),
          link as (
            insert into community.newsletter_confirmations (subscription_id, token_hash, created_at, expires_at)
            select ${row.id}::bigint, ${tokenHash(token)}, ${now}::timestamptz, ${new Date(now.getTime() + CONFIRMATION_TTL_MS)}::timestamptz
            from allowed
          ),
          stamped as (
            update community.newsletter_subscriptions set confirmation_sent_at = ${now}
            where id = ${row.id} and exists (select 1 from allowed)
          ),
          logged as (
            insert into community.newsletter_confirmation_log (ip_hash, address_hash, at)
            select ${ip}, ${address}, ${now}::timestamptz from allowed
          ),
          mailed as (
            insert into mail.outbox (to_address, subject, text_body, html_body, headers, secrets)
            select ${mail.to_address}, ${mail.subject}, ${mail.text_body}, ${mail.html_body}, ${mail.headers}, ${mail.secrets} from allowed
          )
          select address, "clientForAddress", ip from counts`.execute(trx);
        const counts = rows[0] ?? { address: 0, clientForAddress: 0, ip: 0 };
        if (counts.address >= MAX_PER_ADDRESS_PER_DAY) {
          skipped = 'address_limit';
          return;
        }
        if (counts.clientForAddress >= MAX_PER_CLIENT_PER_ADDRESS_PER_DAY) {
          skipped = 'client_address_limit';
          return;
        }
        if (counts.ip >= MAX_PER_IP_PER_HOUR) {
          skipped = 'ip_limit';
          return;
        }
        queued = true;
      });
      // Logs name the outcome, never the address.
      if (queued) void ctx.mailer.flush();
      else request.log.info({ newsletter: skipped }, 'newsletter confirmation not sent');
      return reply.status(201).send(neutral);
    },
  );

  route(
    app,
    newsletterOperations.confirm,
    async (request) => {
      const now = new Date();
      const confirmed = await ctx.db.transaction().execute(async (trx) => {
        const link = await trx
          .selectFrom('community.newsletter_confirmations')
          .select('subscription_id')
          .where('token_hash', '=', tokenHash(request.body.token))
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (!link) return false;
        const updated = await trx
          .updateTable('community.newsletter_subscriptions')
          .set({ status: 'confirmed', confirmed_at: now })
          .where('id', '=', link.subscription_id)
          .where('status', '=', 'pending')
          .returning('id')
          .executeTakeFirst();
        // Confirmed: every link of the subscription is used up with this one.
        await trx.deleteFrom('community.newsletter_confirmations').where('subscription_id', '=', link.subscription_id).execute();
        return updated !== undefined;
      });
      if (!confirmed) throw new ApiError(404, 'token_invalid', newsletterLinkTexts.confirmInvalid);
      return { success: true as const, message: newsletterLinkTexts.confirmed };
    },
    { config: publicWrite(ctx.settings) },
  );

  // The unsubscribe URL, in a scope of its own: it also reads the form bodies RFC 8058 one-click POSTs carry.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      const fields: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [k, v] of new URLSearchParams(String(body))) fields[k] = v;
      done(null, fields);
    });
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));

    scope.get<{ Querystring: { token?: string } }>(
      '/newsletter/unsubscribe',
      { schema: { tags: ['community'], summary: 'Lleva a la página para darse de baja (un GET nunca da de baja)' } },
      async (request, reply: FastifyReply) => {
        const token = request.query.token;
        const valid = typeof token === 'string' && newsletterTokenSchema.safeParse(token).success;
        return reply.redirect(valid ? `/boletin/baja?token=${encodeURIComponent(token)}` : '/boletin/baja', 303);
      },
    );

    // By hand from the declaration (method, path, summary, answer): no body schema, since one-click bodies are forms.
    const unsubscribe = newsletterOperations.unsubscribe;
    if (!unsubscribe.path.startsWith(`${scope.prefix}/`)) throw new Error(`${unsubscribe.path}: fuera del prefijo ${scope.prefix}`);
    scope.route<{ Querystring: { token?: string }; Body: unknown; Reply: NewsletterTokenResponse }>({
      method: unsubscribe.method,
      url: unsubscribe.path.slice(scope.prefix.length),
      // Mail providers send one-click requests in bursts from few addresses: the webhook limit, not a visitor's.
      config: publicWebhook(ctx.settings),
      schema: { tags: [...unsubscribe.tags], summary: unsubscribe.summary, response: { 200: tokenAnswer } },
      handler: async (request) => {
        const fromQuery = request.query.token;
        const body = request.body;
        let token: unknown;
        if (typeof fromQuery === 'string' && isOneClick(body)) token = fromQuery;
        else if (typeof body === 'object' && body !== null && !Array.isArray(body)) token = (body as Record<string, unknown>).token;
        const parsed = newsletterTokenSchema.safeParse(token);
        if (!parsed.success) throw new ApiError(400, 'token_invalid', newsletterLinkTexts.unsubscribeInvalid);
        const delivery = await ctx.db
          .selectFrom('community.newsletter_deliveries')
          .select('subscription_id')
          .where('unsubscribe_token_hash', '=', tokenHash(parsed.data))
          .executeTakeFirst();
        if (!delivery) throw new ApiError(404, 'token_invalid', newsletterLinkTexts.unsubscribeInvalid);
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('community.newsletter_subscriptions')
            .set({ status: 'unsubscribed', unsubscribed_at: new Date() })
            .where('id', '=', delivery.subscription_id)
            .where('status', '<>', 'unsubscribed')
            .execute();
          // Nothing sent before the unsubscribe may bring the subscription back (confirming already used them all up).
          await trx.deleteFrom('community.newsletter_confirmations').where('subscription_id', '=', delivery.subscription_id).execute();
        });
        return { success: true as const, message: newsletterLinkTexts.unsubscribed };
      },
    });
  });

  await newsletterStaffRoutes(app, ctx);
};

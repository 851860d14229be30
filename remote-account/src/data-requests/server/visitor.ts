import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { colombianDate } from 'shared/format/business-days';
import {
  DATA_CODE_ATTEMPTS,
  DATA_CODE_GUESSES,
  DATA_CODE_LENGTH,
  DATA_CODE_MINUTES,
  DATA_LINK_HOURS,
  dataExportLinkGone,
  dataExportParamsSchema,
  dataRequestKindLabels,
  dataRequestTexts,
  type DataRequestKind,
  type DataRequestCodeResponse,
  type FileDataRequestResponse,
} from '../schemas';
import type { z } from 'shared/schemas/zod';
import { dataRequestEmailKey } from 'shared/server/address-keys';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { clientNetwork } from 'shared/server/client-network';
import type { SiteDb } from 'shared/server/database';
import { tellRoleOfNewCase, type NewCase } from 'shared/server/cases/notices';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError, zodSchema } from 'shared/server/http';
import { optionalUser } from 'shared/server/identity';
import { route } from 'shared/server/operation-routes';
import { staffPath } from 'shared/staff-routes';
import { dataRightsOperations as ops } from '../operations';
import { dataDigest } from './digest';
import { codeMail, dataRequestLink, filedMail } from './mail';
import { dueDateOf, termDaysOf } from './rules';

/**
 * The visitor's side of the data subject's requests under /api/account/data-requests:
 * - `POST /codigo` e-mails a 6-digit code and a one-time link to the typed address (only there; no text of the visitor's
 *   in it). Neither the address, the code nor the link is stored: digests for the limits, hashes of code and link.
 *   Always the same answer: past the address's budget nothing is sent, and the answer does not say so.
 * - `POST /` files the request with one proof that the visitor reads that mailbox: a verified ID token for the same
 *   address, the link's token (24 hours, once), or a code (15 minutes, once; any live code of the address). Wrong codes
 *   count per client and per code, so a stranger's guesses lock the stranger's typing, never the owner: the owner's
 *   session and the link in any code e-mail they received always work. It assigns the radicado and the legal due date,
 *   and e-mails the acknowledgement. Nothing here looks at what the site holds for the address, so no answer reveals it.
 * - `GET /copia/:token/:file` serves the copy of an acceso's data from the link e-mailed with the answer (it expires).
 */

/**
 * Code e-mails one address may receive per hour; of those, how many one client (network) may trigger, so no single
 * stranger can spend an address's budget; and code requests one client may make per hour (then 429: its own limit).
 */
export const CODES_PER_ADDRESS_PER_HOUR = 3;
export const CODES_PER_CLIENT_PER_ADDRESS_PER_HOUR = 2;
export const CODES_PER_IP_PER_HOUR = 10;

export const visitorTexts = {
  linkGone: dataExportLinkGone,
} as const;

export const newDataRequestNoticeTexts = {
  subject: (radicado: string, type: string) => `Nueva solicitud sobre datos personales ${radicado} (${type})`,
  intro:
    'Llegó una solicitud nueva sobre datos personales, con el correo de quien la radicó ya verificado. Su término de respuesta (Ley 1581 de 2012) ya corre.',
  action: 'Abrir la solicitud en el panel',
} as const;

/** The datos team's notice of a request just filed (the legal-case kit sends it): kind, radicado and dates only. */
export function newDataRequestNotice(c: {
  radicado: string;
  kind: DataRequestKind;
  filedAt: Date;
  dueDate: string;
  termDays: number;
}): NewCase {
  const t = newDataRequestNoticeTexts;
  const type = dataRequestKindLabels[c.kind];
  return {
    team: dataDigest.team,
    subject: t.subject(c.radicado, type),
    intro: t.intro,
    type,
    radicado: c.radicado,
    filedAt: c.filedAt,
    dueDate: c.dueDate,
    termDays: c.termDays,
    action: { label: t.action, path: staffPath('/equipo/datos-personales/:radicado', { radicado: c.radicado }) },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The address digest of codes and copies (shared/ defines it, so the personal-data engine finds them too). */
export const emailKeyOf = dataRequestEmailKey;
/** A client for the limits is its network: an IPv6 sender's whole /64 (rotating addresses inside it gains nothing). */
const ipKeyOf = (ip: string) => sha256(`data-request-ip:${clientNetwork(ip)}`);
const codeHashOf = (salt: string, code: string) => sha256(`${salt}:${code}`);
const linkHashOf = (token: string) => sha256(`data-request-link:${token}`);
/** The link's token is 32 random bytes; only its digest is stored. */
export const tokenHashOf = (token: string) => sha256(`data-request-export:${token}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The next radicado of the Bogotá year of `at`: 'DP-2026-000123' (a counter row per year, locked by its upsert). */
export async function nextRadicado(db: SiteDb, at: Date): Promise<string> {
  const year = Number(colombianDate(at).slice(0, 4));
  const row = await db
    .insertInto('account.data_request_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('account.data_request_counters.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `DP-${year}-${String(row.last).padStart(6, '0')}`;
}

type CodeCheck = { ok: true } | { ok: false; status: 400 | 429; error: string; message: string };

export interface DataRequestVisitorContext extends ApiContext {
  now: () => Date;
}

export const dataRequestVisitorRoutes: FastifyPluginAsync<DataRequestVisitorContext> = async (app, ctx) => {
  const t = dataRequestTexts;

  route(
    app,
    ops.dataRequestCode,
    async (request): Promise<DataRequestCodeResponse> => {
      const { email } = request.body;
      const now = ctx.now();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const emailKey = emailKeyOf(email);
      const ipKey = ipKeyOf(request.ip);
      const counts = await ctx.db
        .selectFrom('account.data_request_codes')
        .select([
          sql<number>`count(*) filter (where email_key = ${emailKey})::int`.as('address'),
          sql<number>`count(*) filter (where ip_key = ${ipKey})::int`.as('client'),
          sql<number>`count(*) filter (where email_key = ${emailKey} and ip_key = ${ipKey})::int`.as('clientForAddress'),
        ])
        .where('created_at', '>', hourAgo)
        .where((eb) => eb.or([eb('email_key', '=', emailKey), eb('ip_key', '=', ipKey)]))
        .executeTakeFirstOrThrow();
      // This client's own limit: the answer says nothing about the address.
      if (counts.client >= CODES_PER_IP_PER_HOUR) throw new ApiError(429, 'too_many_codes', t.tooManyCodes);
      const answer = { success: true as const, message: t.codeSent(DATA_CODE_MINUTES), minutes: DATA_CODE_MINUTES };
      // The address's budget (and this client's share of it): past it nothing is sent, and the answer is the same, so it
      // tells nobody that someone asked for codes. The owner still gets through: every code e-mail already in the
      // mailbox carries a link that works for a day, any live code of the address is accepted, and a verified session
      // needs none.
      if (counts.address >= CODES_PER_ADDRESS_PER_HOUR || counts.clientForAddress >= CODES_PER_CLIENT_PER_ADDRESS_PER_HOUR) {
        request.log.info({ dataRequestCode: 'not_sent' }, 'data request code over the address budget');
        return answer;
      }
      const code = String(randomInt(0, 10 ** DATA_CODE_LENGTH)).padStart(DATA_CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('hex');
      const link = randomBytes(32).toString('base64url');
      await ctx.db
        .insertInto('account.data_request_codes')
        .values({
          email_key: emailKey,
          ip_key: ipKey,
          salt,
          code_hash: codeHashOf(salt, code),
          created_at: now,
          expires_at: new Date(now.getTime() + DATA_CODE_MINUTES * 60_000),
          link_hash: linkHashOf(link),
          link_expires_at: new Date(now.getTime() + DATA_LINK_HOURS * 3600_000),
        })
        .execute();
      await ctx.mailer.send(
        codeMail(email, code, DATA_CODE_MINUTES, { url: dataRequestLink(ctx.settings.publicOrigin, link), hours: DATA_LINK_HOURS }),
      );
      return answer;
    },
    {
      config: publicWrite(ctx.settings),
      // The form's hidden field travels with the code request (the first send of the page): bots get no code mailed.
      preValidation: rejectHoneypot,
    },
  );

  /**
   * Checks a typed code against every live code of the address (any code e-mail the owner received works, not only the
   * newest). A wrong one counts against this client (DATA_CODE_ATTEMPTS an hour for the address) and against every
   * code it was compared with (DATA_CODE_GUESSES each, from all clients), in a committed transaction even though the
   * filing fails. A client past its allowance is not compared at all, so its guesses cannot spoil the owner's code.
   */
  async function checkCode(email: string, code: string, ip: string, now: Date): Promise<CodeCheck> {
    const emailKey = emailKeyOf(email);
    const ipKey = ipKeyOf(ip);
    return ctx.db.transaction().execute(async (trx): Promise<CodeCheck> => {
      const misses = await trx
        .selectFrom('account.data_request_code_misses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email_key', '=', emailKey)
        .where('ip_key', '=', ipKey)
        .where('at', '>', new Date(now.getTime() - 3600_000))
        .executeTakeFirst();
      const missed = Number(misses?.n ?? 0);
      if (missed >= DATA_CODE_ATTEMPTS) return { ok: false, status: 429, error: 'too_many_tries', message: t.codeLocked };
      const live = await trx
        .selectFrom('account.data_request_codes')
        .selectAll()
        .where('email_key', '=', emailKey)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', DATA_CODE_GUESSES)
        .orderBy('id')
        .forUpdate()
        .execute();
      if (!live.length) return { ok: false, status: 400, error: 'code_invalid', message: t.codeUnusable };
      // Every live code is compared (constant time each), so the time taken does not say which one matched.
      const matches = live.filter((row) => sameHash(row.code_hash, codeHashOf(row.salt, code)));
      const match = matches[0];
      if (match) {
        // Used once: the same code (and its link) cannot file a second request.
        await trx.updateTable('account.data_request_codes').set({ used_at: now }).where('id', '=', match.id).execute();
        return { ok: true };
      }
      await trx
        .updateTable('account.data_request_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          live.map((row) => row.id),
        )
        .execute();
      await trx.insertInto('account.data_request_code_misses').values({ email_key: emailKey, ip_key: ipKey, at: now }).execute();
      const left = DATA_CODE_ATTEMPTS - missed - 1;
      return left > 0
        ? { ok: false, status: 400, error: 'code_invalid', message: t.codeWrong(left) }
        : { ok: false, status: 429, error: 'too_many_tries', message: t.codeLocked };
    });
  }

  /**
   * The e-mail's link: proves the mailbox by itself, once, for DATA_LINK_HOURS; wrong guesses cannot spoil it. Used up
   * in the filing's own transaction (`trx`), so a filing that fails leaves the link usable.
   */
  async function useLink(trx: SiteDb, email: string, token: string, now: Date): Promise<CodeCheck> {
    const used = await trx
      .updateTable('account.data_request_codes')
      .set({ used_at: now })
      .where('link_hash', '=', linkHashOf(token))
      .where('email_key', '=', emailKeyOf(email))
      .where('used_at', 'is', null)
      .where('link_expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    return used ? { ok: true } : { ok: false, status: 400, error: 'link_invalid', message: t.linkUnusable };
  }

  route(
    app,
    ops.fileDataRequest,
    async (request): Promise<FileDataRequestResponse> => {
      const body = request.body;
      const now = ctx.now();
      // A signed-in visitor whose address the identity provider verified has already proved it.
      const user = await optionalUser(ctx.identity, request);
      const proven = user !== null && user.emailVerified && user.email.trim().toLowerCase() === body.email;
      // Otherwise the e-mail's link (used up with the filing, below), or else a code.
      const link = proven ? undefined : body.link;
      if (!proven && !link) {
        if (!body.code) throw new ApiError(400, 'code_invalid', t.codeRequired, { code: t.codeRequired });
        const checked = await checkCode(body.email, body.code, request.ip, now);
        if (!checked.ok) throw new ApiError(checked.status, checked.error, checked.message, { code: checked.message });
      }
      const termDays = termDaysOf(body.kind);
      const dueDate = dueDateOf(body.kind, now);
      const row = await ctx.db.transaction().execute(async (trx) => {
        if (link) {
          const checked = await useLink(trx, body.email, link, now);
          if (!checked.ok) throw new ApiError(checked.status, checked.error, checked.message);
        }
        const radicado = await nextRadicado(trx, now);
        const stored = await trx
          .insertInto('account.data_requests')
          .values({
            radicado,
            kind: body.kind,
            status: 'Recibida',
            name: body.name,
            email: body.email,
            details: body.details,
            correction: body.kind === 'correccion' ? (body.correction ?? null) : null,
            term_days: termDays,
            due_date: dueDate,
            created_at: now,
          })
          .returning(['id', 'radicado'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('account.data_request_events')
          .values({ request_id: stored.id, action: 'radicada', status: 'Recibida', at: now, actor_sub: null, actor_email: null })
          .execute();
        return stored;
      });
      await ctx.mailer.send(filedMail({ to: body.email, radicado: row.radicado, kind: body.kind, at: now, dueDate, termDays }));
      // The datos team hears of it now, not only in the digest once it is due soon; a notice that fails is only logged.
      await tellRoleOfNewCase(
        ctx,
        newDataRequestNotice({ radicado: row.radicado, kind: body.kind, filedAt: now, dueDate, termDays }),
        request.log,
      );
      return { success: true, radicado: row.radicado, kind: body.kind, createdAt: now.toISOString(), dueDate, termDays };
    },
    { config: publicWrite(ctx.settings), preValidation: rejectHoneypot },
  );

  app.get<{ Params: z.output<typeof dataExportParamsSchema> }>(
    '/data-requests/copia/:token/:file',
    {
      // Rate-limited like a public write: the token is 256 random bits, but nobody gets to try them fast.
      config: publicWrite(ctx.settings),
      schema: {
        tags: ['account'],
        summary: 'Derechos del titular: descargar la copia de los datos (enlace personal enviado por correo, vence)',
        params: zodSchema(dataExportParamsSchema),
      },
    },
    async (request, reply) => {
      const { token, file } = request.params;
      const row = await ctx.db
        .selectFrom('account.data_request_exports')
        .innerJoin('account.data_requests', 'account.data_requests.id', 'account.data_request_exports.request_id')
        .select([
          'account.data_request_exports.id',
          'account.data_request_exports.json',
          'account.data_request_exports.pdf',
          'account.data_requests.radicado',
        ])
        .where('account.data_request_exports.token_hash', '=', tokenHashOf(token))
        .where('account.data_request_exports.expires_at', '>', ctx.now())
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'link_gone', visitorTexts.linkGone);
      await ctx.db
        .updateTable('account.data_request_exports')
        .set({ downloaded_at: ctx.now() })
        .where('id', '=', row.id)
        .where('downloaded_at', 'is', null)
        .execute();
      const name = `datos-personales-${row.radicado}`;
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      if (file === 'datos.pdf')
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(Buffer.from(row.pdf));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(row.json);
    },
  );
};

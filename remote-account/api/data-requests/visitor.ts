import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { colombianDate } from 'shared/format/business-days';
import {
  DATA_CODE_ATTEMPTS,
  DATA_CODE_LENGTH,
  DATA_CODE_MINUTES,
  dataExportParamsSchema,
  dataRequestCodeRequestSchema,
  dataRequestCodeResponseSchema,
  dataRequestTexts,
  fileDataRequestResponseSchema,
  fileDataRequestSchema,
  type DataRequestCodeResponse,
  type FileDataRequest,
  type FileDataRequestResponse,
} from 'shared/schemas/data-requests-api';
import type { z } from 'shared/schemas/zod';
import { dataRequestEmailKey } from 'shared/server/address-keys';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import type { SiteDb } from 'shared/server/database';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import { optionalUser } from 'shared/server/identity';
import { codeMail, filedMail } from './mail';
import { dueDateOf, termDaysOf } from './rules';

/**
 * The visitor's side of the data subject's requests under /api/account/data-requests:
 * - `POST /codigo` e-mails a 6-digit code to the typed address (only there; no text of the visitor's in it). Neither the
 *   address nor the code is stored: digests for the rate limits and a salted hash of the code. Always the same answer.
 * - `POST /` files the request only with that code (15 minutes, 5 tries) or a verified ID token for the same address,
 *   assigns the radicado and the legal due date,
 *   and e-mails the acknowledgement. Nothing here looks at what the site holds for the address, so no answer reveals it.
 * - `GET /copia/:token/:file` serves the copy of an acceso's data from the link e-mailed with the answer (it expires).
 */

/** Codes one address may be sent per hour, and codes one network address may ask for per hour. */
export const CODES_PER_ADDRESS_PER_HOUR = 3;
export const CODES_PER_IP_PER_HOUR = 10;

export const visitorTexts = {
  linkGone:
    'Este enlace no es válido o ya venció. Si necesitas otra copia de tus datos, radica una nueva solicitud de acceso en /datos-personales.',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The address digest of codes and copies (shared/ defines it, so the personal-data engine finds them too). */
export const emailKeyOf = dataRequestEmailKey;
const ipKeyOf = (ip: string) => sha256(`data-request-ip:${ip}`);
const codeHashOf = (salt: string, code: string) => sha256(`${salt}:${code}`);
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

type CodeCheck = { ok: true } | { ok: false; message: string };

export interface DataRequestVisitorContext extends ApiContext {
  now: () => Date;
}

export const dataRequestVisitorRoutes: FastifyPluginAsync<DataRequestVisitorContext> = async (app, ctx) => {
  const t = dataRequestTexts;

  app.post<{ Body: z.output<typeof dataRequestCodeRequestSchema>; Reply: DataRequestCodeResponse }>(
    '/data-requests/codigo',
    {
      config: publicWrite(ctx.settings),
      // The form's hidden field travels with the code request (the first send of the page): bots get no code mailed.
      preValidation: rejectHoneypot,
      schema: {
        tags: ['account'],
        summary: 'Derechos del titular: enviar un código al correo para probar que es suyo (la misma respuesta para cualquier correo)',
        body: zodSchema(dataRequestCodeRequestSchema),
        response: { 200: zodResponse(dataRequestCodeResponseSchema) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const now = ctx.now();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const emailKey = emailKeyOf(email);
      const ipKey = ipKeyOf(request.ip);
      const [byAddress, byIp] = await Promise.all([
        ctx.db
          .selectFrom('account.data_request_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('email_key', '=', emailKey)
          .where('created_at', '>', hourAgo)
          .executeTakeFirst(),
        ctx.db
          .selectFrom('account.data_request_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip_key', '=', ipKey)
          .where('created_at', '>', hourAgo)
          .executeTakeFirst(),
      ]);
      if (Number(byAddress?.n ?? 0) >= CODES_PER_ADDRESS_PER_HOUR || Number(byIp?.n ?? 0) >= CODES_PER_IP_PER_HOUR)
        throw new ApiError(429, 'too_many_codes', t.tooManyCodes);
      const code = String(randomInt(0, 10 ** DATA_CODE_LENGTH)).padStart(DATA_CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('hex');
      await ctx.db
        .insertInto('account.data_request_codes')
        .values({
          email_key: emailKey,
          ip_key: ipKey,
          salt,
          code_hash: codeHashOf(salt, code),
          created_at: now,
          expires_at: new Date(now.getTime() + DATA_CODE_MINUTES * 60_000),
        })
        .execute();
      await ctx.mailer.send(codeMail(email, code, DATA_CODE_MINUTES));
      return { success: true as const, message: t.codeSent(DATA_CODE_MINUTES), minutes: DATA_CODE_MINUTES };
    },
  );

  /** Checks the newest live code of the address; a wrong one counts a try (committed even though the filing fails). */
  async function checkCode(email: string, code: string, now: Date): Promise<CodeCheck> {
    return ctx.db.transaction().execute(async (trx): Promise<CodeCheck> => {
      const row = await trx
        .selectFrom('account.data_request_codes')
        .selectAll()
        .where('email_key', '=', emailKeyOf(email))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', DATA_CODE_ATTEMPTS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { ok: false, message: t.codeUnusable };
      if (!sameHash(row.code_hash, codeHashOf(row.salt, code))) {
        const attempts = row.attempts + 1;
        await trx.updateTable('account.data_request_codes').set({ attempts }).where('id', '=', row.id).execute();
        const left = DATA_CODE_ATTEMPTS - attempts;
        return { ok: false, message: left > 0 ? t.codeWrong(left) : t.codeUnusable };
      }
      // Used once: the same code cannot file a second request.
      await trx.updateTable('account.data_request_codes').set({ used_at: now }).where('id', '=', row.id).execute();
      return { ok: true };
    });
  }

  app.post<{ Body: FileDataRequest; Reply: { 201: FileDataRequestResponse } }>(
    '/data-requests',
    {
      config: publicWrite(ctx.settings),
      preValidation: rejectHoneypot,
      schema: {
        tags: ['account'],
        summary:
          'Derechos del titular (Ley 1581): radicar una solicitud de acceso, corrección, supresión o revocatoria con el código enviado al correo',
        body: zodSchema(fileDataRequestSchema),
        response: { 201: zodResponse(fileDataRequestResponseSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = ctx.now();
      // A signed-in visitor whose address the identity provider verified has already proved it.
      const user = await optionalUser(ctx.identity, request);
      const proven = user !== null && user.emailVerified && user.email.trim().toLowerCase() === body.email;
      if (!proven) {
        if (!body.code) throw new ApiError(400, 'code_invalid', t.codeRequired, { code: t.codeRequired });
        const checked = await checkCode(body.email, body.code, now);
        if (!checked.ok) throw new ApiError(400, 'code_invalid', checked.message, { code: checked.message });
      }
      const termDays = termDaysOf(body.kind);
      const dueDate = dueDateOf(body.kind, now);
      const row = await ctx.db.transaction().execute(async (trx) => {
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
      return reply
        .status(201)
        .send({ success: true, radicado: row.radicado, kind: body.kind, createdAt: now.toISOString(), dueDate, termDays });
    },
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

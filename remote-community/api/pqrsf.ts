import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { addBusinessDays, colombianDate } from 'shared/format/business-days';
import {
  documentKey,
  pqrsfLookupSchema,
  pqrsfLookupTexts,
  pqrsfSchema,
  RADICADO_LENGTH,
  responseTermDays,
  type Pqrsf,
  type PqrsfRecord,
} from 'shared/schemas/community';
import type { z } from 'shared/schemas/zod';
import { publicWrite } from 'shared/server/api-module';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError, zodSchema } from 'shared/server/http';
import type { CommunityContext } from './acknowledge';

/** The initial status of every request (spec §4); later statuses are set by the foundation's staff. */
export const PQRSF_INITIAL_STATUS = 'En proceso';

/** A radicado: 16 crypto-random digits (about 53 bits), first digit non-zero so it never loses a leading zero. */
export function newRadicado(): string {
  let out = String(randomInt(1, 10));
  while (out.length < RADICADO_LENGTH) out += String(randomInt(0, 10));
  return out;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

interface PqrsfRow {
  radicado: string;
  status: string;
  rol_type: string;
  name: string;
  lastname: string;
  id_type: string;
  id_number: string;
  phone_number: string;
  email: string;
  request_type: string;
  reviews: string;
  response: string | null;
  term_days: number;
  due_date: string;
  created_at: Date | string;
}

function toRecord(r: PqrsfRow): PqrsfRecord {
  return {
    id: r.radicado,
    createdAt: new Date(r.created_at).toISOString(),
    status: r.status,
    rol_type: r.rol_type,
    name: r.name,
    lastname: r.lastname,
    email: r.email,
    phone_number: r.phone_number,
    id_type: r.id_type,
    id_number: r.id_number,
    request_type: r.request_type,
    reviews: r.reviews,
    response: r.response,
    dueDate: r.due_date,
    termDays: r.term_days,
  };
}

const filedAnswer = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    id: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    dueDate: { type: 'string' },
    termDays: { type: 'integer' },
  },
  required: ['success', 'id', 'status', 'createdAt', 'dueDate', 'termDays'],
} as const;

/** PQRSF filing (the server assigns the radicado and the Ley 1755 deadline) and lookup by radicado plus document. */
export const pqrsfRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  app.post<{ Body: Pqrsf }>(
    '/pqrsf',
    {
      config: publicWrite(ctx.settings),
      preValidation: rejectHoneypot,
      schema: { tags: ['community'], summary: 'Radicar una PQRSF', body: zodSchema(pqrsfSchema), response: { 201: filedAnswer } },
    },
    async (request, reply) => {
      const p = request.body;
      const now = new Date();
      const termDays = responseTermDays(p.request_type);
      const dueDate = addBusinessDays(colombianDate(now), termDays);
      let stored: PqrsfRow | undefined;
      // A collision among 9·10^15 numbers is next to impossible; retrying keeps it from ever failing a visitor.
      for (let attempt = 0; !stored && attempt < 5; attempt++) {
        try {
          stored = (await ctx.db
            .insertInto('community.pqrsf_requests')
            .values({
              ...p,
              radicado: newRadicado(),
              status: PQRSF_INITIAL_STATUS,
              id_number_key: documentKey(p.id_number),
              term_days: termDays,
              due_date: dueDate,
              created_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow()) as PqrsfRow;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      }
      if (!stored) throw new Error('no free radicado after 5 attempts');
      const record = toRecord(stored);
      await ctx.acknowledge(
        { kind: 'pqrsf', to: record.email, number: record.id, date: now, due: { date: record.dueDate, businessDays: termDays } },
        request.log,
      );
      return reply
        .status(201)
        .send({ success: true, id: record.id, status: record.status, createdAt: record.createdAt, dueDate: record.dueDate, termDays });
    },
  );

  // POST, not GET: the document number is personal data and must not travel in a URL (logs, history, proxies).
  app.post<{ Body: z.output<typeof pqrsfLookupSchema> }>(
    '/pqrsf/consulta',
    {
      config: publicWrite(ctx.settings),
      schema: { tags: ['community'], summary: 'Consultar una PQRSF por radicado y documento', body: zodSchema(pqrsfLookupSchema) },
    },
    async (request) => {
      const { id, id_number } = request.body;
      // One query over both halves, so a wrong radicado and a wrong document are indistinguishable.
      const row = await ctx.db
        .selectFrom('community.pqrsf_requests')
        .selectAll()
        .where('radicado', '=', id)
        .where('id_number_key', '=', documentKey(id_number))
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'not_found', pqrsfLookupTexts.notFound);
      return { success: true, Items: [toRecord(row as PqrsfRow)] };
    },
  );
};

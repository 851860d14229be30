import { CONSENT_COLUMNS, consentSelection, withoutConsent } from 'shared/server/consents';
import { pqrsfConsent } from '../../../manifest/consent';
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { addBusinessDays, colombianDate } from 'shared/format/business-days';
import { documentKey, pqrsfLookupTexts, RADICADO_LENGTH, responseTermDays } from '../schemas';
import type { PqrsfRecord } from '../schemas';
import { sql, type Selectable } from 'kysely';
import { publicWrite } from 'shared/server/api-module';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError } from 'shared/server/http';
import { tellRoleOfNewCase, type NewCase } from 'shared/server/cases/notices';
import { route } from 'shared/server/operation-routes';
import { staffPath } from 'shared/staff-routes';
import { pqrsfOperations } from '../operations';
import { pqrsfDigest } from './digest';
import { answerAttachments, registerLookupAttachment } from './lookup-attachments';
import type { CommunityContext } from '../../forms/server/acknowledge';
import type { PqrsfRequestsTable } from '../../../server/tables';

/** The initial status of every request (spec §4); later statuses are set by the foundation's staff. */
export const PQRSF_INITIAL_STATUS = 'En proceso';

/** A radicado: 16 crypto-random digits (about 53 bits), first digit non-zero so it never loses a leading zero. */
export function newRadicado(): string {
  let out = String(randomInt(1, 10));
  while (out.length < RADICADO_LENGTH) out += String(randomInt(0, 10));
  return out;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

type PqrsfRow = Selectable<PqrsfRequestsTable>;

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
    respondedAt: r.responded_at ? new Date(r.responded_at).toISOString() : null,
    dueDate: r.due_date,
    originalDueDate: r.original_due_date,
    termDays: r.term_days,
    transferredTo: r.transferred_to,
    transferredAt: r.transferred_at ? new Date(r.transferred_at).toISOString() : null,
    attachments: [],
  };
}

export const newPqrsfNoticeTexts = {
  subject: (radicado: string, type: string) => `Nueva PQRSF ${radicado} (${type})`,
  intro: 'Llegó una PQRSF nueva por el formulario del sitio. Su término de respuesta (Ley 1755 de 2015) ya corre.',
  action: 'Abrir el caso en el panel',
} as const;

/**
 * The atención team's notice of a PQRSF just filed (the legal-case kit sends it): its type (one of the form's fixed
 * values), the generated radicado and the server's dates, never the petitioner's data.
 */
export function newPqrsfNotice(c: { radicado: string; type: string; filedAt: Date; dueDate: string; termDays: number }): NewCase {
  const t = newPqrsfNoticeTexts;
  return {
    team: pqrsfDigest.team,
    subject: t.subject(c.radicado, c.type),
    intro: t.intro,
    type: c.type,
    radicado: c.radicado,
    filedAt: c.filedAt,
    dueDate: c.dueDate,
    termDays: c.termDays,
    action: { label: t.action, path: staffPath('/equipo/pqrsf/:radicado', { radicado: c.radicado }) },
  };
}

/** The community context, plus the clock of the filing date (tests; the staff's terms use the same one). */
export interface PqrsfContext extends CommunityContext {
  now?: (() => Date) | undefined;
}

/** PQRSF filing (the server assigns the radicado and the Ley 1755 deadline) and lookup by radicado plus document. */

export const pqrsfRoutes: FastifyPluginAsync<PqrsfContext> = async (app, ctx) => {
  const clock = ctx.now ?? (() => new Date());
  // What proves a case is the caller's: one query over both halves, so a wrong radicado and a wrong document are
  // indistinguishable. The lookup and the download of the answer's files ask it alike.
  const proven = (radicado: string, idNumber: string) =>
    ctx.db
      .selectFrom('community.pqrsf_requests')
      .selectAll()
      .where('radicado', '=', radicado)
      .where('id_number_key', '=', documentKey(idNumber))
      .executeTakeFirst();
  // Both ask that proof, so they share one count per client (the site's public-write limit): a count each would double
  // the guesses of a document for a known radicado. One limiter, made once, is one store (a route's own `rateLimit`
  // config gets a store of its own, whatever its groupId).
  const proofLimit = app.rateLimit({ ...publicWrite(ctx.settings).rateLimit, groupId: 'pqrsf-proof' });
  route(
    app,
    pqrsfOperations.file,
    async (request) => {
      const { record: p, version } = withoutConsent(request.body);
      const now = clock();
      const termDays = responseTermDays(p.request_type);
      const dueDate = addBusinessDays(colombianDate(now), termDays);
      let stored: PqrsfRow | undefined;
      const proof = consentSelection(
        { form: pqrsfConsent, version, recordTable: 'community.pqrsf_requests', email: p.email },
        sql<string>`req.radicado`,
      );
      // A collision among 9·10^15 numbers is next to impossible; retrying keeps it from ever failing a visitor.
      for (let attempt = 0; !stored && attempt < 5; attempt++) {
        try {
          // The request, the first row of its status history (the filing, by no member of the team) and the proof of
          // the notice the form showed (a petition needs no authorization: Ley 1581 art. 10) in one statement: all or
          // nothing, one round trip and one commit (#33).
          stored = await ctx.db
            .with('req', (db) =>
              db
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
                .returningAll(),
            )
            .with('history', (db) =>
              db
                .insertInto('community.pqrsf_history')
                .columns(['request_id', 'action', 'status', 'at', 'actor_sub', 'actor_email'])
                .expression((eb) =>
                  eb
                    .selectFrom('req')
                    .select([
                      'req.id',
                      sql.val('radicada').as('action'),
                      'req.status',
                      sql<Date>`${now}::timestamptz`.as('at'),
                      sql<string | null>`null`.as('actor_sub'),
                      sql<string | null>`null`.as('actor_email'),
                    ]),
                ),
            )
            .with('proof', (db) =>
              db
                .insertInto('privacy.consents')
                .columns(CONSENT_COLUMNS)
                .expression((eb) => eb.selectFrom('req').select(proof)),
            )
            .selectFrom('req')
            .selectAll()
            .executeTakeFirstOrThrow();
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
      // The team hears of it now, not only in the digest once it is due soon; a notice that fails is only logged.
      await tellRoleOfNewCase(
        ctx,
        newPqrsfNotice({ radicado: record.id, type: record.request_type, filedAt: now, dueDate: record.dueDate, termDays }),
        request.log,
      );
      return {
        success: true as const,
        id: record.id,
        status: record.status,
        createdAt: record.createdAt,
        dueDate: record.dueDate,
        termDays,
      };
    },
    { config: publicWrite(ctx.settings), preValidation: rejectHoneypot },
  );

  // POST, not GET: the document number is personal data and must not travel in a URL (logs, history, proxies).
  route(
    app,
    pqrsfOperations.lookup,
    async (request) => {
      const { id, id_number } = request.body;
      const row = await proven(id, id_number);
      if (!row) throw new ApiError(404, 'not_found', pqrsfLookupTexts.notFound);
      // The answer's files (#32), to whoever just proved the case is theirs; each download asks for the proof again.
      return { success: true as const, Items: [{ ...toRecord(row), attachments: await answerAttachments(ctx.db, row.id, clock()) }] };
    },
    { onRequest: proofLimit },
  );
  registerLookupAttachment(app, ctx, clock, proven, proofLimit);
};

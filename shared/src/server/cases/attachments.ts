import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ColumnType, ExpressionBuilder, Generated, Kysely, Transaction } from 'kysely';
import type { AnyOperation } from '../../api/operation';
import {
  ATTACHMENT_LINK_DAYS,
  ATTACHMENT_TOKEN_PATTERN,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  type CaseAttachment,
  type UploadedAttachment,
} from '../../cases/attachments';
import { recordAudit } from '../audit';
import type { CreatedTimestamp, NullableTimestamp, SiteDb } from '../database';
import { ApiError } from '../http';
import { scheduleRecurring } from '../jobs';
import { acceptFileUploads, fileUpload, sendStoredObject } from '../objects/file-routes';
import { FILE_KINDS, newObjectKey, type FileKind } from '../objects/file-types';
import type { ObjectStore } from '../objects/object-store';
import { route } from '../operation-routes';
import { pathParam, staffOf, staffRead, type StaffUser } from '../staff-guard';
import type { CaseTrx } from './act';
import { isoOf } from './read';

/**
 * A legal case's attachments (#32), once for every kind; each kind owns its two tables (its migration) and names them
 * here, as `caseAssignment` does. A member of the kind's team uploads each file to the case first (the raw body with
 * its name in X-File-Name, as the published files do): its kind is read from its bytes, it is kept in the object store
 * under a random `<keyPrefix>/…` key, and a pending row answers its id. The answer or the note that names the ids
 * claims them in its own transaction (only the uploader's pending uploads of that very case). An answer's attachments
 * each get a random token whose SHA-256 is kept: the e-mail's link carries the token and works for 30 days. Pending
 * uploads nobody claimed go after a day; whatever deletes a row (that purge, retention, an erasure), the kind's
 * trigger queues its object key in the removals table and the same job removes the bytes.
 */

/** The columns of a kind's attachments table (`request_id` references its cases' `id`; `note_id` its notes', if any). */
export interface CaseAttachmentsTable {
  id: Generated<string>;
  request_id: number;
  /** null while pending; 'respuesta' or 'nota'. */
  attached_to: 'respuesta' | 'nota' | null;
  note_id: string | null;
  object_key: string;
  file_name: string;
  kind: string;
  size: number;
  uploaded_at: CreatedTimestamp;
  attached_at: NullableTimestamp;
  actor_sub: string;
  actor_email: string;
  /** SHA-256 (hex) of the e-mailed link's token; answer attachments only. */
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
}

/** The columns of a kind's removals table: stored objects whose rows are gone (its delete trigger fills it). */
export interface CaseAttachmentRemovalsTable {
  object_key: string;
  at: CreatedTimestamp;
}

/**
 * A kind whose cases are keyed by (kind, id) (community records, #32) adds `record_kind` to the kit's columns: its
 * attachments are those of `request_id` *and* `record_kind`.
 */
export interface RecordAttachmentsTable extends CaseAttachmentsTable {
  record_kind: string;
}

/** The kit's view of a kind's tables: the real names are the kind's (`tables`), the columns these. */
interface KitTables {
  // `record_kind` is only ever compared and inserted, never read: a kind without it never names it.
  case_attachments: CaseAttachmentsTable & { record_kind: ColumnType<string, string | undefined, never> };
  case_attachment_removals: CaseAttachmentRemovalsTable;
  case_requests: { id: number; radicado: string };
}

/** PDFs, images without scripts, and Office documents: by content, never by name. */
export const ATTACHMENT_KINDS: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'webp', 'docx', 'xlsx', 'pptx'];
const upload = fileUpload({ allowed: ATTACHMENT_KINDS, maxBytes: MAX_ATTACHMENT_BYTES });

/** A member's pending uploads on one case at once: enough for an answer and a note, not for filling the bucket. */
export const MAX_PENDING_ATTACHMENTS = 20;
/** Uploads one client may send per hour. */
const UPLOADS_PER_HOUR = 60;
/** How long an unclaimed upload is kept. */
const PENDING_HOURS = 24;
/** How often the purge runs. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

export const caseAttachmentTexts = {
  notFound: 'No encontramos una solicitud con ese número de radicado.',
  attachmentNotFound: 'Ese adjunto no existe en esta solicitud.',
  tooManyPending: `Ya subiste ${MAX_PENDING_ATTACHMENTS} archivos a esta solicitud sin enviarlos. Quita alguno o envía la respuesta o la nota.`,
  notClaimable: 'Uno de los adjuntos ya no está disponible: súbelo de nuevo.',
  tooMany: `Puedes adjuntar hasta ${MAX_ATTACHMENTS} archivos.`,
  notYours: 'Solo quien subió el archivo puede quitarlo, y solo antes de enviarlo.',
  linkUnknown: 'Este enlace de descarga no existe. Revisa que lo hayas copiado completo del correo.',
  linkExpired: `Este enlace de descarga venció: los adjuntos se pueden descargar durante ${ATTACHMENT_LINK_DAYS} días desde la respuesta. Radica una nueva solicitud citando tu radicado para recibirlos de nuevo.`,
  pageTitle: 'Adjunto no disponible',
} as const;
export type CaseAttachmentTexts = { readonly [K in keyof typeof caseAttachmentTexts]: string };

/** A case as the kit finds its attachments: its row id and, for a kind keyed by (kind, id), its `record_kind`. */
export interface CaseKey {
  id: number;
  kind?: string;
}

/**
 * How a kind finds the case its staff URL names, when it is not a cases table by `:radicado` (`tables.cases`): a kind
 * keyed by (kind, id) looks its record up itself.
 */
export interface CaseLocator {
  /** The case the route's (parsed) params name, or null (404). */
  find(db: SiteDb, params: unknown): Promise<CaseKey | null>;
  /** How the audit log names the case (a radicado, `kind/id`), from the route's params (raw or parsed). */
  auditId(params: unknown): string;
  /** The attachment's id in the operations' paths (`id` unless the case's own key already uses it). */
  attachmentParam?: string;
}

/** The default: a cases table with `id` and `radicado`, found by `:radicado`. */
const byRadicado = (cases: string): CaseLocator => ({
  async find(db, params) {
    const { radicado } = params as { radicado: string };
    const row = await (db as unknown as Kysely<KitTables>)
      .selectFrom(cases as 'case_requests')
      .select('id')
      .where('radicado', '=', radicado)
      .executeTakeFirst();
    return row ? { id: row.id } : null;
  },
  auditId: (params) => String((params as { radicado?: string } | undefined)?.radicado ?? ''),
});

const keyOf = (c: number | CaseKey): CaseKey => (typeof c === 'number' ? { id: c } : c);

/** An answer's attachment as its e-mail lists it. */
export interface MailedAttachment {
  name: string;
  url: string;
}

export interface CaseAttachmentKit {
  db: SiteDb;
  /** The object store (only the routes and the purge use it: reading and claiming rows need none). */
  objects?: ObjectStore;
  now: () => Date;
  /**
   * The kind's tables (`schema.table`): its cases (`id`, `radicado`; not needed with a `locator`), its attachments and
   * its removals queue.
   */
  tables: { cases?: string; attachments: string; removals: string };
  /** How the staff URL names a case when it is not `tables.cases` by `:radicado`. */
  locator?: CaseLocator;
  /** Where the bytes go in the object store (`pqrsf/adjuntos`): random keys under it. */
  keyPrefix: string;
  /** The audit log's entity and the three audit actions (the download is a `staffRead`). */
  entity: string;
  auditActions: { upload: string; remove: string; read: string };
  /** The person's link: its route under the remote's public API (`/pqrsf/adjuntos`) and the URL the e-mail carries. */
  linkRoute: string;
  linkUrl: (origin: string, token: string) => string;
  /** The purge job's name (once per hour across instances) and what its logs call the kind. */
  jobName: string;
  label: string;
  /** The kind's three declared operations (`caseAttachmentOperations` or its own: the case's key and the attachment's). */
  ops: { uploadAttachment: AnyOperation; removeAttachment: AnyOperation; attachment: AnyOperation };
  /** Words that differ from the kit's (the kind's 404, for one). */
  texts?: Partial<CaseAttachmentTexts>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function caseAttachments(kit: CaseAttachmentKit) {
  const t: CaseAttachmentTexts = { ...caseAttachmentTexts, ...kit.texts };
  // The kind's real table names, seen by the query builder as the kit's (the columns are the kit's, the migration the
  // kind's): a narrowing cast of a name, nothing else.
  const A = kit.tables.attachments as 'case_attachments';
  const R = kit.tables.removals as 'case_attachment_removals';
  const found = kit.locator ?? (kit.tables.cases ? byRadicado(kit.tables.cases) : null);
  if (!found) throw new Error(`${kit.label} attachments: neither a cases table nor a locator`);
  const locator: CaseLocator = found;
  const attachmentParam = locator.attachmentParam ?? 'id';
  const db = kit.db as unknown as Kysely<KitTables>;
  const inTrx = (trx: CaseTrx) => trx as unknown as Transaction<KitTables>;
  /** The rows of one case: its id and, keyed by (kind, id), its kind. */
  const ofCase = (key: CaseKey) => (eb: ExpressionBuilder<KitTables, 'case_attachments'>) =>
    key.kind === undefined ? eb('request_id', '=', key.id) : eb.and([eb('request_id', '=', key.id), eb('record_kind', '=', key.kind)]);
  const store = (): ObjectStore => {
    if (!kit.objects) throw new Error(`${kit.label} attachments: no object store given`);
    return kit.objects;
  };

  /** The attachments of a case as its screen lists them (claimed ones only), oldest first. */
  async function readAttachments(requestId: number | CaseKey): Promise<CaseAttachment[]> {
    const rows = await db
      .selectFrom(A)
      .select(['id', 'file_name', 'kind', 'size', 'uploaded_at', 'actor_email', 'attached_to', 'note_id'])
      .where(ofCase(keyOf(requestId)))
      .where('attached_to', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      // int8 columns come back as strings or numbers depending on the driver: the API says strings.
      id: String(r.id),
      name: r.file_name,
      kind: r.kind,
      size: r.size,
      at: isoOf(r.uploaded_at),
      actorEmail: r.actor_email,
      part: r.attached_to ?? 'respuesta',
      noteId: r.note_id === null ? null : String(r.note_id),
    }));
  }

  /**
   * Claims the named pending uploads of this case by this member for the answer or a note, inside the action's
   * transaction. Any id that is not such an upload refuses the whole action (409): nothing is sent half-attached. For
   * the answer, each gets its link's token; the links are answered for the e-mail. A kind with many answers (a
   * community record's replies) names the answer's entry, kept in `note_id`.
   */
  async function claimAttachments(
    caseTrx: CaseTrx,
    c: { requestId: number | CaseKey; me: StaffUser; at: Date; origin: string },
    ids: readonly string[] | undefined,
    to: { part: 'respuesta'; entryId?: string } | { part: 'nota'; noteId: string | null },
  ): Promise<MailedAttachment[]> {
    const trx = inTrx(caseTrx);
    const wanted = [...new Set(ids ?? [])];
    if (!wanted.length) return [];
    if (wanted.length > MAX_ATTACHMENTS) throw new ApiError(422, 'too_many_attachments', t.tooMany, { attachments: t.tooMany });
    const rows = await trx
      .selectFrom(A)
      .select(['id', 'file_name'])
      .where('id', 'in', wanted)
      .where(ofCase(keyOf(c.requestId)))
      .where('actor_sub', '=', c.me.sub)
      .where('attached_to', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.length !== wanted.length) throw new ApiError(409, 'attachment_unavailable', t.notClaimable, { attachments: t.notClaimable });
    const expires = new Date(c.at.getTime() + ATTACHMENT_LINK_DAYS * 24 * 60 * 60 * 1000);
    const mailed: MailedAttachment[] = [];
    for (const row of rows) {
      const token = to.part === 'respuesta' ? randomBytes(32).toString('base64url') : null;
      await trx
        .updateTable(A)
        .set({
          attached_to: to.part,
          note_id: to.part === 'nota' ? to.noteId : (to.entryId ?? null),
          attached_at: c.at,
          token_hash: token ? hashOf(token) : null,
          token_expires_at: token ? expires : null,
        })
        .where('id', '=', row.id)
        .execute();
      if (token) mailed.push({ name: row.file_name, url: kit.linkUrl(c.origin, token) });
    }
    return mailed;
  }

  /** The case the route's params name, or 404. */
  async function caseOf(params: unknown): Promise<CaseKey> {
    const key = await locator.find(kit.db, params);
    if (!key) throw new ApiError(404, 'not_found', t.notFound);
    return key;
  }
  const attachmentIdOf = (params: unknown) => String((params as Record<string, unknown>)[attachmentParam]);

  /** The staff's upload, removal and download, in the kind's staff scope: a scope of their own for raw bodies. */
  async function registerAttachmentRoutes(scope: FastifyInstance): Promise<void> {
    await scope.register(async (files) => {
      acceptFileUploads(files);

      route(
        files,
        kit.ops.uploadAttachment,
        async (request): Promise<UploadedAttachment> => {
          const me = staffOf(request);
          const caseId = locator.auditId(request.params);
          const file = upload.read(request);
          const key = await caseOf(request.params);
          const pending = await db
            .selectFrom(A)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(ofCase(key))
            .where('actor_sub', '=', me.sub)
            .where('attached_to', 'is', null)
            .executeTakeFirstOrThrow();
          if (Number(pending.n) >= MAX_PENDING_ATTACHMENTS) throw new ApiError(409, 'too_many_pending', t.tooManyPending);
          const objectKey = newObjectKey(kit.keyPrefix);
          const name = file.name ?? `adjunto.${FILE_KINDS[file.kind].extension}`;
          await store().put(objectKey, file.bytes, file.contentType, { ...file.metadata });
          // Stored before its row exists: should the row not be written (the case went meanwhile), the bytes go too,
          // since no row means no trigger and no purge would ever find them.
          const row = await db
            .transaction()
            .execute(async (trx) => {
              const inserted = await trx
                .insertInto(A)
                .values({
                  request_id: key.id,
                  ...(key.kind === undefined ? {} : { record_kind: key.kind }),
                  object_key: objectKey,
                  file_name: name,
                  kind: file.kind,
                  size: file.bytes.length,
                  uploaded_at: kit.now(),
                  actor_sub: me.sub,
                  actor_email: me.email,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              await recordAudit(trx as unknown as CaseTrx, me, {
                action: kit.auditActions.upload,
                entity: kit.entity,
                entityId: caseId,
                detail: { attachment: inserted.id, kind: file.kind, size: file.bytes.length },
              });
              return inserted;
            })
            .catch(async (err: unknown) => {
              await store()
                .delete(objectKey)
                .catch(() => undefined);
              const still = await locator.find(kit.db, request.params);
              throw still ? err : new ApiError(404, 'not_found', t.notFound);
            });
          return { id: String(row.id), name, kind: file.kind, size: file.bytes.length };
        },
        // Like the published files: limited per hour, so a stolen token cannot fill the bucket.
        { ...upload.route, config: { rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: 3_600_000 } } },
      );
    });

    route(scope, kit.ops.removeAttachment, async (request) => {
      const me = staffOf(request);
      const id = attachmentIdOf(request.params);
      const key = await caseOf(request.params);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(A)
          .select(['id', 'actor_sub', 'attached_to'])
          .where('id', '=', id)
          .where(ofCase(key))
          .forUpdate()
          .executeTakeFirst();
        if (!row) return false;
        if (row.actor_sub !== me.sub || row.attached_to !== null) throw new ApiError(403, 'not_your_attachment', t.notYours);
        // The trigger queues its object for the purge job; the bytes go now too.
        await trx.deleteFrom(A).where('id', '=', row.id).execute();
        await recordAudit(trx as unknown as CaseTrx, me, {
          action: kit.auditActions.remove,
          entity: kit.entity,
          entityId: locator.auditId(request.params),
          detail: { attachment: row.id },
        });
        return true;
      });
      // The row is gone whatever the store says now: a failure leaves its bytes queued for the hourly job, and the
      // answer still tells the screen the file is no longer there (an error would keep it listed and refuse the next
      // answer).
      if (removed)
        await purgeRemovedObjects().catch((err: unknown) =>
          request.log.warn({ err: String(err) }, `${kit.label} attachment bytes left for the purge job`),
        );
      return { removed };
    });

    route(
      scope,
      kit.ops.attachment,
      async (request, reply) => {
        const id = attachmentIdOf(request.params);
        const key = await caseOf(request.params);
        const row = await db
          .selectFrom(A)
          .select(['object_key', 'file_name', 'attached_to', 'actor_sub'])
          .where('id', '=', id)
          .where(ofCase(key))
          .executeTakeFirst();
        // A pending upload is its uploader's until it is sent.
        const visible = row && (row.attached_to !== null || row.actor_sub === staffOf(request).sub);
        const stored = visible ? await store().get(row.object_key) : null;
        if (!row || !stored) throw new ApiError(404, 'not_found', t.attachmentNotFound);
        return sendStoredObject(reply, stored, { cacheControl: 'private, no-store', fileName: row.file_name, download: true });
      },
      {
        config: staffRead({
          action: kit.auditActions.read,
          entity: kit.entity,
          id: (request) => `${locator.auditId(request.params)}/adjuntos/${pathParam(attachmentParam)(request)}`,
        }),
      },
    );
  }

  /** Answers a refused link as a small Spanish page to a browser, JSON to anything else. */
  function refuseLink(request: FastifyRequest, reply: FastifyReply, status: 404 | 410, message: string) {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    void reply.status(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    if (!wantsHtml)
      return reply.type('application/json; charset=utf-8').send({ error: status === 410 ? 'link_expired' : 'not_found', message });
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.pageTitle}</title></head>` +
          `<body style="font-family:Arial,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><h1>${t.pageTitle}</h1><p>${message}</p></body></html>`,
      );
  }

  /**
   * `GET <linkRoute>/:token`: the person downloads an answer's attachment from the e-mail's link. Unknown token 404,
   * expired 410; the file always as a download, its kind's type, nosniff, never cached.
   */
  function registerAttachmentLink(app: FastifyInstance): void {
    app.get<{ Params: { token: string } }>(
      `${kit.linkRoute}/:token`,
      { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
      async (request, reply) => {
        const token = request.params.token;
        const row = ATTACHMENT_TOKEN_PATTERN.test(token)
          ? await db
              .selectFrom(A)
              .select(['object_key', 'file_name', 'token_expires_at'])
              .where('token_hash', '=', hashOf(token))
              .where('attached_to', '=', 'respuesta')
              .executeTakeFirst()
          : undefined;
        if (!row) return refuseLink(request, reply, 404, t.linkUnknown);
        if (!row.token_expires_at || row.token_expires_at.getTime() <= kit.now().getTime())
          return refuseLink(request, reply, 410, t.linkExpired);
        const stored = await store().get(row.object_key);
        if (!stored) return refuseLink(request, reply, 404, t.linkUnknown);
        return sendStoredObject(reply, stored, { cacheControl: 'private, no-store', fileName: row.file_name, download: true });
      },
    );
  }

  /**
   * Deletes the stored bytes of removed rows (the trigger's queue). A key the store refuses stays queued for the next
   * run without holding back the others; the run then fails, so the job's log says so.
   */
  async function purgeRemovedObjects(): Promise<number> {
    const queued = await db.selectFrom(R).select('object_key').limit(500).execute();
    let removed = 0;
    let failed = 0;
    for (const { object_key } of queued) {
      try {
        await store().delete(object_key);
      } catch {
        failed += 1;
        continue;
      }
      await db.deleteFrom(R).where('object_key', '=', object_key).execute();
      removed += 1;
    }
    if (failed)
      throw new Error(`${failed} of ${queued.length} removed attachments' files could not be deleted; left queued (${removed} deleted)`);
    return removed;
  }

  /** Drops the uploads nobody sent within a day, then their bytes and any other removed row's. */
  async function purgeAttachments(at: Date): Promise<{ pending: number; objects: number }> {
    const cutoff = new Date(at.getTime() - PENDING_HOURS * 60 * 60 * 1000);
    const dropped = await db.deleteFrom(A).where('attached_to', 'is', null).where('uploaded_at', '<', cutoff).executeTakeFirst();
    const objects = await purgeRemovedObjects();
    return { pending: Number(dropped.numDeletedRows), objects };
  }

  /** The hourly purge, once per hour across instances. Returns its stop function. */
  function scheduleAttachmentPurge(log: { error: (o: object, m: string) => void }) {
    return scheduleRecurring(
      kit.db,
      { name: kit.jobName, everyMs: PURGE_EVERY_MS, run: () => purgeAttachments(kit.now()) },
      { now: kit.now, onError: (err) => log.error({ err }, `${kit.label} attachments purge failed`) },
    );
  }

  return {
    readAttachments,
    claimAttachments,
    registerAttachmentRoutes,
    registerAttachmentLink,
    purgeRemovedObjects,
    purgeAttachments,
    scheduleAttachmentPurge,
  };
}

export type CaseAttachmentsKit = ReturnType<typeof caseAttachments>;

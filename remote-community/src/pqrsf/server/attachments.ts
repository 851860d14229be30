import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from 'shared/server/audit';
import type { CaseTrx } from 'shared/server/cases/act';
import { isoOf } from 'shared/server/cases/read';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { scheduleRecurring } from 'shared/server/jobs';
import { acceptFileUploads, fileUpload, sendStoredObject } from 'shared/server/objects/file-routes';
import { FILE_KINDS, newObjectKey, type FileKind } from 'shared/server/objects/file-types';
import type { ObjectStore } from 'shared/server/objects/object-store';
import { route } from 'shared/server/operation-routes';
import { pathParam, staffOf, staffRead, type StaffUser } from 'shared/server/staff-guard';
import { ATTACHMENT_LINK_DAYS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type PqrsfAttachment } from '../attachment-schemas';
import { pqrsfStaffOperations as ops } from '../staff-operations';

/**
 * A PQRSF case's attachments (#32). A member of Atención uploads each file to the case first (the raw body with its
 * name in X-File-Name, as the published files do): its kind is read from its bytes, it is kept in the object store
 * under a random `pqrsf/adjuntos/…` key, and a pending row answers its id. The answer or the note that names the ids
 * claims them in its own transaction (only the uploader's pending uploads of that very case). An answer's attachments
 * each get a random token whose SHA-256 is kept: the e-mail's link carries the token and works for 30 days. Pending
 * uploads nobody claimed go after a day; whatever deletes a row (that purge, retention, an erasure), a trigger queues
 * its object key and the same job removes the bytes.
 */

export const pqrsfAttachmentAuditActions = {
  upload: 'community.pqrsf.attachment.upload',
  remove: 'community.pqrsf.attachment.remove',
  read: 'community.pqrsf.attachment.read',
} as const;

/** PDFs, images without scripts, and Office documents: by content, never by name. */
export const ATTACHMENT_KINDS: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'webp', 'docx', 'xlsx', 'pptx'];
const upload = fileUpload({ allowed: ATTACHMENT_KINDS, maxBytes: MAX_ATTACHMENT_BYTES });

/** A member's pending uploads on one case at once: enough for an answer and a note, not for filling the bucket. */
const MAX_PENDING = 20;
/** Uploads one client may send per hour. */
const UPLOADS_PER_HOUR = 60;
/** How long an unclaimed upload is kept. */
const PENDING_HOURS = 24;
/** How often the purge runs. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

export const attachmentApiTexts = {
  notFound: 'No encontramos una solicitud con ese número de radicado.',
  attachmentNotFound: 'Ese adjunto no existe en esta solicitud.',
  tooManyPending: `Ya subiste ${MAX_PENDING} archivos a esta solicitud sin enviarlos. Quita alguno o envía la respuesta o la nota.`,
  notClaimable: 'Uno de los adjuntos ya no está disponible: súbelo de nuevo.',
  tooMany: `Puedes adjuntar hasta ${MAX_ATTACHMENTS} archivos.`,
  notYours: 'Solo quien subió el archivo puede quitarlo, y solo antes de enviarlo.',
  linkUnknown: 'Este enlace de descarga no existe. Revisa que lo hayas copiado completo del correo.',
  linkExpired: `Este enlace de descarga venció: los adjuntos se pueden descargar durante ${ATTACHMENT_LINK_DAYS} días desde la respuesta. Radica una nueva solicitud citando tu radicado para recibirlos de nuevo.`,
  pageTitle: 'Adjunto no disponible',
} as const;
const t = attachmentApiTexts;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Where the answer e-mail's link points: the token only (256 random bits), never the row's id. */
export const attachmentLink = (origin: string, token: string) => `${origin}/api/community/pqrsf/adjuntos/${token}`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The attachments of a case as its screen lists them (claimed ones only), oldest first. */
export async function readAttachments(db: SiteDb, requestId: number): Promise<PqrsfAttachment[]> {
  const rows = await db
    .selectFrom('community.pqrsf_attachments')
    .select(['id', 'file_name', 'kind', 'size', 'uploaded_at', 'actor_email', 'attached_to', 'note_id'])
    .where('request_id', '=', requestId)
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

/** An answer's attachment as its e-mail lists it. */
export interface MailedAttachment {
  name: string;
  url: string;
}

/**
 * Claims the named pending uploads of this case by this member for the answer or a note, inside the action's
 * transaction. Any id that is not such an upload refuses the whole action (409): nothing is sent half-attached. For the
 * answer, each gets its link's token; the links are answered for the e-mail.
 */
export async function claimAttachments(
  trx: CaseTrx,
  c: { requestId: number; me: StaffUser; at: Date; origin: string },
  ids: readonly string[] | undefined,
  to: { part: 'respuesta' } | { part: 'nota'; noteId: string },
): Promise<MailedAttachment[]> {
  const wanted = [...new Set(ids ?? [])];
  if (!wanted.length) return [];
  if (wanted.length > MAX_ATTACHMENTS) throw new ApiError(422, 'too_many_attachments', t.tooMany, { attachments: t.tooMany });
  const rows = await trx
    .selectFrom('community.pqrsf_attachments')
    .select(['id', 'file_name'])
    .where('id', 'in', wanted)
    .where('request_id', '=', c.requestId)
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
      .updateTable('community.pqrsf_attachments')
      .set({
        attached_to: to.part,
        note_id: to.part === 'nota' ? to.noteId : null,
        attached_at: c.at,
        token_hash: token ? hashOf(token) : null,
        token_expires_at: token ? expires : null,
      })
      .where('id', '=', row.id)
      .execute();
    if (token) mailed.push({ name: row.file_name, url: attachmentLink(c.origin, token) });
  }
  return mailed;
}

export interface AttachmentContext {
  db: SiteDb;
  objects: ObjectStore;
}

/** The case's row id, or 404. */
async function requestIdOf(db: SiteDb, radicado: string): Promise<number> {
  const row = await db.selectFrom('community.pqrsf_requests').select('id').where('radicado', '=', radicado).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t.notFound);
  return row.id;
}

/** The staff's upload, removal and download, in Atención's scope (`pqrsfStaffRoutes`): a scope of their own for raw bodies. */
export async function registerAttachmentRoutes(scope: FastifyInstance, ctx: AttachmentContext, now: () => Date): Promise<void> {
  await scope.register(async (files) => {
    acceptFileUploads(files);

    route(
      files,
      ops.uploadAttachment,
      async (request) => {
        const me = staffOf(request);
        const file = upload.read(request);
        const requestId = await requestIdOf(ctx.db, request.params.radicado);
        const pending = await ctx.db
          .selectFrom('community.pqrsf_attachments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('request_id', '=', requestId)
          .where('actor_sub', '=', me.sub)
          .where('attached_to', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(pending.n) >= MAX_PENDING) throw new ApiError(409, 'too_many_pending', t.tooManyPending);
        const key = newObjectKey('pqrsf/adjuntos');
        const name = file.name ?? `adjunto.${FILE_KINDS[file.kind].extension}`;
        await ctx.objects.put(key, file.bytes, file.contentType, { ...file.metadata });
        // Stored before its row exists: should the row not be written (the case went meanwhile), the bytes go too, since
        // no row means no trigger and no purge would ever find them.
        const row = await ctx.db
          .transaction()
          .execute(async (trx) => {
            const inserted = await trx
              .insertInto('community.pqrsf_attachments')
              .values({
                request_id: requestId,
                object_key: key,
                file_name: name,
                kind: file.kind,
                size: file.bytes.length,
                uploaded_at: now(),
                actor_sub: me.sub,
                actor_email: me.email,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await recordAudit(trx, me, {
              action: pqrsfAttachmentAuditActions.upload,
              entity: 'pqrsf',
              entityId: request.params.radicado,
              detail: { attachment: inserted.id, kind: file.kind, size: file.bytes.length },
            });
            return inserted;
          })
          .catch(async (err: unknown) => {
            await ctx.objects.delete(key).catch(() => undefined);
            const still = await ctx.db.selectFrom('community.pqrsf_requests').select('id').where('id', '=', requestId).executeTakeFirst();
            throw still ? err : new ApiError(404, 'not_found', t.notFound);
          });
        return { id: String(row.id), name, kind: file.kind, size: file.bytes.length };
      },
      // Like the published files: limited per hour, so a stolen token cannot fill the bucket.
      { ...upload.route, config: { rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: 3_600_000 } } },
    );
  });

  route(scope, ops.removeAttachment, async (request) => {
    const me = staffOf(request);
    const requestId = await requestIdOf(ctx.db, request.params.radicado);
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('community.pqrsf_attachments')
        .select(['id', 'actor_sub', 'attached_to'])
        .where('id', '=', request.params.id)
        .where('request_id', '=', requestId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      if (row.actor_sub !== me.sub || row.attached_to !== null) throw new ApiError(403, 'not_your_attachment', t.notYours);
      // The trigger queues its object for the purge job; the bytes go now too.
      await trx.deleteFrom('community.pqrsf_attachments').where('id', '=', row.id).execute();
      await recordAudit(trx, me, {
        action: pqrsfAttachmentAuditActions.remove,
        entity: 'pqrsf',
        entityId: request.params.radicado,
        detail: { attachment: row.id },
      });
      return true;
    });
    // The row is gone whatever the store says now: a failure leaves its bytes queued for the hourly job, and the answer
    // still tells the screen the file is no longer there (an error would keep it listed and refuse the next answer).
    if (removed)
      await purgeRemovedObjects(ctx).catch((err: unknown) =>
        request.log.warn({ err: String(err) }, 'pqrsf attachment bytes left for the purge job'),
      );
    return { removed };
  });

  route(
    scope,
    ops.attachment,
    async (request, reply) => {
      const requestId = await requestIdOf(ctx.db, request.params.radicado);
      const row = await ctx.db
        .selectFrom('community.pqrsf_attachments')
        .select(['object_key', 'file_name', 'attached_to', 'actor_sub'])
        .where('id', '=', request.params.id)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      // A pending upload is its uploader's until it is sent.
      const visible = row && (row.attached_to !== null || row.actor_sub === staffOf(request).sub);
      const stored = visible ? await ctx.objects.get(row.object_key) : null;
      if (!row || !stored) throw new ApiError(404, 'not_found', t.attachmentNotFound);
      return sendStoredObject(reply, stored, { cacheControl: 'private, no-store', fileName: row.file_name, download: true });
    },
    {
      config: staffRead({
        action: pqrsfAttachmentAuditActions.read,
        entity: 'pqrsf',
        id: (request) => `${pathParam('radicado')(request)}/adjuntos/${pathParam('id')(request)}`,
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
 * `GET /api/community/pqrsf/adjuntos/:token`: the person downloads an answer's attachment from the e-mail's link.
 * Unknown token 404, expired 410; the file always as a download, its kind's type, nosniff, never cached.
 */
export function registerAttachmentLink(app: FastifyInstance, ctx: AttachmentContext, now: () => Date): void {
  app.get<{ Params: { token: string } }>(
    '/pqrsf/adjuntos/:token',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
    async (request, reply) => {
      const token = request.params.token;
      const row = TOKEN.test(token)
        ? await ctx.db
            .selectFrom('community.pqrsf_attachments')
            .select(['object_key', 'file_name', 'token_expires_at'])
            .where('token_hash', '=', hashOf(token))
            .where('attached_to', '=', 'respuesta')
            .executeTakeFirst()
        : undefined;
      if (!row) return refuseLink(request, reply, 404, t.linkUnknown);
      if (!row.token_expires_at || row.token_expires_at.getTime() <= now().getTime()) return refuseLink(request, reply, 410, t.linkExpired);
      const stored = await ctx.objects.get(row.object_key);
      if (!stored) return refuseLink(request, reply, 404, t.linkUnknown);
      return sendStoredObject(reply, stored, { cacheControl: 'private, no-store', fileName: row.file_name, download: true });
    },
  );
}

/**
 * Deletes the stored bytes of removed rows (the trigger's queue). A key the store refuses stays queued for the next run
 * without holding back the others; the run then fails, so the job's log says so.
 */
export async function purgeRemovedObjects(ctx: AttachmentContext): Promise<number> {
  const queued = await ctx.db.selectFrom('community.pqrsf_attachment_removals').select('object_key').limit(500).execute();
  let removed = 0;
  let failed = 0;
  for (const { object_key } of queued) {
    try {
      await ctx.objects.delete(object_key);
    } catch {
      failed += 1;
      continue;
    }
    await ctx.db.deleteFrom('community.pqrsf_attachment_removals').where('object_key', '=', object_key).execute();
    removed += 1;
  }
  if (failed)
    throw new Error(`${failed} of ${queued.length} removed attachments' files could not be deleted; left queued (${removed} deleted)`);
  return removed;
}

/** Drops the uploads nobody sent within a day, then their bytes and any other removed row's. */
export async function purgeAttachments(ctx: AttachmentContext, at: Date): Promise<{ pending: number; objects: number }> {
  const cutoff = new Date(at.getTime() - PENDING_HOURS * 60 * 60 * 1000);
  const dropped = await ctx.db
    .deleteFrom('community.pqrsf_attachments')
    .where('attached_to', 'is', null)
    .where('uploaded_at', '<', cutoff)
    .executeTakeFirst();
  const objects = await purgeRemovedObjects(ctx);
  return { pending: Number(dropped.numDeletedRows), objects };
}

/** The hourly purge, once per hour across instances. Returns its stop function. */
export function scheduleAttachmentPurge(
  ctx: AttachmentContext,
  options: { now: () => Date; log: { error: (o: object, m: string) => void } },
) {
  return scheduleRecurring(
    ctx.db,
    { name: 'community.pqrsf.attachments.purge', everyMs: PURGE_EVERY_MS, run: () => purgeAttachments(ctx, options.now()) },
    { now: options.now, onError: (err) => options.log.error({ err }, 'pqrsf attachments purge failed') },
  );
}

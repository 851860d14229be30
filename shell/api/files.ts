import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PUBLIC_FILE_PATTERN, publishedFileOperations as ops, publishingRoles } from 'shared/publishing/file-operations';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { acceptFileUploads, fileUpload, sendStoredObject } from 'shared/server/objects/file-routes';
import type { ObjectStore } from 'shared/server/objects/object-store';
import { FILE_KINDS, IMAGE_KINDS, type FileKind } from 'shared/server/objects/file-types';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';

/** Where a published file is kept in the object store: its public id under one prefix, never its uploaded name. */
export const publishedFileKey = (id: string) => `publicos/${id}`;

/** The metadata entry naming who uploaded a published file (a member's address). */
const UPLOADED_BY = 'uploaded-by';

/** Uploads one client may send per hour (the panel's pages upload one file at a time). */
const UPLOADS_PER_HOUR = 60;

/** PDFs and images, 10 MB at most: what a transparency page or a post shows. */
const upload = fileUpload({ allowed: ['pdf', ...IMAGE_KINDS], maxBytes: 10 * 1024 * 1024 });

/**
 * The staff's uploads of files to publish (#28): `POST /api/site/staff/archivos` with the file as the body. The kind is
 * read from the bytes (a PDF named .png is a PDF; HTML or SVG under any name is refused), the key is random, the
 * uploaded name is kept only as metadata, and the answer is the public address to put in a document. Audited.
 */
export const publishedFileRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: publishingRoles }, async (staff) => {
    acceptFileUploads(staff);
    route(
      staff,
      ops.upload,
      async (request) => {
        const file = upload.read(request);
        const id = randomUUID();
        // Who uploaded it is kept with it: only they, or Administración, may take it down.
        await ctx.objects.put(publishedFileKey(id), file.bytes, file.contentType, {
          ...file.metadata,
          [UPLOADED_BY]: staffOf(request).email,
        });
        const src = `/archivos/${id}.${FILE_KINDS[file.kind].extension}`;
        await recordAudit(ctx.db, staffOf(request), {
          action: 'site.files.upload',
          entity: 'published_file',
          entityId: src,
          detail: { name: file.name, kind: file.kind, size: file.bytes.length },
        });
        return { src, name: file.name, kind: file.kind, size: file.bytes.length };
      },
      // A member's uploads are limited like a visitor's writes, per hour: a stolen token cannot fill the bucket.
      { ...upload.route, config: { rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: 3_600_000 } } },
    );

    route(staff, ops.remove, async (request) => {
      const [id] = request.params.file.split('.');
      const key = publishedFileKey(id ?? '');
      const actor = staffOf(request);
      const stored = await ctx.objects.head(key);
      // Another role's file (an ESAL document Administración published) is not a Cursos member's to take down.
      if (stored && stored.metadata[UPLOADED_BY] !== actor.email && !actor.roles.includes('admin'))
        throw new ApiError(403, 'not_your_file', 'Solo quien subió el archivo, o Administración, puede retirarlo.');
      const existed = stored !== null;
      if (existed) await ctx.objects.delete(key);
      await recordAudit(ctx.db, actor, {
        action: 'site.files.remove',
        entity: 'published_file',
        entityId: `/archivos/${request.params.file}`,
        detail: { existed },
      });
      return { removed: existed };
    });
  });
};

/**
 * `GET /archivos/<id>.<ext>`: a published file, to anyone. The extension must be the stored kind's (no other spelling of
 * the same file); it is sent as its kind with nosniff, a sandboxing CSP when shown in place, and cached for a day: an
 * id is never reused (a new version of a document is a new upload), and a file taken down leaves caches within a day.
 */
export function servePublishedFiles(app: FastifyInstance, objects: ObjectStore): void {
  app.get<{ Params: { file: string } }>('/archivos/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = PUBLIC_FILE_PATTERN.exec(`/archivos/${request.params.file}`);
    const stored = match?.[1] ? await objects.get(publishedFileKey(match[1])) : null;
    const kind = stored ? (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].contentType === stored.contentType) : undefined;
    if (!stored || !kind || FILE_KINDS[kind].extension !== match?.[2]) {
      stored?.body.destroy();
      return reply.status(404).type('text/plain; charset=utf-8').send('Archivo no encontrado.');
    }
    // A day, not forever: a file taken down (uploaded by mistake) leaves browsers and proxies within a day.
    return sendStoredObject(reply, stored, { cacheControl: 'public, max-age=86400' });
  });
}

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { courseBySlug } from '../../../manifest/catalogue';
import { MATERIAL_OBJECT_PREFIX, materialObjectKey } from '../../../manifest/course-pages';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { acceptFileUploads, fileUpload } from 'shared/server/objects/file-routes';
import { FILE_KINDS, IMAGE_KINDS, OFFICE_KINDS, type FileKind } from 'shared/server/objects/file-types';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { courseSlugs } from '../../cohorts/schemas';
import { moduleOperations as ops } from '../operations';
import { MATERIAL_MAX_BYTES, moduleTexts as t, type StaffMaterialsResponse } from '../schemas';

/**
 * The modules' materials (#31), the Cursos team's, under /api/courses/staff/modulos…: a file is uploaded first (its
 * kind read from its bytes, kept under a random key with who uploaded it), then attached with its title to a module of
 * a course; a link (https only) is attached directly. Every cohort of the course sees them; the students download
 * a file through Mis Cursos (manifest/course-pages.ts `enrolmentMaterial`), never from here. Attaching, moving and
 * removing are audited. An upload never attached is never served to anyone.
 */

/** PDFs, images and Office documents, 20 MB at most. */
const upload = fileUpload({ allowed: ['pdf', ...IMAGE_KINDS, ...OFFICE_KINDS], maxBytes: MATERIAL_MAX_BYTES });

/** Uploads one member may send per hour. */
const UPLOADS_PER_HOUR = 60;

/** The metadata naming who uploaded a material's file: only they may attach it. */
const UPLOADED_BY = 'uploaded-by';

/** Each course's modules (as the catalogue names them now) with their materials in order. */
export async function readMaterials(db: SiteDb): Promise<StaffMaterialsResponse> {
  const rows = await db
    .selectFrom('courses.module_materials')
    .select(['public_id', 'course_name', 'module_number', 'title', 'kind', 'url', 'file_name', 'file_kind', 'file_size'])
    .orderBy('course_name')
    .orderBy('module_number')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return {
    courses: courseSlugs.map((slug) => {
      const course = courseBySlug(slug);
      return {
        slug,
        title: course?.title ?? slug,
        modules: (course?.imageCarrousel ?? []).map((m, i) => ({
          number: i + 1,
          name: m.subtitle,
          materials: rows
            .filter((r) => r.course_name === slug && r.module_number === i + 1)
            .map((r) => ({
              id: r.public_id,
              title: r.title,
              kind: r.kind,
              url: r.url,
              file_name: r.file_name,
              file_kind: r.file_kind,
              file_size: r.file_size,
            })),
        })),
      };
    }),
  };
}

const kindOf = (contentType: string): FileKind | null =>
  (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].contentType === contentType) ?? null;

export const moduleMaterialRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['cursos'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.materials, async () => readMaterials(ctx.db));

    // The upload, in a scope of its own: only here does a body that is not JSON reach a handler.
    await staff.register(async (files) => {
      acceptFileUploads(files);
      route(
        files,
        ops.uploadMaterial,
        async (request) => {
          const file = upload.read(request);
          const id = randomUUID();
          await ctx.objects.put(materialObjectKey(id), file.bytes, file.contentType, {
            ...file.metadata,
            [UPLOADED_BY]: staffOf(request).email,
          });
          return { upload: id, name: file.name, kind: file.kind, size: file.bytes.length };
        },
        { ...upload.route, config: { rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: 3_600_000 } } },
      );
    });

    route(staff, ops.addMaterial, async (request) => {
      const { course: slug, module, title, link, upload: uploadId } = request.body;
      const who = staffOf(request);
      const course = courseBySlug(slug);
      if (!course) throw new ApiError(400, 'validation_error', t.courseInvalid, { course: t.courseInvalid });
      const moduleName = course.imageCarrousel[module - 1]?.subtitle;
      if (!moduleName) throw new ApiError(400, 'validation_error', t.moduleInvalid, { module: t.moduleInvalid });
      let file: { key: string; name: string | null; kind: FileKind; size: number } | null = null;
      if (uploadId) {
        const key = materialObjectKey(uploadId);
        const stored = await ctx.objects.head(key);
        const kind = stored ? kindOf(stored.contentType) : null;
        // Someone else's upload is not this member's to attach (its id is no capability of its own).
        if (!stored || !kind || stored.metadata[UPLOADED_BY] !== who.email)
          throw new ApiError(400, 'validation_error', t.uploadGone, { upload: t.uploadGone });
        file = { key, name: stored.metadata['file-name'] ?? null, kind, size: stored.size };
      }
      await ctx.db.transaction().execute(async (trx) => {
        // One writer at a time per module, so positions stay distinct (a transaction-scoped lock on the module).
        await sql`select pg_advisory_xact_lock(hashtext(${`courses.module_materials:${slug}:${module}`}))`.execute(trx);
        if (file) {
          const taken = await trx.selectFrom('courses.module_materials').select('id').where('object_key', '=', file.key).executeTakeFirst();
          if (taken) throw new ApiError(400, 'validation_error', t.uploadGone, { upload: t.uploadGone });
        }
        const last = await trx
          .selectFrom('courses.module_materials')
          .select(sql<number>`coalesce(max(position), 0)::int`.as('max'))
          .where('course_name', '=', slug)
          .where('module_number', '=', module)
          .executeTakeFirstOrThrow();
        const publicId = randomUUID();
        await trx
          .insertInto('courses.module_materials')
          .values({
            public_id: publicId,
            course_name: slug,
            module_number: module,
            position: Number(last.max) + 1,
            title,
            kind: file ? 'file' : 'link',
            url: file ? null : (link ?? null),
            object_key: file?.key ?? null,
            file_name: file?.name ?? (file ? `material.${FILE_KINDS[file.kind].extension}` : null),
            file_kind: file?.kind ?? null,
            file_size: file?.size ?? null,
            created_by: who.email,
          })
          .execute();
        await recordAudit(trx, who, {
          action: 'courses.module.material_add',
          entity: 'module_material',
          entityId: publicId,
          detail: {
            curso: slug,
            modulo: module,
            titulo: title,
            tipo: file ? file.kind : 'enlace',
            ...(file ? { tamano: file.size } : { enlace: link }),
          },
        });
      });
      return readMaterials(ctx.db);
    });

    route(staff, ops.moveMaterial, async (request) => {
      const who = staffOf(request);
      const { id } = request.params;
      const { direction } = request.body;
      await ctx.db.transaction().execute(async (trx) => {
        const material = await trx
          .selectFrom('courses.module_materials')
          .select(['id', 'course_name', 'module_number', 'position'])
          .where('public_id', '=', id)
          .executeTakeFirst();
        if (!material) throw new ApiError(404, 'not_found', t.materialNotFound);
        await sql`select pg_advisory_xact_lock(hashtext(${`courses.module_materials:${material.course_name}:${material.module_number}`}))`.execute(
          trx,
        );
        const siblings = await trx
          .selectFrom('courses.module_materials')
          .select(['id', 'position'])
          .where('course_name', '=', material.course_name)
          .where('module_number', '=', material.module_number)
          .orderBy('position')
          .orderBy('id')
          .execute();
        const at = siblings.findIndex((s) => s.id === material.id);
        const to = direction === 'up' ? at - 1 : at + 1;
        // Already first (or last): nothing moves, nothing to audit.
        if (at < 0 || to < 0 || to >= siblings.length) return;
        const order = siblings.map((s) => s.id);
        [order[at], order[to]] = [order[to]!, order[at]!];
        for (const [i, sid] of order.entries())
          await trx
            .updateTable('courses.module_materials')
            .set({ position: i + 1 })
            .where('id', '=', sid)
            .execute();
        await recordAudit(trx, who, {
          action: 'courses.module.material_move',
          entity: 'module_material',
          entityId: id,
          detail: { direccion: direction === 'up' ? 'arriba' : 'abajo', posicion: to + 1 },
        });
      });
      return readMaterials(ctx.db);
    });

    route(staff, ops.removeMaterial, async (request) => {
      const who = staffOf(request);
      const { id } = request.params;
      const removed = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('courses.module_materials')
          .where('public_id', '=', id)
          .returning(['course_name', 'module_number', 'title', 'object_key'])
          .executeTakeFirst();
        if (!row) throw new ApiError(404, 'not_found', t.materialNotFound);
        await recordAudit(trx, who, {
          action: 'courses.module.material_remove',
          entity: 'module_material',
          entityId: id,
          detail: { curso: row.course_name, modulo: row.module_number, titulo: row.title },
        });
        return row;
      });
      // After the commit: a failed delete leaves an orphan file nobody can reach (no row names it any more).
      if (removed.object_key?.startsWith(`${MATERIAL_OBJECT_PREFIX}/`)) {
        try {
          await ctx.objects.delete(removed.object_key);
        } catch (err) {
          request.log.warn({ err: String(err), key: removed.object_key }, 'material file not deleted');
        }
      }
      return readMaterials(ctx.db);
    });
  });
};

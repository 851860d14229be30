import type { FastifyPluginAsync } from 'fastify';
import type { Schema } from '../../api/operation';
import { documentOperations, type PublishedDocument } from '../../publishing/document';
import type { z } from '../../schemas/zod';
import type { ApiContext } from '../api-contract';
import type { AuditLabels } from '../audit-labels';
import { recordAudit } from '../audit';
import { ApiError } from '../http';
import { route } from '../operation-routes';
import { registerStaffRoutes, staffOf } from '../staff-guard';
import { cancelSchedule, documentRevision, documentState, publishingTexts, saveRevision } from './revisions';

/** A scheduled publication goes at most a year ahead (a typo of a year is caught, not kept for years). */
const MAX_SCHEDULE_MS = 366 * 24 * 3600_000;

const domainOf = (doc: PublishedDocument) => doc.name.split('.')[0] ?? doc.name;

/** The audit labels of a domain's published documents, for its manifest's `audit` (`<domain>.publishing.*`). */
export function publishingAudit(domain: string): AuditLabels {
  return {
    kinds: { [`${domain}.publishing`]: 'Contenido publicado' },
    actions: {
      [`${domain}.publishing.save`]: 'Guardó un borrador de contenido',
      [`${domain}.publishing.publish`]: 'Publicó contenido',
      [`${domain}.publishing.schedule`]: 'Programó la publicación de contenido',
      [`${domain}.publishing.unschedule`]: 'Canceló una publicación programada',
    },
    entities: { published_document: 'Contenido publicado' },
  };
}

/**
 * Hooks a domain adds to its document's publication: `check` refuses what the schema alone cannot judge (with an
 * ApiError naming the field); `published` runs after a publication went live in this process (a cache to drop).
 */
export interface DocumentHooks<S extends Schema> {
  check?: (body: z.output<S>, ctx: ApiContext) => Promise<void> | void;
  published?: () => void;
}

/**
 * A document's staff API (shared/publishing/document `documentOperations`), for the owning domain's API to register:
 * read the state, read a revision, save a draft, publish now or at a time, cancel a scheduled one. Only the document's
 * roles reach it; every write leaves an audit row naming the revision, in the same transaction; a publication now is
 * loaded by this process before the answer, so the member's next page shows it (other processes within their refresh).
 */
export function documentRoutes<S extends Schema>(doc: PublishedDocument<S>, hooks: DocumentHooks<S> = {}): FastifyPluginAsync<ApiContext> {
  // Inside the kit a document's body is only passed along (the schema checked it): the generic shape is the domain's.
  const plain = doc as unknown as PublishedDocument;
  const ops = documentOperations(plain);
  const domain = domainOf(doc);
  const check = async (body: unknown, ctx: ApiContext) => hooks.check?.(body as z.output<S>, ctx);
  return async (app, ctx) => {
    await registerStaffRoutes(app, ctx, { roles: doc.roles }, async (staff) => {
      route(staff, ops.read, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return documentState(ctx.db, plain);
      });

      route(staff, ops.revision, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return documentRevision(ctx.db, plain, request.params.revision);
      });

      route(staff, ops.save, async (request) => {
        const actor = staffOf(request);
        await check(request.body, ctx);
        await ctx.db.transaction().execute(async (trx) => {
          const { revision } = await saveRevision(trx, plain, {
            body: request.body,
            by: actor.email,
            baseRevision: request.query.base_revision,
          });
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.save`,
            entity: 'published_document',
            entityId: doc.name,
            detail: { document: doc.label, revision },
          });
        });
        return documentState(ctx.db, plain);
      });

      route(staff, ops.publish, async (request) => {
        const actor = staffOf(request);
        const now = new Date();
        const at = request.query.publish_at ? new Date(request.query.publish_at) : null;
        if (at && at.getTime() <= now.getTime())
          throw new ApiError(400, 'validation_error', publishingTexts.scheduleInPast, { publish_at: publishingTexts.scheduleInPast });
        if (at && at.getTime() - now.getTime() > MAX_SCHEDULE_MS)
          throw new ApiError(400, 'validation_error', publishingTexts.scheduleTooFar, { publish_at: publishingTexts.scheduleTooFar });
        await check(request.body, ctx);
        await ctx.db.transaction().execute(async (trx) => {
          const { revision, cancelledSchedule } = await saveRevision(trx, plain, {
            body: request.body,
            by: actor.email,
            baseRevision: request.query.base_revision,
            publishAt: at,
            now,
          });
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.${at ? 'schedule' : 'publish'}`,
            entity: 'published_document',
            entityId: doc.name,
            detail: {
              document: doc.label,
              revision,
              ...(at ? { publish_at: at.toISOString() } : {}),
              ...(cancelledSchedule ? { cancelled_schedule: cancelledSchedule } : {}),
            },
          });
        });
        if (!at) {
          await ctx.publishing?.refresh();
          hooks.published?.();
        }
        return documentState(ctx.db, plain);
      });

      route(staff, ops.unschedule, async (request) => {
        const actor = staffOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const revision = await cancelSchedule(trx, plain);
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.unschedule`,
            entity: 'published_document',
            entityId: doc.name,
            detail: { document: doc.label, revision },
          });
        });
        return documentState(ctx.db, plain);
      });
    });
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { Schema } from '../../api/operation';
import { randomUUID } from 'node:crypto';
import { collectionOperations, documentOperations, type PublishedCollection, type PublishedDocument } from '../../publishing/document';
import type { z } from '../../schemas/zod';
import type { ApiContext } from '../api-contract';
import type { AuditLabels } from '../audit-labels';
import { recordAudit } from '../audit';
import { ApiError } from '../http';
import { route } from '../operation-routes';
import { registerStaffRoutes, staffOf } from '../staff-guard';
import {
  cancelSchedule,
  collectionItems,
  documentRevision,
  documentState,
  itemDocument,
  itemState,
  publishingTexts,
  readItem,
  saveRevision,
} from './revisions';

/**
 * How large a document's body may be: a post of RICH_TEXT_MAX characters with its JSON escaping (the API's default of
 * 64 KB refused posts well below it, with a generic message).
 */
export const DOCUMENT_BODY_LIMIT = 1024 * 1024;

/** A route whose body is a document (save, publish, create): the kit's body limit instead of the API's default. */
const routeWithBody: typeof route = (scope, op, handler, extras = {}) =>
  route(scope, op, handler, { bodyLimit: DOCUMENT_BODY_LIMIT, ...extras });

/** A scheduled publication goes at most a year ahead (a typo of a year is caught, not kept for years). */
const MAX_SCHEDULE_MS = 366 * 24 * 3600_000;

const domainOf = (doc: { name: string }) => doc.name.split('.')[0] ?? doc.name;

/** Refuses a publication time in the past or more than a year ahead (400 on `publish_at`). */
function checkSchedule(at: Date | null, now: Date) {
  if (at && at.getTime() <= now.getTime())
    throw new ApiError(400, 'validation_error', publishingTexts.scheduleInPast, { publish_at: publishingTexts.scheduleInPast });
  if (at && at.getTime() - now.getTime() > MAX_SCHEDULE_MS)
    throw new ApiError(400, 'validation_error', publishingTexts.scheduleTooFar, { publish_at: publishingTexts.scheduleTooFar });
}

/** The audit labels of a domain's published documents, for its manifest's `audit` (`<domain>.publishing.*`). */
export function publishingAudit(domain: string): AuditLabels {
  return {
    kinds: { [`${domain}.publishing`]: 'Contenido publicado' },
    actions: {
      [`${domain}.publishing.save`]: 'Guardó un borrador de contenido',
      [`${domain}.publishing.publish`]: 'Publicó contenido',
      [`${domain}.publishing.schedule`]: 'Programó la publicación de contenido',
      [`${domain}.publishing.unschedule`]: 'Canceló una publicación programada',
      [`${domain}.publishing.archive`]: 'Retiró contenido del sitio',
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

      routeWithBody(staff, ops.save, async (request) => {
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

      routeWithBody(staff, ops.publish, async (request) => {
        const actor = staffOf(request);
        const now = new Date();
        const at = request.query.publish_at ? new Date(request.query.publish_at) : null;
        checkSchedule(at, now);
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

/** Hooks of a collection: as a document's, `check` also receives the item's key (to compare it with the others). */
export interface CollectionHooks<S extends Schema> {
  check?: (body: z.output<S>, ctx: ApiContext, key: string) => Promise<void> | void;
  published?: () => void;
}

/**
 * A collection's staff API (shared/publishing/document `collectionOperations`): the list, a new item, and per item what
 * a document has (read, revision, save, publish now or at a time, cancel the schedule) plus archiving. Every write is
 * audited with the item's key and label; a publication now (or an archive) is loaded by this process before answering.
 */
export function collectionRoutes<S extends Schema>(
  collection: PublishedCollection<S>,
  hooks: CollectionHooks<S> = {},
): FastifyPluginAsync<ApiContext> {
  const c = collection as unknown as PublishedCollection;
  const ops = collectionOperations(c);
  const domain = domainOf(c);
  const check = async (body: unknown, ctx: ApiContext, key: string) => hooks.check?.(body as z.output<S>, ctx, key);
  const detail = (key: string, body: unknown, revision: number) => {
    const item = readItem(c, body);
    return { document: c.label, key, ...(item ? { item: c.itemLabel(item) } : {}), revision };
  };
  const entity = (key: string) => ({ entity: 'published_document', entityId: `${c.name}/${key}` }) as const;
  return async (app, ctx) => {
    const wentLive = async () => {
      await ctx.publishing?.refresh();
      hooks.published?.();
    };
    await registerStaffRoutes(app, ctx, { roles: c.roles }, async (staff) => {
      route(staff, ops.list, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { items: await collectionItems(ctx.db, c) };
      });

      routeWithBody(staff, ops.create, async (request) => {
        const actor = staffOf(request);
        // A key of its own, never reused: the item's address in the kit's table and the API, not its URL on the site.
        const key = randomUUID().slice(0, 8);
        await check(request.body, ctx, key);
        await ctx.db.transaction().execute(async (trx) => {
          const { revision } = await saveRevision(trx, itemDocument(c, key), {
            body: request.body,
            by: actor.email,
            baseRevision: undefined,
          });
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.save`,
            ...entity(key),
            detail: detail(key, request.body, revision),
          });
        });
        return itemState(ctx.db, c, key);
      });

      route(staff, ops.read, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return itemState(ctx.db, c, request.params.key);
      });

      route(staff, ops.revision, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const found = await documentRevision(ctx.db, itemDocument(c, request.params.key), request.params.revision);
        if (found.body === null) throw new ApiError(404, 'not_found', publishingTexts.revisionNotFound);
        return found;
      });

      routeWithBody(staff, ops.save, async (request) => {
        const actor = staffOf(request);
        const { key } = request.params;
        await itemState(ctx.db, c, key);
        await check(request.body, ctx, key);
        await ctx.db.transaction().execute(async (trx) => {
          const { revision } = await saveRevision(trx, itemDocument(c, key), {
            body: request.body,
            by: actor.email,
            baseRevision: request.query.base_revision,
          });
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.save`,
            ...entity(key),
            detail: detail(key, request.body, revision),
          });
        });
        return itemState(ctx.db, c, key);
      });

      routeWithBody(staff, ops.publish, async (request) => {
        const actor = staffOf(request);
        const { key } = request.params;
        const now = new Date();
        const at = request.query.publish_at ? new Date(request.query.publish_at) : null;
        checkSchedule(at, now);
        await itemState(ctx.db, c, key);
        await check(request.body, ctx, key);
        await ctx.db.transaction().execute(async (trx) => {
          const { revision, cancelledSchedule } = await saveRevision(trx, itemDocument(c, key), {
            body: request.body,
            by: actor.email,
            baseRevision: request.query.base_revision,
            publishAt: at,
            now,
          });
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.${at ? 'schedule' : 'publish'}`,
            ...entity(key),
            detail: {
              ...detail(key, request.body, revision),
              ...(at ? { publish_at: at.toISOString() } : {}),
              ...(cancelledSchedule ? { cancelled_schedule: cancelledSchedule } : {}),
            },
          });
        });
        if (!at) await wentLive();
        return itemState(ctx.db, c, key);
      });

      route(staff, ops.unschedule, async (request) => {
        const actor = staffOf(request);
        const { key } = request.params;
        await ctx.db.transaction().execute(async (trx) => {
          const revision = await cancelSchedule(trx, itemDocument(c, key));
          await recordAudit(trx, actor, {
            action: `${domain}.publishing.unschedule`,
            ...entity(key),
            detail: { document: c.label, key, revision },
          });
        });
        return itemState(ctx.db, c, key);
      });

      route(staff, ops.archive, async (request) => {
        const actor = staffOf(request);
        const { key } = request.params;
        const before = await itemState(ctx.db, c, key);
        if (before.archived) return before;
        const label = before.published?.body ?? before.scheduled?.body ?? before.draft?.body ?? before.defaults;
        await ctx.db.transaction().execute(async (trx) => {
          // An empty revision published now: the item leaves every page (and any schedule is cancelled with it).
          const { revision } = await saveRevision(trx, itemDocument(c, key), {
            body: null as z.output<Schema>,
            by: actor.email,
            baseRevision: before.latest_revision || undefined,
            publishAt: null,
          });
          await recordAudit(trx, actor, { action: `${domain}.publishing.archive`, ...entity(key), detail: detail(key, label, revision) });
        });
        await wentLive();
        return itemState(ctx.db, c, key);
      });
    });
  };
}

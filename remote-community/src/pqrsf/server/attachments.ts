import type { FastifyInstance } from 'fastify';
import type { CaseTrx } from 'shared/server/cases/act';
import { ATTACHMENT_KINDS, caseAttachments, caseAttachmentTexts, type MailedAttachment } from 'shared/server/cases/attachments';
import type { SiteDb } from 'shared/server/database';
import type { ObjectStore } from 'shared/server/objects/object-store';
import type { StaffUser } from 'shared/server/staff-guard';
import type { PqrsfAttachment } from '../attachment-schemas';
import { pqrsfStaffOperations as ops } from '../staff-operations';

/**
 * A PQRSF case's attachments (#32): the legal-case kit's (shared/server/cases/attachments.ts) bound to PQRSF's tables
 * (`community.pqrsf_attachments`, `community.pqrsf_attachment_removals`, migration 010), its `pqrsf/adjuntos/` keys,
 * its audit actions and its three operations. The person's link is `/api/community/pqrsf/adjuntos/:token`.
 */

export const pqrsfAttachmentAuditActions = {
  upload: 'community.pqrsf.attachment.upload',
  remove: 'community.pqrsf.attachment.remove',
  read: 'community.pqrsf.attachment.read',
} as const;

export { ATTACHMENT_KINDS, type MailedAttachment };
export const attachmentApiTexts = caseAttachmentTexts;

/** Where the answer e-mail's link points: the token only (256 random bits), never the row's id. */
export const attachmentLink = (origin: string, token: string) => `${origin}/api/community/pqrsf/adjuntos/${token}`;

export interface AttachmentContext {
  db: SiteDb;
  objects?: ObjectStore;
}

const kitOf = (ctx: AttachmentContext, now: () => Date = () => new Date()) =>
  caseAttachments({
    db: ctx.db,
    objects: ctx.objects,
    now,
    tables: {
      cases: 'community.pqrsf_requests',
      attachments: 'community.pqrsf_attachments',
      removals: 'community.pqrsf_attachment_removals',
    },
    keyPrefix: 'pqrsf/adjuntos',
    entity: 'pqrsf',
    auditActions: pqrsfAttachmentAuditActions,
    linkRoute: '/pqrsf/adjuntos',
    linkUrl: attachmentLink,
    jobName: 'community.pqrsf.attachments.purge',
    label: 'pqrsf',
    ops: { uploadAttachment: ops.uploadAttachment, removeAttachment: ops.removeAttachment, attachment: ops.attachment },
  });

/** The attachments of a case as its screen lists them (claimed ones only), oldest first. */
export const readAttachments = (db: SiteDb, requestId: number): Promise<PqrsfAttachment[]> => kitOf({ db }).readAttachments(requestId);

/** Claims the member's pending uploads of this case for the answer or a note, in the action's transaction (kit). */
export const claimAttachments = (
  trx: CaseTrx,
  c: { requestId: number; me: StaffUser; at: Date; origin: string },
  ids: readonly string[] | undefined,
  to: { part: 'respuesta' } | { part: 'nota'; noteId: string },
): Promise<MailedAttachment[]> => kitOf({ db: trx }).claimAttachments(trx, c, ids, to);

/** The staff's upload, removal and download, in Atención's scope (`pqrsfStaffRoutes`). */
export const registerAttachmentRoutes = (scope: FastifyInstance, ctx: AttachmentContext, now: () => Date): Promise<void> =>
  kitOf(ctx, now).registerAttachmentRoutes(scope);

/** `GET /api/community/pqrsf/adjuntos/:token`: the person's download from the answer e-mail's link. */
export const registerAttachmentLink = (app: FastifyInstance, ctx: AttachmentContext, now: () => Date): void =>
  kitOf(ctx, now).registerAttachmentLink(app);

/** Deletes the stored bytes of removed rows (the trigger's queue). */
export const purgeRemovedObjects = (ctx: AttachmentContext): Promise<number> => kitOf(ctx).purgeRemovedObjects();

/** Drops the uploads nobody sent within a day, then their bytes and any other removed row's. */
export const purgeAttachments = (ctx: AttachmentContext, at: Date): Promise<{ pending: number; objects: number }> =>
  kitOf(ctx).purgeAttachments(at);

/** The hourly purge, once per hour across instances. Returns its stop function. */
export const scheduleAttachmentPurge = (
  ctx: AttachmentContext,
  options: { now: () => Date; log: { error: (o: object, m: string) => void } },
) => kitOf(ctx, options.now).scheduleAttachmentPurge(options.log);

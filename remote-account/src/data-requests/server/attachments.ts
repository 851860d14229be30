import { caseAttachments, MAX_PENDING_ATTACHMENTS } from 'shared/server/cases/attachments';
import type { SiteDb } from 'shared/server/database';
import type { ObjectStore } from 'shared/server/objects/object-store';
import { dataRequestsStaffOperations as ops } from '../staff-operations';

/**
 * A data subject's request's answer attachments (#32): the legal-case kit's (shared/server/cases/attachments.ts) bound
 * to the account domain's tables (`account.data_request_attachments` and its removals queue, migration 007), its
 * `datos/adjuntos/` keys, its audit actions and its three operations. The person's link is
 * `/api/account/data-requests/adjuntos/:token`, valid 30 days after the answer.
 */

export const dataAttachmentAuditActions = {
  upload: 'account.data.attachment.upload',
  remove: 'account.data.attachment.remove',
  read: 'account.data.attachment.read',
} as const;

/** Where the answer e-mail's link points: the token only (256 random bits), never the row's id. */
export const dataAttachmentLink = (origin: string, token: string) => `${origin}/api/account/data-requests/adjuntos/${token}`;

export const dataRequestAttachments = (c: { db: SiteDb; objects?: ObjectStore; now?: () => Date }) =>
  caseAttachments({
    db: c.db,
    ...(c.objects ? { objects: c.objects } : {}),
    now: c.now ?? (() => new Date()),
    tables: {
      cases: 'account.data_requests',
      attachments: 'account.data_request_attachments',
      removals: 'account.data_request_attachment_removals',
    },
    keyPrefix: 'datos/adjuntos',
    entity: 'data_request',
    auditActions: dataAttachmentAuditActions,
    linkRoute: '/data-requests/adjuntos',
    linkUrl: dataAttachmentLink,
    jobName: 'account.data.attachments.purge',
    label: 'data request',
    ops: { uploadAttachment: ops.uploadAttachment, removeAttachment: ops.removeAttachment, attachment: ops.attachment },
    // Requests have no notes: the words name only the answer.
    texts: {
      notFound: 'No encontramos una solicitud con ese radicado.',
      tooManyPending: `Ya subiste ${MAX_PENDING_ATTACHMENTS} archivos a esta solicitud sin enviarlos. Quita alguno o envía la respuesta.`,
    },
  });

import { sql } from 'kysely';
import { ATTACHMENT_LINK_DAYS } from 'shared/cases/attachments';
import { caseAttachments, MAX_PENDING_ATTACHMENTS, type CaseLocator } from 'shared/server/cases/attachments';
import type { SiteDb } from 'shared/server/database';
import type { ObjectStore } from 'shared/server/objects/object-store';
import { communityInboxOperations as ops } from '../operations';
import { communityInboxKinds, inboxTexts, type CommunityInboxKind } from '../schemas';
import { sources } from './rows';

/**
 * A community record's reply attachments (#32): the legal-case kit's (shared/server/cases/attachments.ts) bound to
 * `community.record_attachments` and its removals queue (migration 014), keyed by the record's table (`record_kind`)
 * and id, found by the staff URL's `:kind/:id` (the file's id is `:adjunto`). Keys under `comunidad/adjuntos/`; the
 * person's link is `/api/community/registros/adjuntos/:token`. Audited as the record's reads are: entity
 * `community_record`, id `kind/id` (the download's `kind/id/adjuntos/n`).
 */

export const recordAttachmentAuditActions = {
  upload: 'community.inbox.attachment.upload',
  remove: 'community.inbox.attachment.remove',
  read: 'community.inbox.attachment.read',
} as const;

/** Where the reply e-mail's link points: the token only (256 random bits), never the row's id. */
export const recordAttachmentLink = (origin: string, token: string) => `${origin}/api/community/registros/adjuntos/${token}`;

const isKind = (v: unknown): v is CommunityInboxKind => typeof v === 'string' && Object.hasOwn(communityInboxKinds, v);

/** The record the URL names, if it exists: its table is the kit's `record_kind`. */
export const recordLocator: CaseLocator = {
  async find(db, params) {
    const { kind, id } = params as { kind: unknown; id: unknown };
    const n = Number(id);
    if (!isKind(kind) || !Number.isSafeInteger(n)) return null;
    const table = sources[kind].table;
    // The table's name is one of five constants, never the request's text.
    const found = await sql<{ id: number }>`select id from ${sql.table(`community.${table}`)} where id = ${n}`.execute(db);
    return found.rows.length ? { id: n, kind: table } : null;
  },
  auditId: (params) => {
    const p = params as { kind?: unknown; id?: unknown } | undefined;
    return `${String(p?.kind ?? '')}/${String(p?.id ?? '')}`;
  },
  attachmentParam: 'adjunto',
};

export const recordAttachments = (c: { db: SiteDb; objects?: ObjectStore; now?: () => Date }) =>
  caseAttachments({
    db: c.db,
    objects: c.objects,
    now: c.now ?? (() => new Date()),
    tables: { attachments: 'community.record_attachments', removals: 'community.record_attachment_removals' },
    locator: recordLocator,
    keyPrefix: 'comunidad/adjuntos',
    entity: 'community_record',
    auditActions: recordAttachmentAuditActions,
    linkRoute: '/registros/adjuntos',
    linkUrl: recordAttachmentLink,
    jobName: 'community.inbox.attachments.purge',
    label: 'community records',
    ops: { uploadAttachment: ops.uploadAttachment, removeAttachment: ops.removeAttachment, attachment: ops.attachment },
    texts: {
      notFound: inboxTexts.notFound,
      attachmentNotFound: 'Ese adjunto no existe en este registro.',
      tooManyPending: `Ya subiste ${MAX_PENDING_ATTACHMENTS} archivos a este registro sin enviarlos. Quita alguno o envía la respuesta.`,
      linkExpired: `Este enlace de descarga venció: los adjuntos se pueden descargar durante ${ATTACHMENT_LINK_DAYS} días desde la respuesta. Escríbenos respondiendo el correo para recibirlos de nuevo.`,
    },
  });

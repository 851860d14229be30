/**
 * A community record's case file (#32): its history — contacts (channel, note), replies e-mailed from the panel,
 * corrections (field names, never values) and, once removed, its tombstone — and the routes that add to it. Every act
 * is a history row and an audit row in one transaction; the reply's e-mail is queued in that transaction too, so the
 * history says "sent" exactly when the outbox has it.
 *
 * The record's read is in inbox.ts, its rows in rows.ts, the export in export.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ATTACHMENT_LINK_DAYS } from 'shared/cases/attachments';
import { formatColombianDateTime } from 'shared/format/dates';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { renderMail } from 'shared/server/mail-template';
import { queueMails, type OutgoingMail } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import { fieldErrors } from 'shared/schemas/zod';
import { isPlainAddress } from '../../pqrsf/server/staff-mail';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { communityInboxOperations as ops } from '../operations';
import {
  contactChannels,
  correctableFields,
  correctionSchemaOf,
  historyEvents,
  inboxFieldLabels,
  inboxTexts,
  removalReasons,
  type CommunityInboxKind,
  type ContactChannel,
  type HistoryEntry,
  type HistoryEvent,
  type InboxRecordResponse,
  type RecordActions,
  type RemovalReason,
  type ReplyRequest,
} from '../schemas';
import { recordAttachments } from './attachments';
import { notFound, readOne, recordAnswer, sources, str, type Row } from './rows';

interface HistoryRow {
  id: string;
  event: string;
  at: Date;
  actor_email: string | null;
  channel: string | null;
  note: string | null;
  subject: string | null;
  body: string | null;
  fields: string | null;
}

const isChannel = (v: string | null): v is ContactChannel => v !== null && Object.hasOwn(contactChannels, v);
const isEvent = (v: string): v is HistoryEvent => Object.hasOwn(historyEvents, v);

/** The record's history, newest first. */
export async function readHistory(db: SiteDb, kind: CommunityInboxKind, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('community.record_history')
    .select(['id', 'event', 'at', 'actor_email', 'channel', 'note', 'subject', 'body', 'fields'])
    .where('kind', '=', sources[kind].table)
    .where('record_id', '=', id)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const labels: Record<string, string> = inboxFieldLabels[kind];
  // The replies' files (#32): each names its reply's row in `noteId`.
  const files = await recordAttachments({ db }).readAttachments({ id, kind: sources[kind].table });
  return (rows as HistoryRow[]).flatMap((r) =>
    isEvent(r.event)
      ? [
          {
            id: String(r.id),
            event: r.event,
            at: new Date(r.at).toISOString(),
            by: r.actor_email ?? '',
            channel: isChannel(r.channel) ? r.channel : null,
            note: r.note,
            subject: r.subject,
            body: r.body,
            fields: (r.fields ?? '')
              .split(',')
              .filter(Boolean)
              .map((name) => labels[name] ?? name),
            attachments: r.event === 'respuesta' ? files.filter((f) => f.noteId === String(r.id)) : [],
          },
        ]
      : [],
  );
}

const yes = { allowed: true, reason: null };
const no = (reason: string) => ({ allowed: false, reason });

/** What the team may do with this record: the server's rules, shown by the screen. */
export function actionsOf(kind: CommunityInboxKind, row: Row): RecordActions {
  if (kind === 'boletin')
    return {
      contact: no(inboxTexts.subscribersNotContacted),
      reply: no(inboxTexts.subscribersNotContacted),
      correct: no(inboxTexts.subscribersNotCorrected),
      remove: yes,
    };
  return {
    contact: yes,
    reply: isPlainAddress(str(row.email)) ? yes : no(inboxTexts.addressNotWritable),
    correct: yes,
    remove: yes,
  };
}

/** The record as the panel reads it, or 404 (never filed) / 410 (removed: its tombstone's date). */
export async function readRecord(db: SiteDb, kind: CommunityInboxKind, id: number): Promise<InboxRecordResponse> {
  const row = await readOne(db, kind, id);
  if (!row) {
    const tombstone = await db
      .selectFrom('community.record_history')
      .select('at')
      .where('kind', '=', sources[kind].table)
      .where('record_id', '=', id)
      .where('event', '=', 'eliminacion')
      .executeTakeFirst();
    if (tombstone) throw new ApiError(410, 'gone', inboxTexts.removed(formatColombianDateTime(new Date(tombstone.at))));
    throw notFound();
  }
  return recordAnswer(kind, row, await readHistory(db, kind, id), actionsOf(kind, row));
}

const refuse = (reason: string | null) => new ApiError(409, 'not_allowed', reason ?? inboxTexts.notFound);

// ── The reply e-mail ─────────────────────────────────────────────────────────────────────────────────────────────

export const replyMailTexts = {
  greeting: 'Hola:',
  about: (kind: string, id: number) => `Te escribimos por tu registro en nuestro sitio (${kind}, n.º ${id}).`,
  answer: 'Si quieres respondernos, contesta este correo.',
  attachmentsTitle: (days: number) => `Archivos adjuntos (cada enlace funciona durante ${days} días):`,
} as const;

const kindNames: Record<CommunityInboxKind, string> = {
  voluntarios: 'voluntariado',
  aliados: 'empresas aliadas',
  talleres: 'consulta de talleres',
  software: 'software a la medida',
  boletin: 'boletín',
};

/**
 * The reply in the foundation's template: the member's subject (one line, checked by the schema) and text (one
 * paragraph per line, escaped by the template), a line saying which record it answers, the foundation's signature.
 * No name from the record: the address was never verified, so nothing the filer typed is sent to it.
 */
export function replyMail(
  to: string,
  kind: CommunityInboxKind,
  id: number,
  reply: { subject: string; body: string },
  attachments: ReadonlyArray<{ name: string; url: string }> = [],
): OutgoingMail {
  const paragraphs = reply.body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return renderMail({
    to,
    subject: reply.subject,
    greeting: replyMailTexts.greeting,
    paragraphs: [...paragraphs, replyMailTexts.about(kindNames[kind], id), replyMailTexts.answer],
    // Each link carries its own token: a secret, redacted in the stored copy (mailer.ts).
    ...(attachments.length
      ? {
          links: {
            title: replyMailTexts.attachmentsTitle(ATTACHMENT_LINK_DAYS),
            items: attachments.map((a) => ({ label: a.name, url: a.url })),
          },
        }
      : {}),
  });
}

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The record locked for an act, or 404. */
async function lockRecord(trx: SiteDb, kind: CommunityInboxKind, id: number): Promise<Row> {
  const table = sources[kind].table;
  const locked = await sql<{ id: number }>`select id from ${sql.table(`community.${table}`)} where id = ${id} for update`.execute(trx);
  if (!locked.rows.length) throw notFound();
  const row = await readOne(trx, kind, id);
  if (!row) throw notFound();
  return row;
}

const valueOf = (v: unknown): string | number | null => (v === undefined || v === null || v === '' ? null : (v as string | number));

/** The contact, reply, correction and removal routes, in the staff scope `communityInboxRoutes` opens. */
export function registerRecordHistory(scope: FastifyInstance, ctx: CommunityContext & { now?: (() => Date) | undefined }) {
  route(scope, ops.contact, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await lockRecord(trx, kind, id);
      const verdict = actionsOf(kind, row).contact;
      if (!verdict.allowed) throw refuse(verdict.reason);
      const { channel, note } = request.body;
      await trx
        .insertInto('community.record_history')
        .values({
          kind: table,
          record_id: id,
          event: 'contacto',
          channel,
          note: note || null,
          actor_sub: staff.sub,
          actor_email: staff.email,
        })
        .execute();
      // The note stays out of the audit: it may say anything about the person.
      await recordAudit(trx, staff, {
        action: 'community.inbox.contact',
        entity: table,
        entityId: String(id),
        detail: { kind, canal: channel, conNota: note.length > 0 },
      });
    });
    return readRecord(ctx.db, kind, id);
  });

  /** The reply's checks: the record exists and may be written to. */
  async function replyTarget(db: SiteDb, kind: CommunityInboxKind, id: number): Promise<Row> {
    const row = await lockRecord(db, kind, id);
    const verdict = actionsOf(kind, row).reply;
    if (!verdict.allowed) throw refuse(verdict.reason);
    return row;
  }

  route(scope, ops.replyPreview, async (request) => {
    const { kind, id } = request.params;
    await replyTarget(ctx.db, kind, id);
    // Rendered for no one: the preview carries the member's words in the template, not the record's address.
    const mail = replyMail('', kind, id, request.body as Required<ReplyRequest>);
    return { subject: mail.subject, text: mail.text };
  });

  route(scope, ops.reply, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    const { subject, body } = request.body;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await replyTarget(trx, kind, id);
      const entry = await trx
        .insertInto('community.record_history')
        .values({
          kind: table,
          record_id: id,
          event: 'respuesta',
          channel: 'correo',
          subject,
          body,
          actor_sub: staff.sub,
          actor_email: staff.email,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The member's own pending uploads of this very record, claimed in the reply's transaction (any other id refuses
      // the whole reply: nothing is sent); each gets a link that works 30 days.
      const files = await recordAttachments({ db: trx }).claimAttachments(
        trx,
        { requestId: { id, kind: table }, me: staff, at: ctx.now?.() ?? new Date(), origin: ctx.settings.publicOrigin },
        request.body.attachments,
        { part: 'respuesta', entryId: String(entry.id) },
      );
      await recordAudit(trx, staff, {
        action: 'community.inbox.reply',
        entity: table,
        entityId: String(id),
        detail: { kind, ...(files.length ? { adjuntos: files.length } : {}) },
      });
      await queueMails(trx, [replyMail(str(row.email), kind, id, { subject, body }, files)]);
    });
    // Delivered after the commit; a failure stays in the outbox for its retries and never fails the reply.
    void ctx.mailer.flush().catch(() => undefined);
    return readRecord(ctx.db, kind, id);
  });

  route(scope, ops.correct, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await lockRecord(trx, kind, id);
      const verdict = actionsOf(kind, row).correct;
      const schema = correctionSchemaOf(kind, str(row.workshop));
      if (!verdict.allowed || !schema) throw refuse(verdict.reason);
      // An empty optional field comes as null (as the record reads); the form's schema knows it as absent.
      const body = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== null));
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new ApiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', fieldErrors(parsed.error));
      const values = parsed.data as Record<string, unknown>;
      // Only the kind's own fields, by their constant names: never a column named by the request.
      const changed = correctableFields(kind, str(row.workshop)).filter((name) => valueOf(values[name]) !== valueOf(row[name]));
      if (!changed.length) throw new ApiError(400, 'nothing_changed', inboxTexts.nothingChanged);
      const assignments = sql.join(changed.map((name) => sql`${sql.ref(name)} = ${valueOf(values[name])}`));
      await sql`update ${sql.table(`community.${table}`)} set ${assignments} where id = ${id}`.execute(trx);
      await trx
        .insertInto('community.record_history')
        .values({
          kind: table,
          record_id: id,
          event: 'correccion',
          fields: changed.join(','),
          actor_sub: staff.sub,
          actor_email: staff.email,
        })
        .execute();
      // Which fields, never their values (old or new).
      await recordAudit(trx, staff, {
        action: 'community.inbox.correct',
        entity: table,
        entityId: String(id),
        detail: { kind, campos: changed },
      });
    });
    return readRecord(ctx.db, kind, id);
  });

  route(scope, ops.remove, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    const reason: RemovalReason = request.body.reason;
    const at = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockRecord(trx, kind, id);
      const verdict = actionsOf(kind, row).remove;
      if (!verdict.allowed) throw refuse(verdict.reason);
      // The history's notes and e-mails hold personal data: they go with the record. The tombstone stays.
      await trx.deleteFrom('community.record_history').where('kind', '=', table).where('record_id', '=', id).execute();
      await sql`delete from ${sql.table(`community.${table}`)} where id = ${id}`.execute(trx);
      const tombstone = await trx
        .insertInto('community.record_history')
        .values({ kind: table, record_id: id, event: 'eliminacion', reason, actor_sub: staff.sub, actor_email: staff.email })
        .returning('at')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, staff, {
        action: 'community.inbox.remove',
        entity: table,
        entityId: String(id),
        detail: { kind, motivo: reason, razon: removalReasons[reason] },
      });
      return new Date(tombstone.at);
    });
    return { kind, id: String(id), at: at.toISOString(), by: staff.email, reason };
  });
}

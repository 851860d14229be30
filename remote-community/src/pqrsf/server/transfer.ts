import { formatColombianDateTime } from 'shared/format/dates';
import type { CaseActionOutcome, CaseEvent, CaseTrx } from 'shared/server/cases/act';
import { renderMail } from 'shared/server/mail-template';
import { queueMails, type MailAttachment, type OutgoingMail } from 'shared/server/mailer';
import type { StaffUser } from 'shared/server/staff-guard';
import { isPlainAddress, transferMail } from './staff-mail';
import type { PqrsfRow } from './staff-case';
import { transferDocument, transferDocumentTexts } from './transfer-document';

/**
 * A real transfer (Ley 1755 de 2015, art. 21; #32). In the action's transaction, after the case is marked 'Trasladada'
 * and its history row written: the PDF of the case (transfer-document.ts) is built from the rows as they now are, the
 * cover letter to the entity with the PDF attached is queued in the outbox in the same transaction (it exists exactly
 * when the transfer does, and the outbox retries it with the same bytes), and two history rows say what was sent where.
 * The person's copy — a separate e-mail with the same PDF, not a Cc: see /work/notes/transfer.md — is the kit's
 * after-commit e-mail to the address filed with the request.
 */

export const transferSendTexts = {
  entityMail: {
    subject: 'Traslado por competencia de la petición',
    greeting: 'Respetados señores:',
    intro: (entity: string, filedAt: string) =>
      `De conformidad con el artículo 21 de la Ley 1755 de 2015, remitimos a ${entity} por ser de su competencia la petición que recibimos el ${filedAt}, para que le den el trámite que corresponda y respondan directamente a la persona peticionaria.`,
    attached:
      'Adjuntamos en PDF la petición tal como se radicó, con los datos de contacto de la persona peticionaria y el historial del caso.',
    copied: 'La persona peticionaria recibe copia de esta comunicación.',
    notCopied: 'No pudimos enviar copia a la persona peticionaria: el correo que registró no es una dirección válida.',
    radicadoLabel: 'Radicado de la fundación',
    entityLabel: 'Entidad',
    dateLabel: 'Fecha del traslado',
  },
  history: {
    sentToEntity: (entity: string, email: string, filename: string) => `Petición enviada en PDF (${filename}) a ${entity}, ${email}.`,
    copySent: 'Copia del traslado con el mismo PDF enviada al correo de la persona.',
    copyNotSent: 'Sin copia a la persona: el correo que registró no es una dirección válida.',
  },
} as const;
const t = transferSendTexts;

/** The history rows a transfer's sendings add (their labels: staff-texts `events`). */
export const transferEvents = { sentToEntity: 'enviada_entidad', copyToPerson: 'copia_persona' } as const;

/** The cover letter to the entity, with the PDF. Subject: fixed text and the radicado only. */
export function entityTransferMail(c: {
  to: string;
  radicado: string;
  entity: string;
  filedAt: Date;
  at: Date;
  copied: boolean;
  attachment: MailAttachment;
}): OutgoingMail {
  const m = t.entityMail;
  return {
    ...renderMail({
      to: c.to,
      subject: `${m.subject} ${c.radicado}`,
      greeting: m.greeting,
      paragraphs: [m.intro(c.entity, formatColombianDateTime(c.filedAt)), m.attached, c.copied ? m.copied : m.notCopied],
      details: [
        [m.radicadoLabel, c.radicado],
        [m.entityLabel, c.entity],
        [m.dateLabel, formatColombianDateTime(c.at)],
      ],
    }),
    attachments: [c.attachment],
  };
}

export interface TransferContext {
  publicOrigin: string;
  /** Writes a history row of this case by this member now (the kit's `record`). */
  record: (trx: CaseTrx, row: PqrsfRow, me: StaffUser, at: Date, e: CaseEvent) => Promise<unknown>;
}

/**
 * The transfer's sendings, inside the action's transaction, once the row says 'Trasladada' and its history row exists:
 * builds the PDF, queues the entity's letter, writes the two history rows; answers the audit's facts and the person's
 * copy (sent by the kit after the commit, when the filed address can be written to).
 */
export async function sendTransfer(
  trx: CaseTrx,
  ctx: TransferContext,
  c: { row: PqrsfRow; me: StaffUser; at: Date; entity: string; entityEmail: string; status: string },
): Promise<Pick<CaseActionOutcome, 'mail'> & { detail: Record<string, unknown> }> {
  const { row, me, at, entity, entityEmail } = c;
  const history = await trx
    .selectFrom('community.pqrsf_history')
    .select(['at', 'action', 'status', 'due_date'])
    .where('request_id', '=', row.id)
    .orderBy('id')
    .execute();
  const bytes = await transferDocument({
    radicado: row.radicado,
    createdAt: new Date(row.created_at),
    dueDate: row.due_date,
    entity,
    transferredAt: at,
    request: {
      rol_type: row.rol_type,
      name: row.name,
      lastname: row.lastname,
      id_type: row.id_type,
      id_number: row.id_number,
      email: row.email,
      phone_number: row.phone_number,
      request_type: row.request_type,
      reviews: row.reviews,
    },
    history: history.map((h) => ({ at: new Date(h.at), action: h.action, status: h.status, dueDate: h.due_date })),
  });
  const filename = transferDocumentTexts.filename(row.radicado);
  const attachment: MailAttachment = { filename, contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
  // The filed address was never verified: a copy goes only to one bare address (the kit's `deliver` checks it again).
  const copied = isPlainAddress(row.email);
  await queueMails(trx, [
    entityTransferMail({ to: entityEmail, radicado: row.radicado, entity, filedAt: row.created_at, at, copied, attachment }),
  ]);
  await ctx.record(trx, row, me, at, {
    action: transferEvents.sentToEntity,
    status: c.status,
    note: t.history.sentToEntity(entity, entityEmail, filename),
  });
  await ctx.record(trx, row, me, at, {
    action: transferEvents.copyToPerson,
    status: c.status,
    note: copied ? t.history.copySent : t.history.copyNotSent,
  });
  return {
    detail: { entity, entityEmail, document: filename, copyToPerson: copied },
    mail: (to) => transferMail(ctx.publicOrigin, { to, radicado: row.radicado, entity, entityEmail, at, attachments: [attachment] }),
  };
}

import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import type { MailAttachment, OutgoingMail } from 'shared/server/mailer';
import { renderMail, type MailContent } from 'shared/server/mail-template';
import { pqrsfLookupLink } from '../../forms/server/acknowledge';
import { ATTACHMENT_LINK_DAYS } from '../attachment-schemas';

/**
 * The e-mails a PQRSF case sends to its petitioner: the answer, an extension of the term, a transfer. Each goes to the
 * address filed with the request, which nobody verified, so:
 * - the address must be one bare addr-spec (the mailer also passes it as an address object, never a parsed string);
 * - subjects are fixed text plus the radicado (digits we generated): nothing typed by anyone reaches a header;
 * - the only varying text in the body is the foundation's own (the answer, the reason, the entity), written by the
 *   staff; the template escapes it for HTML, and it is never a link target. The petitioner's name is not used: a
 *   request filed with someone else's address would otherwise carry text of the filer's choosing to that mailbox.
 */

// The acknowledgements' rule (acknowledge.ts keeps its own copy private): one bare addr-spec, no display name or list.
const plainChar = String.raw`[^\s@<>()[\]\\,;:"\p{Cc}]`;
const PLAIN_ADDRESS = new RegExp(`^${plainChar}+@${plainChar}+\\.${plainChar}+$`, 'u');
const RADICADO = /^\d{16}$/;

/** Whether an address filed with a request can be written to as it is. */
export const isPlainAddress = (address: string): boolean => PLAIN_ADDRESS.test(address);

export const caseMailTexts = {
  greeting: 'Hola:',
  radicadoLabel: 'Radicado',
  lookupAction: 'Consultar tu solicitud',
  lookupNote: 'Puedes consultarla en cualquier momento en nuestro sitio con el número de radicado y tu número de documento.',
  // A case mail follows a request the person filed: it says where to go next, never "ignore this if it was not you".
  followUp: 'Si tienes preguntas, radica una nueva solicitud y cita este número de radicado.',
  response: {
    subject: 'Respuesta a tu solicitud',
    intro: 'Respondimos la solicitud (PQRSF) que radicaste. Esta es nuestra respuesta:',
    dateLabel: 'Fecha de respuesta',
    attachmentsTitle: (days: number) =>
      `Adjuntamos estos archivos a la respuesta. Descárgalos desde los enlaces, que vencen en ${days} días:`,
  },
  extension: {
    subject: 'Ampliamos el plazo de respuesta de tu solicitud',
    intro:
      'No nos es posible responder tu solicitud dentro del término inicial. Como lo permite la Ley 1755 de 2015 (artículo 14, parágrafo), ampliamos el plazo por el siguiente motivo:',
    newDateLabel: 'Nueva fecha límite de respuesta',
    previousDateLabel: 'Fecha límite anterior',
  },
  transfer: {
    subject: 'Trasladamos tu solicitud',
    intro: (entity: string) =>
      `Tu solicitud es competencia de otra entidad, así que la enviamos a ${entity} (Ley 1755 de 2015, artículo 21). Esa entidad te responderá directamente.`,
    // #32: the person gets a copy of what the entity received.
    copy: 'Este correo es tu copia del traslado: adjuntamos el mismo documento PDF que enviamos a la entidad, con tu solicitud y su historial.',
    entityLabel: 'Entidad competente',
    entityEmailLabel: 'Correo de la entidad',
    dateLabel: 'Fecha del traslado',
  },
} as const;
const t = caseMailTexts;

/** The staff's text as paragraphs: one per non-empty line (the template writes each as its own <p>, escaped). */
const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function mail(
  to: string,
  radicado: string,
  content: Omit<MailContent, 'to' | 'subject' | 'greeting'> & { subject: string },
  origin: string,
) {
  if (!RADICADO.test(radicado)) throw new TypeError('a case e-mail names a generated radicado');
  return renderMail({
    ...content,
    to,
    greeting: t.greeting,
    subject: `${content.subject} ${radicado}`,
    paragraphs: [...content.paragraphs, t.lookupNote, t.followUp],
    action: { label: t.lookupAction, url: pqrsfLookupLink(origin, radicado), public: true },
  });
}

export function responseMail(
  origin: string,
  c: { to: string; radicado: string; text: string; at: Date; attachments?: ReadonlyArray<{ name: string; url: string }> },
): OutgoingMail {
  return mail(
    c.to,
    c.radicado,
    {
      subject: t.response.subject,
      paragraphs: [t.response.intro, ...paragraphsOf(c.text)],
      details: [
        [t.radicadoLabel, c.radicado],
        [t.response.dateLabel, formatColombianDateTime(c.at)],
      ],
      // Each link carries its own random token (attachments.ts): secrets, redacted in the stored copy.
      ...(c.attachments?.length
        ? {
            links: {
              title: t.response.attachmentsTitle(ATTACHMENT_LINK_DAYS),
              items: c.attachments.map((a) => ({ label: a.name, url: a.url })),
            },
          }
        : {}),
    },
    origin,
  );
}

export function extensionMail(
  origin: string,
  c: { to: string; radicado: string; reason: string; dueDate: string; previousDueDate: string },
): OutgoingMail {
  return mail(
    c.to,
    c.radicado,
    {
      subject: t.extension.subject,
      paragraphs: [t.extension.intro, ...paragraphsOf(c.reason)],
      details: [
        [t.radicadoLabel, c.radicado],
        [t.extension.newDateLabel, formatLongDate(c.dueDate)],
        [t.extension.previousDateLabel, formatLongDate(c.previousDueDate)],
      ],
    },
    origin,
  );
}

/** The person's copy of a transfer (#32): the entity, its address, and the same PDF the entity received. */
export function transferMail(
  origin: string,
  c: { to: string; radicado: string; entity: string; at: Date; entityEmail?: string; attachments?: MailAttachment[] },
): OutgoingMail {
  const sent = mail(
    c.to,
    c.radicado,
    {
      subject: t.transfer.subject,
      paragraphs: [t.transfer.intro(c.entity), ...(c.attachments?.length ? [t.transfer.copy] : [])],
      details: [
        [t.radicadoLabel, c.radicado],
        [t.transfer.entityLabel, c.entity],
        ...(c.entityEmail ? [[t.transfer.entityEmailLabel, c.entityEmail] as [string, string]] : []),
        [t.transfer.dateLabel, formatColombianDateTime(c.at)],
      ],
    },
    origin,
  );
  return c.attachments?.length ? { ...sent, attachments: c.attachments } : sent;
}

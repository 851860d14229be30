import { ATTACHMENT_LINK_DAYS } from 'shared/cases/attachments';
import { site } from 'shared/foundation/site';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { DATA_RADICADO_PATTERN, dataRequestKindLabels, type DataRequestKind } from '../schemas';
import type { OutgoingMail } from 'shared/server/mailer';
import { renderMail, SECRET } from 'shared/server/mail-template';

/**
 * The e-mails of a data subject's request. The code goes to the typed address only, before anything is filed, and
 * carries nothing the visitor wrote (an address typed by someone else receives a code and fixed text, never their
 * words). Later e-mails go to the address the code proved; subjects are fixed text plus the radicado we generated, and
 * the only varying text in a body is the foundation's own (the answer, the reason of an extension), escaped by the
 * template. The person's name is never used.
 */

export const dataMailTexts = {
  greeting: 'Hola:',
  // Only where an address was typed and nothing is filed yet (the code): ignoring it then leaves nothing behind.
  notYou: 'Si no hiciste esta solicitud, puedes ignorar este correo.',
  // A filed request goes on by law whoever reads this: nobody is told to ignore it (it may be an erasure in their name).
  notYouFiled: (address: string) => `Si no hiciste esta solicitud, escríbenos de inmediato a ${address} citando este radicado.`,
  law: 'Atendemos tu solicitud según la Ley 1581 de 2012 (protección de datos personales) y el Decreto 1377 de 2013.',
  radicado: 'Radicado',
  kind: 'Tipo de solicitud',
  code: {
    subject: 'Tu código para una solicitud sobre tus datos personales',
    intro: (minutes: number) =>
      `Alguien (probablemente tú) pidió radicar una solicitud sobre datos personales con este correo. Para continuar, escribe este código en el sitio. Vence en ${minutes} minutos.`,
    label: 'Código',
    never: 'Nunca te pediremos este código por teléfono ni por mensaje.',
    link: (hours: number) =>
      `También puedes abrir el enlace de abajo: comprueba que este correo es tuyo sin escribir el código, sirve una sola vez durante ${hours} horas y funciona aunque el código ya haya vencido o alguien haya escrito códigos equivocados.`,
    anyOf: 'Si te llegaron varios correos como este, sirve el código o el enlace de cualquiera de ellos.',
    action: 'Comprobar mi correo y hacer la solicitud',
  },
  filed: {
    subject: 'Recibimos tu solicitud sobre tus datos personales',
    intro: 'Radicamos tu solicitud. Te responderemos a este correo a más tardar en la fecha límite.',
    date: 'Fecha de radicación',
    due: 'Fecha límite de respuesta',
    term: (days: number) => `${days} días hábiles`,
    termLabel: 'Término',
  },
  extension: {
    subject: 'Ampliamos el plazo de respuesta de tu solicitud',
    intro: 'No nos es posible atender tu solicitud dentro del término inicial. Como lo permite la ley, ampliamos el plazo por este motivo:',
    newDate: 'Nueva fecha límite de respuesta',
    previousDate: 'Fecha límite anterior',
  },
  response: {
    subject: 'Respuesta a tu solicitud sobre tus datos personales',
    intro: 'Respondimos tu solicitud. Esta es nuestra respuesta:',
    date: 'Fecha de respuesta',
    attachmentsTitle: (days: number) =>
      `Adjuntamos estos archivos a la respuesta. Descárgalos desde los enlaces, que vencen en ${days} días:`,
  },
  export: {
    intro: 'Preparamos una copia de los datos personales que tenemos sobre ti. Descárgala con estos enlaces:',
    pdf: 'Descargar la copia en PDF',
    json: 'Copia en JSON (para llevarla a otro servicio)',
    until: 'Los enlaces funcionan hasta',
    private: 'Los enlaces son personales: no los compartas. Después de esa fecha dejan de funcionar y la copia se borra.',
  },
  completion: {
    subject: 'Necesitamos más información para atender tu solicitud',
    intro: 'Para atender tu reclamo nos falta información. Esto es lo que necesitamos:',
    how: (address: string) => `Responde a este correo o escríbenos a ${address} con el número de radicado.`,
    term: 'Mientras tanto el plazo de respuesta no corre: vuelve a empezar cuando recibamos lo que falta.',
    withdrawal: (from: string) =>
      `Si no recibimos la información, desde el ${from} entenderemos que desististe del reclamo (Ley 1581 de 2012, artículo 15).`,
  },
  withdrawn: {
    subject: 'Cerramos tu solicitud por falta de información',
    intro:
      'Pasaron dos meses desde que te pedimos completar tu reclamo y no recibimos la información, así que entendemos que desististe de él (Ley 1581 de 2012, artículo 15). Puedes hacer una nueva solicitud cuando quieras.',
  },
  erasure: {
    intro:
      'Suprimimos tus datos personales de nuestros registros y tu cuenta del sitio, si tenías una. Conservamos solo lo que la ley nos obliga a guardar (los pagos y donaciones: montos y fechas, sin tus datos de contacto).',
  },
} as const;
const t = dataMailTexts;

const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function checkRadicado(radicado: string) {
  if (!DATA_RADICADO_PATTERN.test(radicado)) throw new TypeError('a data request e-mail names a generated radicado');
}

/** The page the code e-mail's link opens: the token proves the mailbox when the request is filed (a GET does nothing). */
export const dataRequestLink = (origin: string, token: string) => `${origin}/datos-personales?token=${encodeURIComponent(token)}`;

/** The code, and a one-time link that proves the mailbox by itself (`link`: its URL, valid `linkHours`). */
export function codeMail(to: string, code: string, minutes: number, link: { url: string; hours: number }): OutgoingMail {
  if (!/^\d{6}$/.test(code)) throw new TypeError('a code is six digits');
  return renderMail({
    to,
    subject: t.code.subject,
    greeting: t.greeting,
    paragraphs: [t.code.intro(minutes), t.code.link(link.hours), t.code.anyOf, t.code.never, t.notYou],
    details: [[t.code.label, code, SECRET]],
    action: { label: t.code.action, url: link.url },
  });
}

export function filedMail(c: { to: string; radicado: string; kind: DataRequestKind; at: Date; dueDate: string; termDays: number }) {
  checkRadicado(c.radicado);
  return renderMail({
    to: c.to,
    subject: `${t.filed.subject} ${c.radicado}`,
    greeting: t.greeting,
    paragraphs: [t.filed.intro, t.law, t.notYouFiled(site.legal.dataProtectionEmail)],
    details: [
      [t.radicado, c.radicado],
      [t.kind, dataRequestKindLabels[c.kind]],
      [t.filed.date, formatColombianDateTime(c.at)],
      [t.filed.termLabel, t.filed.term(c.termDays)],
      [t.filed.due, formatLongDate(c.dueDate)],
    ],
  });
}

export function extensionMail(c: { to: string; radicado: string; reason: string; dueDate: string; previousDueDate: string }) {
  checkRadicado(c.radicado);
  return renderMail({
    to: c.to,
    subject: `${t.extension.subject} ${c.radicado}`,
    greeting: t.greeting,
    paragraphs: [t.extension.intro, ...paragraphsOf(c.reason), t.law],
    details: [
      [t.radicado, c.radicado],
      [t.extension.newDate, formatLongDate(c.dueDate)],
      [t.extension.previousDate, formatLongDate(c.previousDueDate)],
    ],
  });
}

/** The answer; with `copy`, the links to the copy of the data (acceso); with `erased`, what the erasure did. */
export function responseMail(c: {
  to: string;
  radicado: string;
  text: string;
  at: Date;
  copy?: { pdfUrl: string; jsonUrl: string; expiresAt: Date };
  erased?: boolean;
  /** The answer's attachments (#32): each link carries its own token, a secret (redacted in the stored copy). */
  attachments?: ReadonlyArray<{ name: string; url: string }>;
}): OutgoingMail {
  checkRadicado(c.radicado);
  const paragraphs = [t.response.intro, ...paragraphsOf(c.text)];
  if (c.erased) paragraphs.push(t.erasure.intro);
  if (c.copy) paragraphs.push(t.export.intro, `${t.export.json}: ${c.copy.jsonUrl}`, t.export.private);
  return renderMail({
    to: c.to,
    subject: `${t.response.subject} ${c.radicado}`,
    greeting: t.greeting,
    paragraphs,
    details: [
      [t.radicado, c.radicado],
      [t.response.date, formatColombianDateTime(c.at)],
      ...(c.copy ? ([[t.export.until, formatColombianDateTime(c.copy.expiresAt)]] as Array<[string, string]>) : []),
    ],
    // Both links open the copy: the button's is a secret by default, the JSON one is named (mailer.ts redacts them).
    ...(c.copy ? { action: { label: t.export.pdf, url: c.copy.pdfUrl }, secrets: [c.copy.jsonUrl] } : {}),
    ...(c.attachments?.length
      ? {
          links: {
            title: t.response.attachmentsTitle(ATTACHMENT_LINK_DAYS),
            items: c.attachments.map((a) => ({ label: a.name, url: a.url })),
          },
        }
      : {}),
  });
}

export function completionMail(c: { to: string; radicado: string; message: string; withdrawFrom: string }): OutgoingMail {
  checkRadicado(c.radicado);
  return renderMail({
    to: c.to,
    subject: `${t.completion.subject} ${c.radicado}`,
    greeting: t.greeting,
    paragraphs: [
      t.completion.intro,
      ...paragraphsOf(c.message),
      t.completion.how(site.legal.dataProtectionEmail),
      t.completion.term,
      t.completion.withdrawal(formatLongDate(c.withdrawFrom)),
    ],
    details: [[t.radicado, c.radicado]],
  });
}

export function withdrawnMail(c: { to: string; radicado: string; at: Date }): OutgoingMail {
  checkRadicado(c.radicado);
  return renderMail({
    to: c.to,
    subject: `${t.withdrawn.subject} ${c.radicado}`,
    greeting: t.greeting,
    paragraphs: [t.withdrawn.intro],
    details: [
      [t.radicado, c.radicado],
      [t.response.date, formatColombianDateTime(c.at)],
    ],
  });
}

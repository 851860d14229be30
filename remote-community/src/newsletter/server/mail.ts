import { createHash, randomBytes } from 'node:crypto';
import { newsletterParagraphs, type NewsletterCompose } from 'shared/schemas/newsletter';
import { renderMail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import { newsletterConfirmationTexts } from './texts';

/**
 * Newsletter links and e-mails (#15). Every link carries a random token (32 bytes, base64url); the database keeps only
 * its SHA-256, so a leaked table opens no link and a link names no address.
 */

/** How long a confirmation link works (each one, whatever was sent after it). */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The visitor page that asks to press "Confirmar" (a POST: mail scanners that prefetch links confirm nothing). */
export const confirmationLink = (origin: string, token: string) => `${origin}/boletin/confirmar?token=${encodeURIComponent(token)}`;
/** The visitor page with the "Darme de baja" button (the link in the e-mail's body). */
export const unsubscribePageLink = (origin: string, token: string) => `${origin}/boletin/baja?token=${encodeURIComponent(token)}`;
/** RFC 8058's one-click URL of the List-Unsubscribe header: POST with `List-Unsubscribe=One-Click` unsubscribes. */
export const oneClickLink = (origin: string, token: string) =>
  `${origin}/api/community/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The confirmation e-mail: fixed text and our own link, nothing the visitor typed except the address it goes to. */
export function confirmationMail(origin: string, to: string, token: string): OutgoingMail {
  const t = newsletterConfirmationTexts;
  return renderMail({
    to,
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: t.paragraphs(CONFIRMATION_TTL_MS / 86_400_000),
    action: { label: t.action, url: confirmationLink(origin, token) },
  });
}

/**
 * One newsletter e-mail: the staff's paragraphs, a line saying why it arrives, the unsubscribe page in the body and
 * RFC 8058's List-Unsubscribe / List-Unsubscribe-Post headers, each with this e-mail's own token.
 */
export function newsletterMail(origin: string, to: string, content: NewsletterCompose, token: string, test = false): OutgoingMail {
  const mail = renderMail({
    to,
    subject: test ? `[Prueba] ${content.subject}` : content.subject,
    greeting: 'Hola:',
    paragraphs: [
      ...(test ? ['Esta es una prueba del boletín: solo la recibes tú. El enlace para darse de baja no funciona en una prueba.'] : []),
      ...newsletterParagraphs(content.body),
      'Recibes este correo porque confirmaste tu suscripción al boletín de la fundación. Puedes darte de baja en cualquier momento con el enlace de abajo.',
    ],
    action: { label: 'Darme de baja del boletín', url: unsubscribePageLink(origin, token) },
  });
  return {
    ...mail,
    // The headers carry this e-mail's token too: redacted with the body's link once delivered (mailer.ts).
    secrets: [...(mail.secrets ?? []), token],
    headers: {
      'List-Unsubscribe': `<${oneClickLink(origin, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

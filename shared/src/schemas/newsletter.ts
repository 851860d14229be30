import { consentFields } from './consent';
import { emailField } from './common';
import { z } from './zod';

export const newsletterTexts = {
  required: 'Por favor ingresa tu correo electrónico',
  invalid: 'Por favor ingresa un correo electrónico válido',
  failed: 'Error al procesar la suscripción. Intenta nuevamente.',
  network: 'Error de conexión. Por favor intenta nuevamente.',
  // Double opt-in (#15): the one answer to every accepted address, new, pending or already confirmed (no enumeration).
  subscribed:
    '¡Gracias! Te enviamos un correo para confirmar tu suscripción: revisa tu bandeja de entrada (y la de spam) y abre el enlace.',
  /** Kept for the contract's `alreadySubscribed` field; no longer answered (it told anyone who is subscribed). */
  alreadySubscribed: 'Este correo ya estaba suscrito. ¡Gracias por seguirnos!',
} as const;

/** Newsletter subscription (spec §3, §5): the same schema runs in the footer box and in the API. */
export const newsletterSchema = z.object({
  email: emailField(newsletterTexts.required, newsletterTexts.invalid),
  ...consentFields,
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

// ── Double opt-in and unsubscribe (#15) ───────────────────────────────────────────────────────────────────────────

/** A token from a newsletter link: 43 base64url characters (32 random bytes). */
export const newsletterTokenSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Este enlace no está completo o no es válido. Ábrelo de nuevo desde el correo.' }));

/** POST /api/community/newsletter/confirm and (from the page) POST /api/community/newsletter/unsubscribe. */
export const newsletterTokenRequestSchema = z.object({ token: newsletterTokenSchema });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequestSchema>;

/** Answer of confirm and unsubscribe. */
export const newsletterTokenResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type NewsletterTokenResponse = z.output<typeof newsletterTokenResponseSchema>;

export const newsletterLinkTexts = {
  confirmTitle: 'Confirma tu suscripción al boletín',
  confirmIntro: 'Para recibir nuestro boletín, confirma que este correo es tuyo y que quieres recibirlo.',
  confirmButton: 'Confirmar',
  confirmed: '¡Listo! Tu suscripción quedó confirmada. Te enviaremos nuestras novedades a este correo.',
  confirmInvalid:
    'Este enlace de confirmación ya no es válido: venció (dura 7 días) o ya se usó. Si aún no recibes el boletín, suscríbete de nuevo en el formulario al final de la página y usa el enlace del correo nuevo.',
  unsubscribeTitle: 'Darte de baja del boletín',
  unsubscribeIntro: 'Si te das de baja no volverás a recibir nuestro boletín en este correo.',
  unsubscribeButton: 'Darme de baja',
  unsubscribed:
    'Listo: te diste de baja y no volverás a recibir nuestro boletín. Si fue un error, puedes suscribirte de nuevo cuando quieras.',
  unsubscribeInvalid:
    'Este enlace para darte de baja no es válido. Usa el enlace del último boletín que recibiste o escríbenos y te daremos de baja.',
  missingToken: 'Falta el código del enlace. Abre el enlace completo que llegó a tu correo.',
  failed: 'No pudimos completar la solicitud. Intenta nuevamente en unos minutos.',
  network: 'Error de conexión. Por favor intenta nuevamente.',
} as const;

// ── Staff: compose and send (#15) ─────────────────────────────────────────────────────────────────────────────────

export const newsletterStaffTexts = {
  subjectRequired: 'Escribe el asunto del boletín.',
  subjectTooLong: 'El asunto puede tener hasta 150 caracteres.',
  subjectOneLine: 'El asunto debe ser una sola línea.',
  bodyRequired: 'Escribe el texto del boletín.',
  bodyTooLong: 'El texto puede tener hasta 20.000 caracteres.',
  noRecipients: 'No hay suscriptores confirmados a quienes enviar el boletín.',
  duplicateSend:
    'Este boletín ya se envió en las últimas 24 horas (mismo asunto y texto). Si quieres enviar otro, cambia el asunto o el texto.',
} as const;

/** A newsletter as staff compose it: a one-line subject and a plain-text body (blank lines separate paragraphs). */
export const newsletterComposeSchema = z.object({
  subject: z
    .string({ error: newsletterStaffTexts.subjectRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: newsletterStaffTexts.subjectRequired }),
      z.maxLength(150, { error: newsletterStaffTexts.subjectTooLong }),
      z.regex(/^[^\r\n]*$/, { error: newsletterStaffTexts.subjectOneLine }),
    ),
  body: z
    .string({ error: newsletterStaffTexts.bodyRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: newsletterStaffTexts.bodyRequired }),
      z.maxLength(20_000, { error: newsletterStaffTexts.bodyTooLong }),
    ),
});
export type NewsletterCompose = z.infer<typeof newsletterComposeSchema>;

/** The body's paragraphs: split on blank lines, each paragraph's lines joined by a space. */
export function newsletterParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

export const newsletterSendSummarySchema = z.object({
  id: z.number(),
  subject: z.string(),
  sentBy: z.string(),
  recipients: z.number(),
  queued: z.number(),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type NewsletterSendSummary = z.output<typeof newsletterSendSummarySchema>;

/** GET /api/community/staff/newsletter: subscribers per status and the latest sends. */
export const newsletterOverviewSchema = z.object({
  confirmed: z.number(),
  pending: z.number(),
  unsubscribed: z.number(),
  sends: z.array(newsletterSendSummarySchema),
});
export type NewsletterOverview = z.output<typeof newsletterOverviewSchema>;

/** POST /api/community/staff/newsletter/test: the test went to the staff member's own address. */
export const newsletterTestResponseSchema = z.object({ success: z.literal(true), to: z.string() });
export type NewsletterTestResponse = z.output<typeof newsletterTestResponseSchema>;

/** POST /api/community/staff/newsletter/sends: the send, once every e-mail is queued. */
export const newsletterSendResponseSchema = z.object({ success: z.literal(true), send: newsletterSendSummarySchema });
export type NewsletterSendResponse = z.output<typeof newsletterSendResponseSchema>;

export const newsletterStatusLabels = { pending: 'Pendiente', confirmed: 'Confirmado', unsubscribed: 'Dado de baja' } as const;

/**
 * POST /api/community/newsletter/subscribe: 201 and the same message for every accepted address (double opt-in, #15: the
 * answer never tells whether it was already subscribed; `alreadySubscribed` is always false).
 */
export const newsletterResponseSchema = z.object({ success: z.literal(true), message: z.string(), alreadySubscribed: z.boolean() });
export type NewsletterResponse = z.output<typeof newsletterResponseSchema>;

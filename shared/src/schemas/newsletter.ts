import { basicEmailPattern, z } from './zod';

export const newsletterTexts = {
  required: 'Por favor ingresa tu correo electrónico',
  invalid: 'Por favor ingresa un correo electrónico válido',
  failed: 'Error al procesar la suscripción. Intenta nuevamente.',
  network: 'Error de conexión. Por favor intenta nuevamente.',
  subscribed: '¡Gracias por suscribirte! Pronto recibirás nuestras novedades.',
  alreadySubscribed: 'Este correo ya estaba suscrito. ¡Gracias por seguirnos!',
} as const;

/** Newsletter subscription (spec §3, §5): the same schema runs in the footer box and in the API. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: newsletterTexts.required })
    .trim()
    .toLowerCase()
    .min(1, { error: newsletterTexts.required })
    .max(254, { error: newsletterTexts.invalid })
    .regex(basicEmailPattern, { error: newsletterTexts.invalid }),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

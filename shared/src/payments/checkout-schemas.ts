import { z } from '../schemas/zod';

/** What a form needs to go to the hosted checkout; the payment-status schemas are in ./schemas.ts. */

/** The claim secret as request bodies carry it (shape only; whether it matches is decided against the record). */
export const claimSecretField = z
  .string({ error: 'Falta la clave de este pago en el navegador.' })
  .check(
    z.trim(),
    z.minLength(16, { error: 'Falta la clave de este pago en el navegador.' }),
    z.maxLength(128, { error: 'Falta la clave de este pago en el navegador.' }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Falta la clave de este pago en el navegador.' }),
  );

/** The answer the browser needs to go to the hosted checkout (spec §3 Payment response); `id` is the preference's. */
export const checkoutPreferenceSchema = z.object({
  id: z.string(),
  init_point: z.string(),
  sandbox_init_point: z.nullable(z.string()),
  date_created: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  external_reference: z.string(),
});
export type CheckoutPreference = z.output<typeof checkoutPreferenceSchema>;

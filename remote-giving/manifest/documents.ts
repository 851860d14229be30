import { formatCOP } from 'shared/format/money';
import { defineDocument } from 'shared/publishing/document';
import { requiredText } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { DONATION_DOCUMENT, donationSettingsDefaults } from './donation-settings';

/**
 * What the foundation's finance team edits of the donation (#28, `giving.donation`): the amount buttons of
 * /contribuciones, the smallest and largest donation, and the page's and the checkout's short texts. Declared here
 * because both sides read it: the donation page (presets, texts) and the API (every donation is checked against the
 * bounds published at that moment, never against what the browser shows).
 */

/** Mercado Pago refuses a COP payment below this: no published minimum may go under it. */
export const PROVIDER_MIN_COP = 1_600;
/** At most this many amount buttons: more no longer fit one row on a phone. */
export const MAX_PRESETS = 6;

export const donationSettingsTexts = {
  presetInvalid: 'Escribe el monto en pesos, solo números.',
  presetsCount: `Ofrece entre 1 y ${MAX_PRESETS} montos sugeridos.`,
  presetOutside: (min: number, max: number) =>
    `El monto sugerido debe estar entre el mínimo (${formatCOP(min)}) y el máximo (${formatCOP(max)}).`,
  presetRepeated: 'Este monto ya está entre los sugeridos.',
  minInvalid: 'Escribe el mínimo en pesos, solo números.',
  minBelowProvider: `El mínimo no puede ser menor que ${formatCOP(PROVIDER_MIN_COP)}: Mercado Pago no acepta pagos menores.`,
  maxInvalid: 'Escribe el máximo en pesos, solo números.',
  maxBelowMin: 'El máximo debe ser mayor o igual que el mínimo.',
  introRequired: 'Escribe la presentación de la página (qué paga una donación).',
  paymentDescriptionRequired: 'Escribe la descripción que ve quien paga en Mercado Pago.',
  receiptThanksRequired: 'Escribe el agradecimiento del correo de la donación.',
  /** The server's own limits (DONATION_MIN_COP / DONATION_MAX_COP), which only the API knows. */
  minBelowSettings: (min: number) => `El mínimo no puede ser menor que ${formatCOP(min)}, el que permite la configuración del sitio.`,
  maxAboveSettings: (max: number) => `El máximo no puede ser mayor que ${formatCOP(max)}, el que permite la configuración del sitio.`,
} as const;
const t = donationSettingsTexts;

const pesos = (message: string) =>
  z.coerce
    .number({ error: message })
    .check(z.int({ error: message }), z.minimum(1, { error: message }), z.maximum(Number.MAX_SAFE_INTEGER, { error: message }));

export const donationSettingsSchema = z
  .object({
    /** The amount buttons, in the order the page shows them (whole COP). */
    presets: z
      .array(z.object({ amount: pesos(t.presetInvalid) }))
      .check(z.minLength(1, { error: t.presetsCount }), z.maxLength(MAX_PRESETS, { error: t.presetsCount })),
    min: pesos(t.minInvalid).check(z.minimum(PROVIDER_MIN_COP, { error: t.minBelowProvider })),
    max: pesos(t.maxInvalid),
    /** The page's lead: what a donation pays for. */
    intro: requiredText(t.introRequired, 600, { multiline: true }),
    /** The item's description on the checkout. */
    paymentDescription: requiredText(t.paymentDescriptionRequired, 250),
    /** The first paragraph of the e-mail sent once a donation is approved. */
    receiptThanks: requiredText(t.receiptThanksRequired, 600, { multiline: true }),
  })
  .check(
    z.superRefine((v, issue) => {
      if (v.max < v.min) issue.addIssue({ code: 'custom', path: ['max'], message: t.maxBelowMin });
      const seen = new Set<number>();
      v.presets.forEach(({ amount }, i) => {
        const path = ['presets', i, 'amount'];
        if (amount < v.min || amount > v.max) issue.addIssue({ code: 'custom', path, message: t.presetOutside(v.min, v.max) });
        else if (seen.has(amount)) issue.addIssue({ code: 'custom', path, message: t.presetRepeated });
        seen.add(amount);
      });
    }),
  );
export type DonationSettings = z.output<typeof donationSettingsSchema>;
export type DonationSettingsInput = z.input<typeof donationSettingsSchema>;

export const donationDocument = defineDocument({
  name: DONATION_DOCUMENT,
  label: 'Montos y textos de la donación',
  schema: donationSettingsSchema,
  defaults: donationSettingsDefaults,
  // Finanzas answers for the money: the same role that keeps the donations' books and the campaign.
  roles: ['finanzas'],
  path: '/api/giving/staff/publicacion/donacion',
  // The donation page shows the presets and the intro, and checks the amount as it is typed.
  browser: true,
});

// The page's read side (what is published now, the defaults) is ./donation-settings.ts, re-exported here.
export { donationPresets, donationSettings, donationSettingsDefaults } from './donation-settings';

import { consentFields } from 'shared/schemas/consent';
import { formatCOP } from 'shared/format/money';
import {
  documentMatchesType,
  documentNumberField,
  documentTypes,
  emailField,
  oneOf,
  personNameField,
  phoneField,
} from 'shared/schemas/common';
import { checkoutPreferenceSchema } from 'shared/payments/checkout-schemas';
import { z } from 'shared/schemas/zod';
import { donationPresets } from '../../manifest/donation-settings';

/** Spec §5/§8 donation messages, and the server's own limits. */
export const donationTexts = {
  noAmount: 'Por favor selecciona un monto de donación.',
  invalidAmount: 'Monto de donación inválido.',
  failed: 'Error procesando la donación. Por favor intenta de nuevo.',
  nameRequired: 'Por favor ingresa tus nombres',
  lastnameRequired: 'Por favor ingresa tus apellidos',
  idTypeRequired: 'Selecciona un tipo de identidad',
  idNumberRequired: 'Por favor ingresa tu número de documento',
  emailRequired: 'Por favor ingresa tu correo electrónico',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  phoneRequired: 'Por favor ingresa tu teléfono',
  tooManyForEmail: 'Ya registramos varias donaciones con este correo en la última hora. Espera un momento e intenta de nuevo.',
} as const;

/**
 * What the browser sends: a preset (by value) or custom digits, and the contributor's data. The server decides the
 * amount from these (integer COP within its bounds); nothing else about money is read from the browser.
 */
export const donationSchema = z
  .object({
    donation_amount: z.optional(z.string({ error: donationTexts.noAmount }).check(z.maxLength(20, { error: donationTexts.invalidAmount }))),
    optional_donation_amount: z.optional(
      z
        .string({ error: donationTexts.invalidAmount })
        .check(z.maxLength(12, { error: donationTexts.invalidAmount }), z.regex(/^\s*\d*\s*$/, { error: donationTexts.invalidAmount })),
    ),
    // Printed on the donation certificate, a tax document: a name and nothing else (shared/schemas/common).
    contributor_name: personNameField(donationTexts.nameRequired),
    contributor_lastname: personNameField(donationTexts.lastnameRequired),
    id_type: oneOf(documentTypes, donationTexts.idTypeRequired),
    id_number: documentNumberField(donationTexts.idNumberRequired),
    email: emailField(donationTexts.emailRequired, donationTexts.emailInvalid),
    phone_number: phoneField(donationTexts.phoneRequired),
    ...consentFields,
  })
  .check(documentMatchesType());

export type DonationInput = z.input<typeof donationSchema>;

/** Keeps only the digits a visitor types in the custom amount ("50.000 pesos" → "50000"): the field's filter as typed. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

export type AmountResult = { ok: true; amount: number } | { ok: false; message: string };

/** A preset as the page writes it: "$ 20.000", "20000" or "50.000,00" (spec §5: symbol, spaces, decimals, dots). */
const presetShape = /^\$?\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,0+)?$/;

/**
 * The amount of a donation (spec §5): the custom amount when given, otherwise the preset. Empty or zero means none
 * was chosen. The custom amount is digits only (the field strips anything else as it is typed, so "5000.5" or
 * "-50000" can only come from a forged request and is refused, never reinterpreted); a preset must be one of the
 * presets published now (#28, manifest/documents.ts). Outside the bounds is invalid too.
 */
export function resolveDonationAmount(
  input: { donation_amount?: string | undefined; optional_donation_amount?: string | undefined },
  bounds: DonationBounds,
  presets: readonly number[] = donationPresets(),
): AmountResult {
  const invalid = { ok: false, message: donationTexts.invalidAmount } as const;
  const custom = (input.optional_donation_amount ?? '').trim();
  const preset = (input.donation_amount ?? '').trim();
  let amount: number;
  if (custom !== '') {
    if (!/^\d+$/.test(custom)) return invalid;
    amount = Number(custom);
  } else {
    if (preset === '' || /^[$\s0.,]*$/.test(preset)) return { ok: false, message: donationTexts.noAmount };
    const match = presetShape.exec(preset);
    amount = match?.[1] ? Number(match[1].replace(/\./g, '')) : NaN;
    if (!presets.includes(amount)) return invalid;
  }
  if (amount === 0) return { ok: false, message: donationTexts.noAmount };
  if (!Number.isSafeInteger(amount) || amount < 0) return invalid;
  if (amount < bounds.min || amount > bounds.max) return { ok: false, message: outOfBoundsMessage(bounds) };
  return { ok: true, amount };
}

export interface DonationBounds {
  min: number;
  max: number;
}

/**
 * The refusal of an amount outside the bounds, in the site's money format ("$ 5.000": browsers' es-CO leaves four
 * digits ungrouped, so the page's hint and this message would disagree).
 */
export const outOfBoundsMessage = (bounds: DonationBounds) =>
  `${donationTexts.invalidAmount} El monto debe estar entre ${formatCOP(bounds.min)} y ${formatCOP(bounds.max)}.`;

/**
 * The bounds the browser uses until it has the server's (GET /api/giving/donation-bounds), or when it cannot get
 * them: they only tell "none" from "not a number" for the spec's alerts. The server applies the real bounds
 * (configuration) to the body after validating it with `donationSchema`, and answers them in Spanish.
 */
export const browserDonationBounds: DonationBounds = { min: 1, max: Number.MAX_SAFE_INTEGER };

/** The amount the form currently reads as chosen, for the summary line and the button. */
export const chosenDonationAmount = (
  input: Pick<DonationInput, 'donation_amount' | 'optional_donation_amount'>,
  bounds: DonationBounds = browserDonationBounds,
) => resolveDonationAmount(input, bounds);

/**
 * The donation form's schema within `bounds` (the server's, once the page has them): the body plus the amount rule
 * (spec §5), whose message lands on the field the visitor used (the custom amount when typed, otherwise the presets),
 * so the form has one error channel. The API keeps `donationSchema` and checks the amount against its bounds itself.
 */
export function donationFormSchemaWithin(bounds: DonationBounds) {
  return donationSchema.check(
    z.superRefine(
      (input, ctx) => {
        // With `when` the rule also runs while other fields are wrong, so the value may not be the schema's shape yet.
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        const amounts = { donation_amount: text(input.donation_amount), optional_donation_amount: text(input.optional_donation_amount) };
        const amount = chosenDonationAmount(amounts, bounds);
        if (amount.ok) return;
        const field = amounts.optional_donation_amount !== '' ? 'optional_donation_amount' : 'donation_amount';
        ctx.addIssue({ code: 'custom', message: amount.message, path: [field] });
      },
      // The first alert lists everything to correct (spec §8): the amount too, not only once the other fields pass.
      { when: () => true },
    ),
  );
}

/**
 * The donation form's schema before the server's bounds are known. Pure: the page builds its own with
 * `donationFormSchemaWithin`, so the browser's bundle drops this one instead of building it at import (#33).
 */
export const donationFormSchema = /*#__PURE__*/ donationFormSchemaWithin(browserDonationBounds);

/** POST /api/giving/contributions: the stored donation's checkout, the amount the server decided, and the claim secret. */
export const contributionResponseSchema = z.extend(checkoutPreferenceSchema, {
  success: z.literal(true),
  amount: z.int(),
  title: z.string(),
  claim_secret: z.string(),
});
export type ContributionResponse = z.output<typeof contributionResponseSchema>;

// The payment-status answer (the result pages') is in ./status-schemas.ts: the donation page loads this module and
// must not build it (#33).

/** GET /api/giving/donation-bounds: the smallest and largest donation the server accepts now, in whole COP (published within its settings). */
export const donationBoundsResponseSchema = z.object({
  min: z.int(),
  max: z.int(),
});
export type DonationBoundsResponse = z.output<typeof donationBoundsResponseSchema>;

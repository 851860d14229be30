import { PUBLIC_FILE_PATTERN } from 'shared/publishing/file-pattern';
import { optionalText, requiredText } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { campaignProgressSchema } from './progress-schemas';

// The public side (the progress /contribuciones shows), in a module of its own so the donation page does not build the
// staff schemas below when it loads (#33).
export * from './progress-schemas';

/**
 * The donation campaign (#14): staff set a title, a goal in whole COP and the dates it runs; `/contribuciones` shows
 * its progress from approved donations (`GET /api/giving/campaign`, cached, no personal data). Dates are Bogotá
 * calendar dates, YYYY-MM-DD, both included. Campaigns never overlap, so "the current campaign" is one or none.
 */

export const campaignTexts = {
  titleRequired: 'Escribe el nombre de la campaña (entre 3 y 120 caracteres).',
  goalInvalid: 'La meta debe ser un valor entero en pesos entre $100.000 y $10.000.000.000.',
  dateRequired: 'Escribe la fecha como AAAA-MM-DD.',
  endBeforeStart: 'La fecha de cierre no puede ser anterior a la de inicio.',
  tooLong: 'Una campaña puede durar como máximo un año.',
  endPast: 'La fecha de cierre ya pasó: una campaña nueva debe terminar hoy o después.',
  overlaps: (title: string) =>
    `Las fechas se cruzan con la campaña «${title}». Ajusta las fechas: solo una campaña puede estar activa a la vez.`,
  notFound: 'No encontramos esa campaña.',
  imageInvalid: 'La imagen debe ser un archivo subido al sitio con el botón «Subir imagen» (/archivos/…).',
  imageAltRequired: 'Describe la imagen para quien no puede verla (qué muestra, en una frase).',
  monthlyCountingInvalid: 'Elige cómo cuentan las donaciones mensuales: solo su primer cobro, o 12 meses.',
} as const;

/**
 * How a monthly gift counts toward the goal (#29: "as the foundation chooses (first charge, or 12 months)"), for gifts
 * whose first approved charge falls between the campaign's dates (a gift started before adds nothing):
 * - `first_charge`: its first charge only; the later months do not add (the default).
 * - `twelve_months`: 12 times its first charge, as a pledge counted at once; never less than the gift's approved charges
 *   between the dates (a raised amount after the first charge).
 * One-time donations count as before. A refunded or charged-back charge is not approved, so it never counts: a gift's
 * first charge is its earliest charge still approved.
 */
export const monthlyCountings = ['first_charge', 'twelve_months'] as const;
export type MonthlyCounting = (typeof monthlyCountings)[number];

/** Longest public description of a campaign (a few paragraphs), and of an image's text alternative. */
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const CAMPAIGN_IMAGE_ALT_MAX = 200;

/** An image of the site's own published files (`/archivos/<uuid>.<ext>`, uploaded in the panel): never another site's. */
const imagePath = z.pipe(
  z.optional(
    z.string({ error: campaignTexts.imageInvalid }).check(
      z.trim(),
      z.refine((v) => v === '' || PUBLIC_FILE_PATTERN.test(v), { error: campaignTexts.imageInvalid }),
    ),
  ),
  z.transform((v: string | undefined) => (v ? v : undefined)),
);

export const CAMPAIGN_GOAL_MIN = 100_000;
export const CAMPAIGN_GOAL_MAX = 10_000_000_000;
/** Longest campaign, in days (start and end included). */
export const CAMPAIGN_MAX_DAYS = 366;

const isoDate = z.string({ error: campaignTexts.dateRequired }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: campaignTexts.dateRequired }),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: campaignTexts.dateRequired,
  }),
);

/** Days from `from` to `to` (YYYY-MM-DD), counted as calendar days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** POST /api/giving/staff/campaigns and PUT /api/giving/staff/campaigns/:id. */
export const campaignRequestSchema = z
  .object({
    title: requiredText(campaignTexts.titleRequired, 120).check(z.refine((v) => v.length >= 3, { error: campaignTexts.titleRequired })),
    goal_amount: z.coerce
      .number({ error: campaignTexts.goalInvalid })
      .check(
        z.int({ error: campaignTexts.goalInvalid }),
        z.minimum(CAMPAIGN_GOAL_MIN, { error: campaignTexts.goalInvalid }),
        z.maximum(CAMPAIGN_GOAL_MAX, { error: campaignTexts.goalInvalid }),
      ),
    starts_on: isoDate,
    ends_on: isoDate,
    /** Public plain text: paragraphs separated by a blank line (no markup: the page prints it as text). */
    description: optionalText(CAMPAIGN_DESCRIPTION_MAX, { multiline: true }),
    image_src: imagePath,
    image_alt: optionalText(CAMPAIGN_IMAGE_ALT_MAX),
    monthly_counting: z._default(z.enum(monthlyCountings, { error: campaignTexts.monthlyCountingInvalid }), 'first_charge'),
  })
  .check(
    z.superRefine((v, issue) => {
      // An image always says what it shows, to whoever cannot see it.
      if (v.image_src && !v.image_alt) issue.addIssue({ code: 'custom', path: ['image_alt'], message: campaignTexts.imageAltRequired });
      const days = daysBetween(v.starts_on, v.ends_on);
      if (days < 0) issue.addIssue({ code: 'custom', path: ['ends_on'], message: campaignTexts.endBeforeStart });
      else if (days + 1 > CAMPAIGN_MAX_DAYS) issue.addIssue({ code: 'custom', path: ['ends_on'], message: campaignTexts.tooLong });
    }),
  );
export type CampaignRequest = z.input<typeof campaignRequestSchema>;
export type CampaignRequestBody = z.output<typeof campaignRequestSchema>;

export const campaignParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
export type CampaignParams = z.output<typeof campaignParamsSchema>;

export const staffCampaignSchema = z.extend(campaignProgressSchema, {
  id: z.int(),
  /** running: today is between its dates; upcoming; finished. */
  state: z.enum(['running', 'upcoming', 'finished']),
  monthly_counting: z.enum(monthlyCountings),
  updated_at: z.string(),
  updated_by: z.nullable(z.string()),
});
export type StaffCampaign = z.output<typeof staffCampaignSchema>;

/** GET /api/giving/staff/campaigns: every campaign, the latest first. */
export const staffCampaignsResponseSchema = z.object({ campaigns: z.array(staffCampaignSchema) });
export type StaffCampaignsResponse = z.output<typeof staffCampaignsResponseSchema>;

export const staffCampaignResponseSchema = z.object({ campaign: staffCampaignSchema });
export type StaffCampaignResponse = z.output<typeof staffCampaignResponseSchema>;

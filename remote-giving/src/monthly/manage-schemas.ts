import { z } from 'shared/schemas/zod';
import { monthlyTexts } from './schemas';

/**
 * The donor's manage link (#29): its schemas apart from the start's (./schemas.ts), so the donation page, which only
 * starts a monthly gift, does not build them when it loads (#33).
 */

/** The manage link's token (checked by the server: a malformed one is answered as an unknown one, 404). */
export const manageParamsSchema = z.object({ token: z.string().check(z.maxLength(200)) });

export const monthlyStatuses = ['pending', 'authorized', 'paused', 'cancelled'] as const;

/** GET /api/giving/monthly/manage/:token: the gift as the donor may see it, with its charges (newest first). */
export const manageResponseSchema = z.object({
  reference: z.string(),
  amount: z.int(),
  status: z.enum(monthlyStatuses),
  next_payment_date: z.nullable(z.string()),
  failing: z.boolean(),
  created_at: z.string(),
  cancelled_at: z.nullable(z.string()),
  charges: z.array(
    z.object({
      reference: z.string(),
      amount: z.int(),
      status: z.string(),
      date: z.nullable(z.string()),
    }),
  ),
});
export type ManageResponse = z.output<typeof manageResponseSchema>;

/** PUT …/:token/amount: the new monthly amount, whole COP (checked against the published bounds by the server). */
export const amountChangeSchema = z.object({
  amount: z.int({ error: monthlyTexts.amountRequired }).check(z.positive({ error: monthlyTexts.amountRequired })),
});

/** POST …/:token/cancel: one explicit confirmation (cancelling is final). */
export const cancelSchema = z.object({ confirm: z.literal(true, { error: monthlyTexts.confirmRequired }) });

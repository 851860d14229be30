import { z } from 'shared/schemas/zod';
import { donationSchema } from '../donation/schemas';

// Starting a monthly gift (#29): what the donation page sends and reads back, apart from ./schemas.ts (the monthly
// messages, which the page never shows: the server's answers carry them) and ./manage-schemas.ts (#33).

/** POST /api/giving/monthly: the one-time donation's form as is (same fields, amount rule and authorization with proof). */
export const monthlySchema = donationSchema;

/** The answer: where the donor authorizes the monthly charge with their card (the provider's hosted page). */
export const monthlyStartResponseSchema = z.object({
  init_point: z.string(),
  reference: z.string(),
  amount: z.int(),
});
export type MonthlyStartResponse = z.output<typeof monthlyStartResponseSchema>;

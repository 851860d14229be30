import { checkoutPreferenceSchema, paymentStatusResponseSchema } from '../payments/schemas';
import { z } from './zod';

/** POST /api/giving/contributions: the stored donation's checkout, the amount the server decided, and the claim secret. */
export const contributionResponseSchema = z.extend(checkoutPreferenceSchema, {
  success: z.literal(true),
  amount: z.int(),
  title: z.string(),
  claim_secret: z.string(),
});
export type ContributionResponse = z.output<typeof contributionResponseSchema>;

/** POST /api/giving/payments/status: the payment, and that it paid a donation (with its title), for the receipt. */
export const donationPaymentStatusResponseSchema = z.extend(paymentStatusResponseSchema, {
  concept: z.literal('donation'),
  title: z.string(),
});
export type DonationPaymentStatusResponse = z.output<typeof donationPaymentStatusResponseSchema>;

/** GET /api/giving/donation-bounds: the smallest and largest donation the server accepts, in whole COP (its settings). */
export const donationBoundsResponseSchema = z.object({
  min: z.int(),
  max: z.int(),
});
export type DonationBoundsResponse = z.output<typeof donationBoundsResponseSchema>;

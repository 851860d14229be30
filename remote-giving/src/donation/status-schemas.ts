import { paymentStatusResponseSchema } from 'shared/payments/schemas';
import { z } from 'shared/schemas/zod';

// Only the result pages and the server need this answer: apart from ./schemas.ts, which the donation page loads (#33).

/** POST /api/giving/payments/status: the payment, and that it paid a donation (with its title), for the receipt. */
export const donationPaymentStatusResponseSchema = z.extend(paymentStatusResponseSchema, {
  concept: z.literal('donation'),
  title: z.string(),
});
export type DonationPaymentStatusResponse = z.output<typeof donationPaymentStatusResponseSchema>;

import { z } from 'shared/schemas/zod';
import { amountChangeSchema, cancelSchema, manageResponseSchema } from '../monthly/manage-schemas';

/** Mis donaciones's messages (#29). */
export const mineTexts = {
  notVerified:
    'Verifica tu correo electrónico para ver tus donaciones: solo así sabemos que las donaciones hechas con esa dirección son tuyas. Usa el código que te enviamos al registrarte.',
  notFound: 'No encontramos esa donación mensual entre tus donaciones.',
} as const;

/** A monthly gift's reference (MEN-…), as Mis donaciones lists it; any other, or another person's, is answered 404. */
export const giftParamsSchema = z.object({ reference: z.string().check(z.maxLength(64)) });

/** A one-time donation that was approved (its status now says if it was later refunded). */
export const oneTimeDonationSchema = z.object({
  reference: z.string(),
  amount: z.int(),
  date: z.string(),
  status: z.string(),
});
export type OneTimeDonation = z.output<typeof oneTimeDonationSchema>;

/** GET /api/giving/mine: the signed-in donor's monthly gifts (as their manage link shows them) and one-time donations. */
export const myDonationsResponseSchema = z.object({
  monthly: z.array(manageResponseSchema),
  donations: z.array(oneTimeDonationSchema),
});
export type MyDonationsResponse = z.output<typeof myDonationsResponseSchema>;

export { amountChangeSchema, cancelSchema, manageResponseSchema };

import { defineOperation } from '../api/operation';
import { z } from '../schemas/zod';
import { claimSecretField } from './schemas';

/**
 * The account opened after an approved payment, declared once (#27): a payable's result page calls it from the paying
 * browser (remote-courses today), the account domain registers it (remote-account/src/mis-cursos/server/routes.ts). Part of the
 * payments kit because it crosses domains: a remote imports no other remote's declarations.
 */

/** POST /api/account/accounts/from-payment: the paying browser asks for the account of its approved enrolment. */
export const accountFromPaymentRequestSchema = z.object({
  payment_id: z.string().check(z.trim(), z.regex(/^\d{1,20}$/, { error: 'El identificador del pago no es válido.' })),
  external_reference: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, { error: 'La referencia del pago no es válida.' })),
  claim_secret: claimSecretField,
});
export type AccountFromPaymentRequest = z.output<typeof accountFromPaymentRequestSchema>;

/** The new account's sign-in name and temporary password (shown once; never e-mailed). */
export const accountFromPaymentResponseSchema = z.object({
  email: z.string(),
  temporary_password: z.string(),
});
export type AccountFromPaymentResponse = z.output<typeof accountFromPaymentResponseSchema>;

/** The account of an approved enrolment, asked from the paying browser with its claim (201, once). */
export const accountFromPaymentOperation = defineOperation({
  method: 'POST',
  path: '/api/account/accounts/from-payment',
  body: accountFromPaymentRequestSchema,
  response: accountFromPaymentResponseSchema,
  status: 201,
  summary: 'Crear la cuenta del estudiante tras un pago aprobado (verificado con la pasarela)',
});

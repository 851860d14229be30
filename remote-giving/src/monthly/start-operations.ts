import { defineOperation } from 'shared/api/operation';
import { monthlySchema, monthlyStartResponseSchema } from './start-schemas';

/**
 * Starting a monthly gift (#29), the one monthly operation the donation page calls: declared here so that page does
 * not load the manage link's operations and schemas (#33). `monthlyOperations.start` is this declaration.
 */
export const monthlyStart = defineOperation({
  method: 'POST',
  path: '/api/giving/monthly',
  body: monthlySchema,
  response: monthlyStartResponseSchema,
  status: 201,
  summary: 'Registrar una donación mensual y crear su autorización con tarjeta (el monto lo decide el servidor)',
});

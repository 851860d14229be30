import { defineOperation } from 'shared/api/operation';
import { checkoutRequestSchema, checkoutResponseSchema, leadResponseSchema } from './checkout-schemas';
import { enrolmentSchema } from './schemas';

/**
 * The courses' public enrolment, declared once (#27, shared/api/operation): server/enrolments.ts registers it with
 * `route`, the enrolment page calls it, tests answer it (`on`). Here in an operations module because a path lives only
 * there; no React and no server imports, so both sides import this module. A visitor's page downloads the declarations
 * it calls and no others (a declaration's schemas are code, and a module is bundled whole): the next cohorts are in
 * ../cohorts/operations.ts (every course page), the result pages' calls in ../payments/operations.ts, the panel's in
 * ../enrolments/operations.ts and ../cohorts/staff-operations.ts.
 */
export const coursesOperations = {
  /**
   * Stores the enrolment and answers its claim (201). A signed-in student's enrolment is tied to their account from
   * the token, when one is sent (`useVisitorOperationCall`); the honeypot travels with the body and is refused before
   * validation.
   */
  createLead: defineOperation({
    method: 'POST',
    path: '/api/courses/leads',
    body: enrolmentSchema,
    response: leadResponseSchema,
    status: 201,
    summary: 'Guardar la inscripción de un estudiante',
  }),
  /** The hosted checkout of an enrolment this browser created (its claim), priced by the catalogue; holds a seat. */
  checkout: defineOperation({
    method: 'POST',
    path: '/api/courses/checkout',
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
    summary: 'Crear el pago de una inscripción (el precio sale del catálogo)',
  }),
};

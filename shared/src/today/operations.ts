import { defineOperation } from '../api/operation';
import { allStaffRoles } from '../staff-roles';
import { todayResponseSchema } from './schemas';

const made = new Map<string, ReturnType<typeof operationOf>>();

const operationOf = (domain: string) =>
  defineOperation({
    method: 'GET',
    path: `/api/${domain}/staff/hoy` as const,
    response: todayResponseSchema,
    // Every member has a "Hoy": each item is filtered by the roles that may act on it.
    roles: allStaffRoles,
    tags: [domain],
    summary: 'Hoy: lo que espera y lo urgente en este dominio, según los roles de quien pregunta',
  });

/** A domain's part of "Hoy", the same object every time for the same domain. */
export function todayOperationOf(domain: string) {
  let op = made.get(domain);
  if (!op) {
    op = operationOf(domain);
    made.set(domain, op);
  }
  return op;
}

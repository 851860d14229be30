import { defineOperation } from '../api/operation';
import { z } from '../schemas/zod';
import { allStaffRoles, type StaffRole } from '../staff-roles';

/**
 * "My notices" (#28): a member's own choice of an e-mail for each new PQRSF or data-subject request of their roles,
 * besides the daily digest. Stored with the member (staff.members, the account domain's directory), answered by the
 * account API at `/api/account/staff/yo/avisos` and shown on "Hoy" (the shell's page), which can only call what
 * shared/ declares: so it is declared here, next to "Hoy"'s own operation.
 */

/** The roles that receive a new case's notice: atención (PQRSF) and datos (data-subject requests). */
export const newCaseNoticeRoles: readonly StaffRole[] = ['atencion', 'datos'];

export const myNoticesSchema = z.object({
  /** An e-mail for each new PQRSF or data request of the member's roles. */
  newCases: z.boolean(),
});
export type MyNotices = z.output<typeof myNoticesSchema>;

const path = '/api/account/staff/yo/avisos' as const;

export const myNoticesOperations = {
  /** The member's own choice (any member: it is theirs; only atención and datos have anything to receive). */
  read: defineOperation({
    method: 'GET',
    path,
    response: myNoticesSchema,
    roles: allStaffRoles,
    summary: 'Panel: mis avisos por correo (cada PQRSF o solicitud de datos personales nueva de mis secciones)',
  }),
  /** Changes the member's own choice, never another's (audited as account.staff.notices). */
  update: defineOperation({
    method: 'PUT',
    path,
    body: myNoticesSchema,
    response: myNoticesSchema,
    roles: allStaffRoles,
    summary: 'Panel: activar o desactivar mis avisos por correo de cada caso nuevo de mis secciones',
  }),
};

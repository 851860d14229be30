import { defineOperation } from 'shared/api/operation';
import {
  acceptStaffInvitationResponseSchema,
  acceptStaffInvitationSchema,
  staffInvitationPreviewRequestSchema,
  staffInvitationPreviewSchema,
} from './schemas';

/**
 * The two public steps of an invitation to the team, declared once (#27): no session (the e-mailed link's token is the
 * proof, always in the body, never in a URL). Only the panel's gate calls them, so they live apart from the visitor's
 * pages' operations (mis-cursos/operations.ts).
 */
export const staffInvitationOperations = {
  /** What an invitation link offers: address, roles, whether the address already has an account. */
  preview: defineOperation({
    method: 'POST',
    path: '/api/account/staff-invitation/preview',
    body: staffInvitationPreviewRequestSchema,
    response: staffInvitationPreviewSchema,
    summary: 'Panel: lo que ofrece un enlace de invitación al equipo (correo, roles, si el correo ya tiene cuenta)',
  }),
  /** The invited person's name and new password, with the link's token. */
  accept: defineOperation({
    method: 'POST',
    path: '/api/account/staff-invitation/accept',
    body: acceptStaffInvitationSchema,
    response: acceptStaffInvitationResponseSchema,
    status: 201,
    summary:
      'Panel: aceptar una invitación al equipo con el enlace del correo; la cuenta del correo invitado queda con la contraseña elegida y sin sesiones anteriores',
  }),
};

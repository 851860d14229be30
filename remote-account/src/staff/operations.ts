import { defineOperation } from 'shared/api/operation';
import { AUDIT_PAGE_SIZE, auditQuerySchema, auditResponseSchema, staffMembersResponseSchema } from './team-schemas';
import {
  inviteStaffRequestSchema,
  inviteStaffResponseSchema,
  removeStaffResponseSchema,
  resetSecondFactorResponseSchema,
  staffMemberParamsSchema,
  staffMeResponseSchema,
  updateStaffRolesRequestSchema,
  updateStaffRolesResponseSchema,
} from './schemas';

/**
 * The panel's own operations, declared once (#27): who is signed in, and for administration the team and the audit
 * log. server/staff.ts registers them with `route`; the panel's screens call them through the staff client.
 */

/** Administration: the team and the audit log. */
const admin = ['admin'] as const;

export const accountStaffOperations = {
  /**
   * "Who am I": any member, also before the second factor's setup, so it declares no roles (its scope's
   * `withoutSecondFactor` is the check). The gate calls it with the identity client's token (`useSignedInCall`): the
   * staff session it provides does not exist yet.
   */
  me: defineOperation({
    method: 'GET',
    path: '/api/account/staff/me',
    response: staffMeResponseSchema,
    summary: 'Panel: el miembro del equipo que inició sesión, con sus roles (también antes de configurar el segundo factor)',
  }),
  /** Every member of the team, every pending invitation and former members (audited as account.staff.read). */
  members: defineOperation({
    method: 'GET',
    path: '/api/account/staff/members',
    response: staffMembersResponseSchema,
    roles: admin,
    summary: 'Panel (administración): miembros del equipo e invitaciones pendientes, con sus roles',
  }),
  /** Invites an address with its roles; the one-time link travels only by e-mail. */
  invite: defineOperation({
    method: 'POST',
    path: '/api/account/staff/members',
    body: inviteStaffRequestSchema,
    response: inviteStaffResponseSchema,
    status: 201,
    roles: admin,
    summary:
      'Panel (administración): invitar a una persona al equipo con sus roles; el enlace de un solo uso va solo a su correo (renueva una invitación pendiente)',
  }),
  /** What a member or a pending invitation may do. */
  updateRoles: defineOperation({
    method: 'PUT',
    path: '/api/account/staff/members/:email/roles',
    params: staffMemberParamsSchema,
    body: updateStaffRolesRequestSchema,
    response: updateStaffRolesResponseSchema,
    roles: admin,
    summary: 'Panel (administración): cambiar los roles de un miembro o de una invitación pendiente',
  }),
  /** Takes a member out of the team or cancels an invitation (409 for oneself). */
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/account/staff/members/:email',
    params: staffMemberParamsSchema,
    response: removeStaffResponseSchema,
    roles: admin,
    summary:
      'Panel (administración): retirar a una persona del equipo o cancelar su invitación; sus sesiones se cierran (su cuenta del sitio se conserva)',
  }),
  /**
   * A colleague lost their authenticator: it is turned off, every session ends, and their next sign-in sets up a new
   * one (409 for oneself; the colleague is told by e-mail).
   */
  resetSecondFactor: defineOperation({
    method: 'POST',
    path: '/api/account/staff/members/:email/second-factor/reset',
    params: staffMemberParamsSchema,
    response: resetSecondFactorResponseSchema,
    roles: admin,
    summary:
      'Panel (administración): restablecer la verificación en dos pasos de otra persona del equipo; se cierran sus sesiones y al entrar configura una aplicación autenticadora nueva',
  }),
  /** 50 rows, newest first, older than `before`, optionally one kind of action (audited as account.staff.audit.read). */
  audit: defineOperation({
    method: 'GET',
    path: '/api/account/staff/audit',
    query: auditQuerySchema,
    response: auditResponseSchema,
    roles: admin,
    summary: `Panel (administración): registro de auditoría, del más reciente al más antiguo, ${AUDIT_PAGE_SIZE} por página`,
  }),
};

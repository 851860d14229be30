import { allStaffRoles } from 'shared/staff-roles';
import { emailField, personNameField } from 'shared/schemas/common';
import { staffRoleField, staffRoleInvalid } from './team-schemas';
import { z } from 'shared/schemas/zod';
import { accountTexts, passwordField, passwordsMatch } from '../account-schemas';

/**
 * Requests and answers of the account remote's staff API (`/api/account/staff/...`, `/api/account/staff-invitation/...`):
 * the panel's sign-in, who is in, invitations, roles and the authenticator. The team listing and the audit log's answers
 * are in shared/schemas/staff-api.
 */

export const staffTexts = {
  emailRequired: 'Escribe el correo de la persona que quieres invitar.',
  emailInvalid: 'Escribe un correo válido, por ejemplo nombre@fundacion.org.',
  codeRequired: 'Escribe el código de 6 dígitos de tu aplicación autenticadora.',
  codeInvalid: 'El código tiene 6 dígitos, sin letras.',
  signInEmailRequired: 'Escribe tu correo.',
  signInEmailInvalid: 'Escribe un correo válido, por ejemplo nombre@fundacion.org.',
  passwordRequired: 'Escribe tu contraseña.',
  nameRequired: 'Escribe el nombre de la persona.',
  ownNameRequired: 'Escribe tu nombre.',
  rolesRequired: 'Elige al menos un rol.',
  roleInvalid: staffRoleInvalid,
  invitationInvalid: 'El enlace de la invitación no es válido.',
} as const;

const roleField = staffRoleField;
/** One or more of the panel's roles, each once. */
const rolesField = z.array(roleField, { error: staffTexts.rolesRequired }).check(
  z.minLength(1, { error: staffTexts.rolesRequired }),
  z.maxLength(allStaffRoles.length, { error: staffTexts.roleInvalid }),
  z.refine((roles) => new Set(roles).size === roles.length, { error: staffTexts.roleInvalid }),
);
/** The one-time token of an invitation link (base64url of 32 bytes). */
const invitationTokenField = z
  .string({ error: staffTexts.invitationInvalid })
  .check(z.maxLength(64, { error: staffTexts.invitationInvalid }));

/** The panel's sign-in form (to the identity provider, not to this API). */
export const staffSignInSchema = z.object({
  email: emailField(staffTexts.signInEmailRequired, staffTexts.signInEmailInvalid),
  password: z.string({ error: staffTexts.passwordRequired }).check(z.minLength(1, { error: staffTexts.passwordRequired })),
});

/** GET /staff/me: the member signed in, also before the second factor is set up (`totp: false`). */
export const staffMeResponseSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  roles: z.array(roleField),
  /** Holds the administration role. */
  admin: z.boolean(),
  /** An authenticator app is set up: false means the panel shows the setup before anything else. */
  totp: z.boolean(),
});
export type StaffMeResponse = z.output<typeof staffMeResponseSchema>;

/** POST /staff/members (administration): the invitation form's fields too. */
export const inviteStaffRequestSchema = z.object({
  email: emailField(staffTexts.emailRequired, staffTexts.emailInvalid),
  name: personNameField(staffTexts.nameRequired),
  roles: rolesField,
});
export type InviteStaffInput = z.input<typeof inviteStaffRequestSchema>;
export type InviteStaffRequest = z.output<typeof inviteStaffRequestSchema>;

/**
 * The invitation's outcome: the link went to the invited address only (never to this answer). `existingAccount`: the
 * address already has an account on the site, which the person takes over by accepting (choosing a new password);
 * `renewed`: an earlier pending invitation's link stopped working.
 */
export const inviteStaffResponseSchema = z.object({
  email: z.string(),
  roles: z.array(roleField),
  existingAccount: z.boolean(),
  renewed: z.boolean(),
  /** The address was a removed member: a fresh invitation, as for anyone new. */
  rejoined: z.boolean(),
  expiresAt: z.string(),
});
export type InviteStaffResponse = z.output<typeof inviteStaffResponseSchema>;

/** PUT /staff/members/:email/roles (administration); `name`, when sent, is set too (older rows have none). */
export const updateStaffRolesRequestSchema = z.object({ roles: rolesField, name: z.optional(personNameField(staffTexts.nameRequired)) });
export type UpdateStaffRolesRequest = z.output<typeof updateStaffRolesRequestSchema>;
export const updateStaffRolesResponseSchema = z.object({ email: z.string(), roles: z.array(roleField) });
export type UpdateStaffRolesResponse = z.output<typeof updateStaffRolesResponseSchema>;

/** POST /staff-invitation/preview: what an invitation link offers, before it is accepted (the token in the body). */
export const staffInvitationPreviewRequestSchema = z.object({ token: invitationTokenField });
export const staffInvitationPreviewSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  roles: z.array(roleField),
  invitedBy: z.nullable(z.string()),
  expiresAt: z.string(),
  existingAccount: z.boolean(),
});
export type StaffInvitationPreviewResponse = z.output<typeof staffInvitationPreviewSchema>;

/** POST /staff-invitation/accept: the invited person's name and the password they will sign in with. */
export const acceptStaffInvitationSchema = z
  .object({
    token: invitationTokenField,
    name: personNameField(staffTexts.ownNameRequired),
    password: passwordField(),
    confirmPassword: z.string({ error: accountTexts.passwordsDiffer }),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, passwordsMatch));
export type AcceptStaffInvitationInput = z.input<typeof acceptStaffInvitationSchema>;
export const acceptStaffInvitationResponseSchema = z.object({ email: z.string(), roles: z.array(roleField) });
export type AcceptStaffInvitationResponse = z.output<typeof acceptStaffInvitationResponseSchema>;

/** DELETE /staff/members/:email (admins). */
export const staffMemberParamsSchema = z.object({
  email: emailField(staffTexts.emailRequired, staffTexts.emailInvalid),
});
export const removeStaffResponseSchema = z.object({ email: z.string(), removed: z.literal(true), wasInvitation: z.boolean() });
export type RemoveStaffResponse = z.output<typeof removeStaffResponseSchema>;

/** POST /staff/members/:email/second-factor/reset (admins): the colleague's authenticator is off, their sessions ended. */
export const resetSecondFactorResponseSchema = z.object({ email: z.string(), reset: z.literal(true) });
export type ResetSecondFactorResponse = z.output<typeof resetSecondFactorResponseSchema>;

/** The 6-digit code an authenticator app shows (sign-in challenge and setup); spaces a person types are dropped. */
export const totpCodeSchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string({ error: staffTexts.codeRequired }),
      z.transform((v) => v.replace(/\s+/g, '')),
    ),
    z.string().check(z.minLength(1, { error: staffTexts.codeRequired }), z.regex(/^\d{6}$/, { error: staffTexts.codeInvalid })),
  ),
});

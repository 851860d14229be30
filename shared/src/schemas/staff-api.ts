import { allStaffRoles, type StaffRole } from '../staff-roles';
import { accountTexts, passwordField, passwordsMatch } from './account';
import { emailField, personNameField } from './common';
import { z } from './zod';

/** Requests and answers of the account remote's staff API (`/api/account/staff/...`): who is in, the team, the audit. */

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
  roleInvalid: 'Ese rol no existe en el panel.',
  invitationInvalid: 'El enlace de la invitación no es válido.',
} as const;

const roleField = z.enum(allStaffRoles as [StaffRole, ...StaffRole[]], { error: staffTexts.roleInvalid });
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

/** One member of the team, or a pending invitation, as the admin screen lists them. */
export const staffMemberSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  roles: z.array(roleField),
  /** `invited`: the invitation's link has not been used yet. */
  status: z.enum(['invited', 'active']),
  enabled: z.boolean(),
  totp: z.boolean(),
  /** The account's address is no longer the invited one: the panel refuses it until invited again. */
  emailChanged: z.boolean(),
  /** ISO 8601. */
  invitedAt: z.string(),
  invitedBy: z.nullable(z.string()),
  acceptedAt: z.nullable(z.string()),
  invitationExpiresAt: z.nullable(z.string()),
});
export type StaffMemberRow = z.output<typeof staffMemberSchema>;

/** GET /staff/members (administration). */
export const staffMembersResponseSchema = z.object({ members: z.array(staffMemberSchema) });
export type StaffMembersResponse = z.output<typeof staffMembersResponseSchema>;

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
  expiresAt: z.string(),
});
export type InviteStaffResponse = z.output<typeof inviteStaffResponseSchema>;

/** PUT /staff/members/:email/roles (administration). */
export const updateStaffRolesRequestSchema = z.object({ roles: rolesField });
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

/** Rows per page of the audit listing. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /staff/audit?before=&action= (admins): newest first, `before` a row id (keyset), `action` an action prefix. */
export const auditQuerySchema = z.object({
  before: z.optional(
    z.string().check(
      // 18 digits always fit the audit log's bigint id; 19 may not.
      z.regex(/^\d{1,18}$/, { error: 'El cursor de la página no es válido.' }),
    ),
  ),
  action: z.optional(
    z.string().check(z.regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, { error: 'El tipo de acción no es válido.' }), z.maxLength(64)),
  ),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  actorEmail: z.string(),
  actorRoles: z.array(roleField),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
  /** The action in plain words, as its domain declares it (#27); null for an action no domain names (the screen shows its code). */
  actionLabel: z.nullable(z.string()),
  /** The kind of record in plain words; null when no domain names it. */
  entityLabel: z.nullable(z.string()),
});
export type AuditRowView = z.output<typeof auditRowSchema>;

/**
 * `nextBefore` is the cursor of the next (older) page, null on the last one; `kinds` the kinds of action to filter by
 * (an action prefix and its label, every domain's, in the site's order).
 */
export const auditResponseSchema = z.object({
  rows: z.array(auditRowSchema),
  nextBefore: z.nullable(z.string()),
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type AuditResponse = z.output<typeof auditResponseSchema>;

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

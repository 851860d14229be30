import { emailField } from './common';
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
} as const;

/** The panel's sign-in form (to the identity provider, not to this API). */
export const staffSignInSchema = z.object({
  email: emailField(staffTexts.signInEmailRequired, staffTexts.signInEmailInvalid),
  password: z.string({ error: staffTexts.passwordRequired }).check(z.minLength(1, { error: staffTexts.passwordRequired })),
});

/** GET /staff/me: the member signed in, also before the second factor is set up (`totp: false`). */
export const staffMeResponseSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  admin: z.boolean(),
  /** An authenticator app is set up: false means the panel shows the setup before anything else. */
  totp: z.boolean(),
});
export type StaffMeResponse = z.output<typeof staffMeResponseSchema>;

/** One member of the team as the admin screen lists them. */
export const staffMemberSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  admin: z.boolean(),
  enabled: z.boolean(),
  totp: z.boolean(),
  /** ISO 8601, when the account was created; null when the identity provider does not say. */
  createdAt: z.nullable(z.string()),
});
export type StaffMemberRow = z.output<typeof staffMemberSchema>;

/** GET /staff/members (admins). */
export const staffMembersResponseSchema = z.object({ members: z.array(staffMemberSchema) });
export type StaffMembersResponse = z.output<typeof staffMembersResponseSchema>;

/** POST /staff/members (admins): the invitation form's fields too. */
export const inviteStaffRequestSchema = z.object({
  email: emailField(staffTexts.emailRequired, staffTexts.emailInvalid),
  admin: z._default(z.boolean(), false),
});
export type InviteStaffInput = z.input<typeof inviteStaffRequestSchema>;
export type InviteStaffRequest = z.output<typeof inviteStaffRequestSchema>;

/**
 * The invitation's outcome. The temporary password of a new account is never here: it travels only by e-mail to the
 * invited address. `created` is false when the address already had an account (a visitor's): it keeps its password.
 */
export const inviteStaffResponseSchema = z.object({ email: z.string(), admin: z.boolean(), created: z.boolean() });
export type InviteStaffResponse = z.output<typeof inviteStaffResponseSchema>;

/** DELETE /staff/members/:email (admins). */
export const staffMemberParamsSchema = z.object({
  email: emailField(staffTexts.emailRequired, staffTexts.emailInvalid),
});
export const removeStaffResponseSchema = z.object({ email: z.string(), removed: z.literal(true) });
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
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRowView = z.output<typeof auditRowSchema>;

/** `nextBefore` is the cursor of the next (older) page, null on the last one. */
export const auditResponseSchema = z.object({ rows: z.array(auditRowSchema), nextBefore: z.nullable(z.string()) });
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

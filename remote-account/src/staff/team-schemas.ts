import { allStaffRoles, type StaffRole } from 'shared/staff-roles';
import { z } from 'shared/schemas/zod';

/**
 * The panel's team listing and audit log as the account API answers them (`GET /api/account/staff/members`,
 * `GET /api/account/staff/audit`), and the role field they share with the rest of the staff API, whose other requests
 * and answers (sign-in, who is in, invitations, roles, authenticator) are the account remote's
 * (remote-account/src/staff/schemas.ts).
 */

/** The message of a role the panel does not have. */
export const staffRoleInvalid = 'Ese rol no existe en el panel.';
/** One of the panel's roles. */
export const staffRoleField = z.enum(allStaffRoles as [StaffRole, ...StaffRole[]], { error: staffRoleInvalid });

/** One member of the team, or a pending invitation, as the admin screen lists them. */
export const staffMemberSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  roles: z.array(staffRoleField),
  /** `invited`: the invitation's link has not been used yet; `removed`: a former member, who may be invited again. */
  status: z.enum(['invited', 'active', 'removed']),
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
  actorRoles: z.array(staffRoleField),
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

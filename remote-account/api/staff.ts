import type { FastifyInstance, FastifyRequest } from 'fastify';
import { site } from 'shared/config/site';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from 'shared/staff-groups';
import {
  AUDIT_PAGE_SIZE,
  auditQuerySchema,
  auditResponseSchema,
  inviteStaffRequestSchema,
  inviteStaffResponseSchema,
  removeStaffResponseSchema,
  staffMemberParamsSchema,
  staffMembersResponseSchema,
  staffMeResponseSchema,
  type AuditQuery,
  type AuditResponse,
  type InviteStaffRequest,
  type InviteStaffResponse,
  type RemoveStaffResponse,
  type StaffMembersResponse,
  type StaffMeResponse,
} from 'shared/schemas/staff-api';
import type { z } from 'shared/schemas/zod';
import type { ApiContext } from 'shared/server/api-contract';
import { readAudit, recordAudit } from 'shared/server/audit';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import { renderMail, SECRET } from 'shared/server/mail-template';
import { registerStaffRoutes, staffOf, type StaffUser } from 'shared/server/staff-guard';

export const staffApiTexts = {
  alreadyMember: 'Esta persona ya es parte del equipo.',
  notMember: 'No encontramos a esa persona en el equipo.',
  notYourself: 'No puedes retirarte a ti mismo del equipo. Pide a otro administrador que lo haga.',
  directoryDown: 'No pudimos hablar con el servicio de cuentas. Intenta de nuevo en unos minutos.',
} as const;

/** Actions this remote writes to the audit log. */
export const staffAuditActions = { invite: 'account.staff.invite', remove: 'account.staff.remove' } as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A directory call that failed is the identity provider's trouble, answered 502 in Spanish, never as a 500. */
async function askDirectory<T>(request: FastifyRequest, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    request.log.error({ err }, `staff directory ${what} failed`);
    throw new ApiError(502, 'identity_provider_error', staffApiTexts.directoryDown);
  }
}

/** The invitation e-mail: the temporary password goes to the invited address only, never back to the admin's screen. */
function invitationMail(ctx: ApiContext, to: string, by: StaffUser, admin: boolean, temporaryPassword: string | null) {
  const inviter = by.name ? `${by.name} (${by.email})` : by.email;
  const role = admin ? 'como administrador del panel' : 'al panel del equipo';
  const paragraphs = [`${inviter} te dio acceso ${role} de ${site.name}, donde el equipo atiende las PQRSF y la comunidad.`];
  if (temporaryPassword) {
    paragraphs.push(
      'Entra con tu correo y esta contraseña temporal. Al entrar te pediremos una contraseña nueva y configurar la verificación en dos pasos con una aplicación autenticadora en tu celular (por ejemplo Google Authenticator o Microsoft Authenticator).',
      'Si no esperabas esta invitación, ignora este correo y avísanos respondiendo a él.',
    );
  } else {
    paragraphs.push(
      'Entra con el correo y la contraseña de la cuenta que ya tienes en el sitio. La primera vez te pediremos configurar la verificación en dos pasos con una aplicación autenticadora en tu celular.',
    );
  }
  return renderMail({
    to,
    subject: 'Tu acceso al panel de la fundación',
    greeting: 'Hola:',
    paragraphs,
    details: temporaryPassword
      ? [
          ['Correo', to],
          // Redacted from the stored copy once delivered (mailer.ts).
          ['Contraseña temporal', temporaryPassword, SECRET],
        ]
      : [],
    action: { label: 'Entrar al panel', url: `${ctx.settings.publicOrigin}/equipo`, public: true },
  });
}

/**
 * The panel's own staff API: who is signed in (also before the second factor, so the panel can offer its setup),
 * and for admins the team (invite, remove) and the audit log. Every route passes the staff guard first.
 */
export async function registerAccountStaffRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // "Who am I": the only route a member without an authenticator may reach.
  await registerStaffRoutes(
    app,
    ctx,
    async (scope) => {
      scope.get<{ Reply: StaffMeResponse }>(
        '/me',
        {
          schema: {
            tags: ['account'],
            summary: 'Panel: el miembro del equipo que inició sesión (también antes de configurar el segundo factor)',
            response: { 200: zodResponse(staffMeResponseSchema) },
          },
        },
        async (request) => {
          const me = staffOf(request);
          return { email: me.email, name: me.name, admin: me.admin, totp: me.totp };
        },
      );
    },
    { withoutSecondFactor: true },
  );

  await registerStaffRoutes(
    app,
    ctx,
    async (scope) => {
      scope.get<{ Reply: StaffMembersResponse }>(
        '/members',
        {
          schema: {
            tags: ['account'],
            summary: 'Panel (administración): miembros del equipo',
            response: { 200: zodResponse(staffMembersResponseSchema) },
          },
        },
        async (request) => {
          const members = await askDirectory(request, 'list', () => ctx.staff.list());
          return {
            members: members.map((m) => ({
              email: m.email,
              name: m.name,
              admin: m.admin,
              enabled: m.enabled,
              totp: m.totp,
              createdAt: m.createdAt,
            })),
          };
        },
      );

      scope.post<{ Body: InviteStaffRequest; Reply: { 201: InviteStaffResponse } }>(
        '/members',
        {
          schema: {
            tags: ['account'],
            summary: 'Panel (administración): invitar a una persona al equipo; la contraseña temporal va solo por correo',
            body: zodSchema(inviteStaffRequestSchema),
            response: { 201: zodResponse(inviteStaffResponseSchema) },
          },
        },
        async (request, reply) => {
          const me = staffOf(request);
          const { email, admin } = request.body;
          const standing = await askDirectory(request, 'standing', () => ctx.staff.standing(email));
          if (standing?.groups.includes(STAFF_GROUP)) throw new ApiError(409, 'already_member', staffApiTexts.alreadyMember);
          const added = await askDirectory(request, 'add', () => ctx.staff.add(email, { admin }));
          // The change lives in the identity provider, not in this database: the audit row follows it, then the e-mail
          // (the mail outbox keeps and retries it).
          await recordAudit(ctx.db, me, {
            action: staffAuditActions.invite,
            entity: 'staff_member',
            entityId: email,
            detail: { admin, newAccount: added.created },
          });
          await ctx.mailer.send(invitationMail(ctx, email, me, admin, added.temporaryPassword));
          return reply.status(201).send({ email, admin, created: added.created });
        },
      );

      scope.delete<{ Params: z.output<typeof staffMemberParamsSchema>; Reply: RemoveStaffResponse }>(
        '/members/:email',
        {
          schema: {
            tags: ['account'],
            summary: 'Panel (administración): retirar a una persona del equipo (su cuenta del sitio se conserva)',
            params: zodSchema(staffMemberParamsSchema),
            response: { 200: zodResponse(removeStaffResponseSchema) },
          },
        },
        async (request) => {
          const me = staffOf(request);
          const { email } = request.params;
          if (sameAddress(email, me.email) || sameAddress(email, me.username))
            throw new ApiError(409, 'cannot_remove_self', staffApiTexts.notYourself);
          const standing = await askDirectory(request, 'standing', () => ctx.staff.standing(email));
          if (!standing?.groups.includes(STAFF_GROUP)) throw new ApiError(404, 'not_member', staffApiTexts.notMember);
          const removed = await askDirectory(request, 'remove', () => ctx.staff.remove(email));
          if (!removed) throw new ApiError(404, 'not_member', staffApiTexts.notMember);
          await recordAudit(ctx.db, me, {
            action: staffAuditActions.remove,
            entity: 'staff_member',
            entityId: email,
            detail: { wasAdmin: standing.groups.includes(STAFF_ADMIN_GROUP) },
          });
          return { email, removed: true as const };
        },
      );

      scope.get<{ Querystring: AuditQuery; Reply: AuditResponse }>(
        '/audit',
        {
          schema: {
            tags: ['account'],
            summary: `Panel (administración): registro de auditoría, del más reciente al más antiguo, ${AUDIT_PAGE_SIZE} por página`,
            querystring: zodSchema(auditQuerySchema),
            response: { 200: zodResponse(auditResponseSchema) },
          },
        },
        async (request) => {
          const { before, action } = request.query;
          // One row more than a page tells whether an older page exists without a count.
          const rows = await readAudit(ctx.db, {
            limit: AUDIT_PAGE_SIZE + 1,
            before: before ?? null,
            ...(action ? { actionPrefix: action } : {}),
          });
          const page = rows.slice(0, AUDIT_PAGE_SIZE);
          return {
            rows: page.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
            nextBefore: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
          };
        },
      );
    },
    { admin: true },
  );
}

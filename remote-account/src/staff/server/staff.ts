import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { site } from 'shared/foundation/site';
import { AUDIT_PAGE_SIZE, type AuditResponse, type StaffMembersResponse } from '../team-schemas';
import type { ApiContext, StaffInvitationMessage, StaffInvitationProblem } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { readAudit, recordAudit } from 'shared/server/audit';
import { awsErrorName } from 'shared/server/cognito-admin';
import { ApiError } from 'shared/server/http';
import { renderMail } from 'shared/server/mail-template';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffMessages, staffOf, staffRead } from 'shared/server/staff-guard';
import { allStaffRoles, staffRoleNames } from 'shared/staff-roles';
import { myNoticesOperations as noticeOps } from 'shared/today/notice-operations';
import { accountStaffOperations as ops } from '../operations';
import { staffInvitationOperations as invitationOps } from '../invitation-operations';

export const staffApiTexts = {
  alreadyMember: 'Esta persona ya es parte del equipo. Para cambiar lo que puede hacer, cambia sus roles.',
  notMember: 'No encontramos a esa persona en el equipo ni entre las invitaciones pendientes.',
  notYourself: 'No puedes retirarte a ti mismo del equipo. Pide a otro administrador que lo haga.',
  ownAdmin: 'No puedes quitarte a ti mismo la administración. Pide a otro administrador que lo haga.',
  ownSecondFactor:
    'No puedes restablecer tu propia verificación en dos pasos desde aquí. Si perdiste tu celular, pide a otro administrador que lo haga.',
  ownRoles: 'No puedes darte roles a ti mismo: pide a otro administrador que te los asigne. Sí puedes dejar los que ya no necesitas.',
  directoryDown: 'No pudimos hablar con el servicio de cuentas. Intenta de nuevo en unos minutos.',
  invitationInvalid:
    'Este enlace de invitación no es válido: ya se usó, se renovó o se canceló. Pide a quien te invitó que te envíe una invitación nueva.',
  invitationExpired: 'Esta invitación venció. Pide a quien te invitó que te envíe una nueva.',
  passwordRefused: 'El servicio de cuentas no aceptó esta contraseña: usa al menos 8 caracteres con mayúsculas, minúsculas y números.',
} as const;

/** Actions this remote writes to the audit log about the team. */
export const staffAuditActions = {
  invite: 'account.staff.invite',
  accept: 'account.staff.accept',
  roles: 'account.staff.roles',
  remove: 'account.staff.remove',
  secondFactorReset: 'account.staff.second_factor.reset',
  read: 'account.staff.read',
  auditRead: 'account.staff.audit.read',
  notices: 'account.staff.notices',
} as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A directory call that failed is the identity provider's trouble, answered 502 in Spanish, never as a 500. */
async function askDirectory<T>(request: FastifyRequest, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    request.log.error({ err }, `staff directory ${what} failed`);
    throw new ApiError(502, 'identity_provider_error', staffApiTexts.directoryDown);
  }
}

const invitationProblem = (problem: StaffInvitationProblem) =>
  problem === 'expired'
    ? new ApiError(410, 'invitation_expired', staffApiTexts.invitationExpired)
    : new ApiError(404, 'invitation_invalid', staffApiTexts.invitationInvalid);

const bogotaDateTime = (date: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' }).format(date);

/**
 * The invitation e-mail: a one-time link to the invited address only (never to the admin's screen). Whoever opens it
 * proves they read this mailbox; only then is an account bound and a role granted.
 */
export function invitationMail(origin: string, invitation: StaffInvitationMessage) {
  const by = invitation.by ? `${invitation.by} te invitó` : 'Te invitamos';
  const paragraphs = [
    `${by} al panel del equipo de ${site.name}, con el rol de ${staffRoleNames(invitation.roles)}.`,
    'Abre el enlace de abajo para aceptar: elegirás la contraseña con la que entrarás y configurarás la verificación en dos pasos con una aplicación autenticadora en tu celular (por ejemplo Google Authenticator o Microsoft Authenticator).',
  ];
  if (invitation.existingAccount)
    paragraphs.push(
      'Este correo ya tiene una cuenta en el sitio: al aceptar, la contraseña que elijas será la nueva de esa cuenta y se cerrarán todas sus sesiones abiertas. Tus cursos y donaciones no cambian.',
    );
  paragraphs.push(
    `El enlace sirve una sola vez y hasta el ${bogotaDateTime(invitation.expiresAt)}. Si no esperabas esta invitación, ignora este correo: sin abrir el enlace nadie recibe acceso.`,
  );
  return renderMail({
    to: invitation.to,
    subject: 'Tu invitación al panel de la fundación',
    greeting: `Hola, ${invitation.name}:`,
    paragraphs,
    action: { label: 'Aceptar la invitación', url: `${origin}/equipo/invitacion#${invitation.token}` },
  });
}

/**
 * Tells a member that an admin reset their second factor: who did it and what comes next, no secret and no link (a
 * message that only informs cannot be turned into a phishing lure by whoever can trigger it). If the member did not
 * ask for it, they know to raise it at once.
 */
export function secondFactorResetMail(to: { email: string; name: string | null }, by: string, at: Date) {
  return renderMail({
    to: to.email,
    subject: 'Restablecimos tu verificación en dos pasos del panel',
    greeting: `Hola, ${to.name ?? to.email}:`,
    paragraphs: [
      `${by} restableció la verificación en dos pasos de tu cuenta del panel del equipo de ${site.name} el ${bogotaDateTime(at)}.`,
      'Cerramos todas tus sesiones abiertas. La próxima vez que entres al panel con tu correo y tu contraseña te pediremos configurar de nuevo una aplicación autenticadora en tu celular; la que tenías ya no sirve para entrar.',
      'Si no pediste este cambio, avisa de inmediato a un administrador de la fundación.',
    ],
  });
}

/**
 * The invitation's two public steps (no session: the link's token is the proof), both rate-limited like every public
 * write and both by POST, so the token never sits in a URL or a log: what the link offers, and its acceptance.
 */
export const staffInvitationRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    invitationOps.preview,
    async (request) => {
      const found = await askDirectory(request, 'invitation', () => ctx.staff.invitation(request.body.token));
      if (typeof found === 'string') throw invitationProblem(found);
      return found;
    },
    { config: publicWrite(ctx.settings) },
  );

  route(
    app,
    invitationOps.accept,
    async (request) => {
      const { token, name, password } = request.body;
      let accepted;
      try {
        accepted = await ctx.staff.accept(token, { name: name.trim(), password });
      } catch (err) {
        if (awsErrorName(err) === 'InvalidPasswordException')
          throw new ApiError(400, 'validation_error', staffApiTexts.passwordRefused, { password: staffApiTexts.passwordRefused });
        request.log.error({ err }, 'staff invitation acceptance failed');
        throw new ApiError(502, 'identity_provider_error', staffApiTexts.directoryDown);
      }
      if (typeof accepted === 'string') throw invitationProblem(accepted);
      // The new member is the actor of their own acceptance, with the account the directory just bound.
      await recordAudit(
        ctx.db,
        { sub: accepted.sub, email: accepted.email, roles: accepted.roles },
        {
          action: staffAuditActions.accept,
          entity: 'staff_member',
          entityId: accepted.email,
          detail: { roles: accepted.roles, existingAccount: accepted.existingAccount, displacedAccounts: accepted.displaced },
        },
      );
      return { email: accepted.email, roles: accepted.roles };
    },
    { config: publicWrite(ctx.settings) },
  );
};

/**
 * The panel's own staff API: who is signed in (also before the second factor, so the panel can offer its setup),
 * and for administration the team (invite, roles, remove) and the audit log.
 */
export async function registerAccountStaffRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // "Who am I": the only route a member without an authenticator may reach.
  await registerStaffRoutes(app, ctx, { withoutSecondFactor: true }, async (scope) => {
    route(scope, ops.me, async (request) => {
      const me = staffOf(request);
      return { email: me.email, name: me.name, roles: me.roles, admin: me.admin, totp: me.totp };
    });
  });

  // A member's own settings: any member, only their own (the token's account names the row; no address is taken).
  await registerStaffRoutes(app, ctx, { roles: allStaffRoles }, async (scope) => {
    route(scope, noticeOps.read, async (request) => {
      const me = staffOf(request);
      const standing = await askDirectory(request, 'standing', () => ctx.staff.standing(me));
      // The guard just found this member; gone since then is a session that ended.
      if (!standing) throw new ApiError(401, 'unauthorized', staffMessages.signIn);
      return { newCases: standing.notifyNewCases };
    });

    route(scope, noticeOps.update, async (request) => {
      const me = staffOf(request);
      const { newCases } = request.body;
      const changed = await askDirectory(request, 'notices', () => ctx.staff.setNotifyNewCases(me.sub, newCases));
      if (!changed) throw new ApiError(401, 'unauthorized', staffMessages.signIn);
      await recordAudit(ctx.db, me, {
        action: staffAuditActions.notices,
        entity: 'staff_member',
        entityId: me.email,
        detail: { newCases, before: changed.before },
      });
      return { newCases };
    });
  });

  await registerStaffRoutes(app, ctx, { roles: ['admin'] }, async (scope) => {
    route(
      scope,
      ops.members,
      // Former members too: the screen offers to invite them again.
      async (request) => ({ members: await askDirectory(request, 'list', () => ctx.staff.list({ includeRemoved: true })) }),
      {
        config: staffRead<StaffMembersResponse>({
          action: staffAuditActions.read,
          entity: 'staff_member',
          count: (body) => body.members.length,
        }),
      },
    );

    route(scope, ops.invite, async (request) => {
      const me = staffOf(request);
      const { email, name, roles } = request.body;
      const address = email.trim().toLowerCase();
      const invited = await askDirectory(request, 'invite', () => ctx.staff.invite({ email: address, name, roles, invitedBy: me.email }));
      if (invited === 'already_member') throw new ApiError(409, 'already_member', staffApiTexts.alreadyMember);
      // The invitation lives in this database: its audit row follows it, then the e-mail (the outbox keeps and retries it).
      await recordAudit(ctx.db, me, {
        action: staffAuditActions.invite,
        entity: 'staff_member',
        entityId: address,
        detail: { roles, existingAccount: invited.existingAccount, renewed: invited.renewed, rejoined: invited.rejoined },
      });
      await ctx.mailer.send(
        invitationMail(ctx.settings.publicOrigin, {
          to: address,
          name: name.trim(),
          roles,
          by: me.name ? `${me.name} (${me.email})` : me.email,
          token: invited.token,
          expiresAt: invited.expiresAt,
          existingAccount: invited.existingAccount,
        }),
      );
      return {
        email: address,
        roles,
        existingAccount: invited.existingAccount,
        renewed: invited.renewed,
        rejoined: invited.rejoined,
        expiresAt: invited.expiresAt.toISOString(),
      };
    });

    route(scope, ops.updateRoles, async (request) => {
      const me = staffOf(request);
      const address = request.params.email.trim().toLowerCase();
      const { roles, name } = request.body;
      // The team keeps at least the admin who is acting (nobody locks themselves out of administration), and nobody
      // grants themselves more: another admin does that, so every widening of a member's rights has a second person.
      if (sameAddress(address, me.email)) {
        if (!roles.includes('admin')) throw new ApiError(409, 'own_admin', staffApiTexts.ownAdmin);
        if (roles.some((r) => !me.roles.includes(r))) throw new ApiError(409, 'own_roles', staffApiTexts.ownRoles);
      }
      const changed = await askDirectory(request, 'roles', () => ctx.staff.setRoles(address, roles, name));
      if (!changed) throw new ApiError(404, 'not_member', staffApiTexts.notMember);
      await recordAudit(ctx.db, me, {
        action: staffAuditActions.roles,
        entity: 'staff_member',
        entityId: address,
        // Whether the name changed, not the name: the row says what was done, the team list says who is who.
        detail: { before: changed.before, roles, ...(changed.nameChanged ? { nameChanged: true } : {}) },
      });
      return { email: address, roles };
    });

    route(scope, ops.remove, async (request) => {
      const me = staffOf(request);
      const address = request.params.email.trim().toLowerCase();
      if (sameAddress(address, me.email) || sameAddress(address, me.username))
        throw new ApiError(409, 'cannot_remove_self', staffApiTexts.notYourself);
      const removed = await askDirectory(request, 'remove', () => ctx.staff.remove(address));
      if (!removed) throw new ApiError(404, 'not_member', staffApiTexts.notMember);
      await recordAudit(ctx.db, me, {
        action: staffAuditActions.remove,
        entity: 'staff_member',
        entityId: address,
        detail: { roles: removed.roles, wasInvitation: removed.status === 'invited' },
      });
      return { email: address, removed: true as const, wasInvitation: removed.status === 'invited' };
    });

    route(scope, ops.resetSecondFactor, async (request) => {
      const me = staffOf(request);
      const address = request.params.email.trim().toLowerCase();
      // Nobody removes their own second factor with the very session it protects: a stolen session could otherwise
      // swap in the thief's authenticator. Another admin does it, so a reset always has a second person.
      if (sameAddress(address, me.email) || sameAddress(address, me.username))
        throw new ApiError(409, 'own_second_factor', staffApiTexts.ownSecondFactor);
      const reset = await askDirectory(request, 'second factor reset', () => ctx.staff.resetSecondFactor(address));
      if (!reset) throw new ApiError(404, 'not_member', staffApiTexts.notMember);
      await recordAudit(ctx.db, me, {
        action: staffAuditActions.secondFactorReset,
        entity: 'staff_member',
        entityId: address,
        detail: { roles: reset.roles, hadSecondFactor: reset.hadSecondFactor },
      });
      await ctx.mailer.send(secondFactorResetMail(reset, me.name ? `${me.name} (${me.email})` : me.email, new Date()));
      return { email: address, reset: true as const };
    });

    route(
      scope,
      ops.audit,
      async (request) => {
        const { before, action } = request.query;
        // One row more than a page tells whether an older page exists without a count.
        const rows = await readAudit(ctx.db, {
          limit: AUDIT_PAGE_SIZE + 1,
          before: before ?? null,
          ...(action ? { actionPrefix: action } : {}),
        });
        const page = rows.slice(0, AUDIT_PAGE_SIZE);
        // Each domain names its own actions and records in its manifest (#27); the site's composition brings them here.
        const labels = ctx.domains.audit;
        return {
          rows: page.map((r) => ({
            ...r,
            at: new Date(r.at).toISOString(),
            actionLabel: labels.actions[r.action] ?? null,
            entityLabel: labels.entities[r.entity] ?? null,
          })),
          nextBefore: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
          kinds: [...labels.kinds],
        };
      },
      {
        config: staffRead<AuditResponse>({ action: staffAuditActions.auditRead, entity: 'audit_log', count: (body) => body.rows.length }),
      },
    );
  });
}

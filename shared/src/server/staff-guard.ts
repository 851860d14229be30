import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdsAnyRole, staffRoleNames, type StaffRole } from '../staff-roles';
import type { ApiContext } from './api-contract';
import { recordAudit } from './audit';
import { ApiError } from './http';
import { bearerToken } from './identity';

/** A member of the team making a request, as the guard established it. */
export interface StaffUser {
  sub: string;
  username: string;
  email: string;
  name: string | null;
  roles: StaffRole[];
  /** Holds the administration role (members, roles, audit). */
  admin: boolean;
  /** False only on the routes that let a member in before the second factor is set up. */
  totp: boolean;
}

export const staffMessages = {
  signIn: 'Inicia sesión con tu cuenta del equipo para continuar.',
  notStaff: 'Esta sección es solo para el equipo de la fundación.',
  secondFactor: 'Configura la verificación en dos pasos (aplicación autenticadora) para entrar al panel.',
  signInAgain:
    'Por seguridad cerramos las sesiones anteriores de tu cuenta. Vuelve a iniciar sesión con tu contraseña y el código de tu aplicación autenticadora.',
  emailChanged:
    'El correo de tu cuenta ya no es el de tu invitación al panel, así que tu acceso quedó suspendido. Pide a un administrador que te invite de nuevo.',
  roleNeeded: (roles: readonly StaffRole[]) =>
    `Tu rol en el panel no incluye esta sección (se necesita: ${staffRoleNames(roles)}). Pide a un administrador que te lo asigne.`,
  unavailable: 'No pudimos comprobar tu acceso al panel. Intenta de nuevo en unos minutos.',
} as const;

/**
 * What a staff route needs, declared by every route (least privilege): the roles that may call it, any of them. Only
 * the panel's own "who am I" and the second factor's setup take `withoutSecondFactor` instead.
 */
export type StaffCheck = { roles: readonly StaffRole[] } | { withoutSecondFactor: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff route's own roles, instead of its scope's (registerStaffRoutes). */
    staffRoles?: readonly StaffRole[];
    /** The route reads personal data: each answer leaves an audit row (see `staffRead`). */
    staffRead?: StaffReadSpec;
  }
}

/**
 * Establishes that the request comes from a current member of the team: a valid ID token (401 without one) of the
 * account the member's invitation bound (`sub`), whose verified address is still the invited one; a sign-in later than
 * the member's last security event (acceptance, second factor, removal: 401 otherwise, sign in again); an enabled
 * account with a TOTP second factor; and one of the roles the route needs (403 otherwise).
 */
export async function requireStaff(
  ctx: Pick<ApiContext, 'identity' | 'staff'>,
  request: FastifyRequest,
  check: StaffCheck,
): Promise<StaffUser> {
  const token = bearerToken(request);
  const user = token ? await ctx.identity.verify(token) : null;
  if (!user) throw new ApiError(401, 'unauthorized', staffMessages.signIn);
  // An address nobody proved they read (an account opened after someone else's payment) is no way into the panel.
  if (!user.emailVerified) throw new ApiError(403, 'forbidden', staffMessages.notStaff);
  let standing;
  try {
    standing = await ctx.staff.standing(user);
  } catch (err) {
    request.log.error({ err }, 'staff standing lookup failed');
    throw new ApiError(503, 'staff_check_unavailable', staffMessages.unavailable);
  }
  if (!standing?.enabled || standing.sub !== user.sub) throw new ApiError(403, 'forbidden', staffMessages.notStaff);
  if (standing.emailChanged || standing.email !== user.email) throw new ApiError(403, 'email_changed', staffMessages.emailChanged);
  if (standing.sessionsSince !== null && user.authTime <= Math.floor(standing.sessionsSince / 1000))
    throw new ApiError(401, 'sign_in_again', staffMessages.signInAgain);
  if (!standing.totp && !('withoutSecondFactor' in check)) throw new ApiError(403, 'second_factor_required', staffMessages.secondFactor);
  const roles = request.routeOptions.config.staffRoles ?? ('roles' in check ? check.roles : null);
  if (roles && !holdsAnyRole(standing.roles, roles)) throw new ApiError(403, 'role_required', staffMessages.roleNeeded(roles));
  return {
    sub: user.sub,
    username: user.username,
    email: standing.email,
    name: standing.name ?? user.name,
    roles: standing.roles,
    admin: standing.roles.includes('admin'),
    totp: standing.totp,
  };
}

const staffByRequest = new WeakMap<FastifyRequest, StaffUser>();

const staffScopes = new WeakMap<FastifyInstance, StaffCheck>();

/**
 * The check of the `registerStaffRoutes` a scope is in (a plugin inside it too), or null outside any: every route there
 * passes the guard. shared/server/operation-routes checks it.
 */
export function staffScopeCheck(scope: FastifyInstance): StaffCheck | null {
  // Fastify's encapsulated plugins are objects whose prototype is their parent's instance.
  for (let s: unknown = scope; s && typeof s === 'object'; s = Object.getPrototypeOf(s)) {
    const check = staffScopes.get(s as FastifyInstance);
    if (check) return check;
  }
  return null;
}

/** The member the scope's guard let in (only inside `registerStaffRoutes`). */
export function staffOf(request: FastifyRequest): StaffUser {
  const staff = staffByRequest.get(request);
  if (!staff) throw new Error('staffOf() outside a staff scope');
  return staff;
}

/** A staff route that reads personal data: the audit row its answers leave (no visitor's data in it, see audit.ts). */
export interface StaffReadSpec {
  /** `<domain>.<thing>.read`, e.g. `courses.enrolment.read`. */
  action: string;
  /** The kind of record read (audit.ts `entity`). */
  entity: string;
  /** Which record, for a single record's page (its reference or radicado). */
  id?: (request: FastifyRequest) => string | null;
  /** How many records the answer shows (rows of a list page); a single record counts 1. */
  count?: (body: unknown) => number;
}

/**
 * Marks a staff route as a read of personal data: each successful answer is preceded by an audit row saying who read
 * what and how many, and which filters they used (their names, never a searched text: that may be a person's name).
 */
export function staffRead<Body>(spec: {
  action: string;
  entity: string;
  id?: (request: FastifyRequest) => string | null;
  count?: (body: Body) => number;
}): { staffRead: StaffReadSpec } {
  // The route's own reply type is what `count` receives; Fastify hands it over untyped.
  return { staffRead: spec as StaffReadSpec };
}

/** A staff read's record id from a path parameter (`staffRead({ id: pathParam('radicado') })`). */
export const pathParam =
  (name: string) =>
  (request: FastifyRequest): string | null =>
    (request.params as Record<string, string | undefined> | undefined)?.[name] ?? null;

/** The names a route's JSON schema declares for its query string or body (what a client cannot invent). */
const declaredNames = (schema: unknown): Set<string> =>
  new Set(
    schema && typeof schema === 'object' && 'properties' in schema && schema.properties && typeof schema.properties === 'object'
      ? Object.keys(schema.properties)
      : [],
  );

/** Which declared filters a staff read used: their names only (a value may be a person's name or document). */
const usedFilters = (request: FastifyRequest): string[] => {
  const schema = request.routeOptions.schema;
  const from = (value: unknown, declared: Set<string>) =>
    value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
          .filter(([k, v]) => declared.has(k) && v !== undefined && v !== null && v !== '')
          .map(([k]) => k)
      : [];
  const query = from(request.query, declaredNames(schema?.querystring));
  const body = request.method === 'GET' ? [] : from(request.body, declaredNames(schema?.body));
  return [...new Set([...query, ...body])].sort();
};

/**
 * Registers a domain's staff API under `<api prefix>/staff/`: every route in it passes `requireStaff` with the
 * scope's `check` (a route may name its own roles with `config: { staffRoles }`) and is documented with the roles it
 * needs; routes marked with `staffRead` leave their read in the audit log.
 */
export async function registerStaffRoutes(
  app: FastifyInstance,
  ctx: Pick<ApiContext, 'identity' | 'staff' | 'db'>,
  check: StaffCheck,
  routes: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(
    async (scope) => {
      staffScopes.set(scope, check);
      scope.addHook('onRoute', (route) => {
        const roles = route.config?.staffRoles ?? ('roles' in check ? check.roles : null);
        const needs = roles ? `Roles: ${staffRoleNames(roles)}.` : 'Cualquier miembro, también antes de configurar el segundo factor.';
        route.schema = {
          ...route.schema,
          security: [{ bearer: [] }],
          description: [route.schema?.description, needs].filter(Boolean).join(' '),
        };
      });
      scope.addHook('onRequest', async (request) => {
        staffByRequest.set(request, await requireStaff(ctx, request, check));
      });
      // A read's audit row is written before its answer leaves (a failed write fails the answer): from the answer's
      // object when it has one (rows counted), else (a PDF, a stream) just before sending it.
      const audited = new WeakSet<FastifyRequest>();
      const auditRead = async (request: FastifyRequest, rows: number) => {
        const read = request.routeOptions.config.staffRead;
        if (!read || audited.has(request)) return;
        audited.add(request);
        await recordAudit(ctx.db, staffOf(request), {
          action: read.action,
          entity: read.entity,
          entityId: read.id?.(request) ?? null,
          detail: { rows, filters: usedFilters(request) },
        });
      };
      scope.addHook('preSerialization', async (request, reply, payload: unknown) => {
        const read = request.routeOptions.config.staffRead;
        if (read && reply.statusCode < 300) await auditRead(request, read.count ? read.count(payload) : 1);
        return payload;
      });
      scope.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode < 300) await auditRead(request, 1);
        return payload;
      });
      await routes(scope);
    },
    { prefix: '/staff' },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from '../staff-groups';
import type { ApiContext } from './api-contract';
import { ApiError } from './http';
import { bearerToken } from './identity';

/** A member of the team making a request, as the guard established it. */
export interface StaffUser {
  sub: string;
  username: string;
  email: string;
  name: string | null;
  admin: boolean;
  /** False only on the routes that let a member in before the second factor is set up. */
  totp: boolean;
}

export const staffMessages = {
  signIn: 'Inicia sesión con tu cuenta del equipo para continuar.',
  notStaff: 'Esta sección es solo para el equipo de la fundación.',
  secondFactor: 'Configura la verificación en dos pasos (aplicación autenticadora) para entrar al panel.',
  adminOnly: 'Solo un administrador del panel puede hacer esto.',
  unavailable: 'No pudimos comprobar tu acceso al panel. Intenta de nuevo en unos minutos.',
} as const;

export interface StaffCheck {
  /** Only `equipo-admin` members. */
  admin?: boolean;
  /** Let a member in before TOTP is set up (the panel's own "who am I" and the setup screens). */
  withoutSecondFactor?: boolean;
}

/**
 * Establishes that the request comes from a current member of the team: a valid ID token (401 without one), the
 * `equipo` group both in the token and in the directory now (403 otherwise, so a removal takes effect within the
 * standing cache, not at the token's expiry), an enabled account and a TOTP second factor.
 */
export async function requireStaff(
  ctx: Pick<ApiContext, 'identity' | 'staff'>,
  request: FastifyRequest,
  check: StaffCheck = {},
): Promise<StaffUser> {
  const token = bearerToken(request);
  const user = token ? await ctx.identity.verify(token) : null;
  if (!user) throw new ApiError(401, 'unauthorized', staffMessages.signIn);
  if (!user.groups.includes(STAFF_GROUP)) throw new ApiError(403, 'forbidden', staffMessages.notStaff);
  // An address nobody proved they read (an account opened after someone else's payment) is no way into the panel,
  // even if an admin later invites that address: whoever planted the account would get the invitee's access.
  if (!user.emailVerified) throw new ApiError(403, 'forbidden', staffMessages.notStaff);
  let standing;
  try {
    standing = await ctx.staff.standing(user.username);
  } catch (err) {
    request.log.error({ err }, 'staff standing lookup failed');
    throw new ApiError(503, 'staff_check_unavailable', staffMessages.unavailable);
  }
  if (!standing?.enabled || !standing.groups.includes(STAFF_GROUP)) throw new ApiError(403, 'forbidden', staffMessages.notStaff);
  const admin = standing.groups.includes(STAFF_ADMIN_GROUP) && user.groups.includes(STAFF_ADMIN_GROUP);
  if (!standing.totp && !check.withoutSecondFactor) throw new ApiError(403, 'second_factor_required', staffMessages.secondFactor);
  if (check.admin && !admin) throw new ApiError(403, 'forbidden', staffMessages.adminOnly);
  return { sub: user.sub, username: user.username, email: user.email, name: user.name, admin, totp: standing.totp };
}

const staffByRequest = new WeakMap<FastifyRequest, StaffUser>();

/** The member the scope's guard let in (only inside `registerStaffRoutes`). */
export function staffOf(request: FastifyRequest): StaffUser {
  const staff = staffByRequest.get(request);
  if (!staff) throw new Error('staffOf() outside a staff scope');
  return staff;
}

/**
 * Registers a domain's staff API under `<api prefix>/staff/`: every route in it passes `requireStaff` before its
 * handler and is documented as needing a bearer token. Routes that need more (admins) call `requireStaff` again
 * with `{ admin: true }` or use `check` for the whole scope.
 */
export async function registerStaffRoutes(
  app: FastifyInstance,
  ctx: Pick<ApiContext, 'identity' | 'staff'>,
  routes: (scope: FastifyInstance) => Promise<void>,
  check: StaffCheck = {},
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: [{ bearer: [] }] };
      });
      scope.addHook('onRequest', async (request) => {
        staffByRequest.set(request, await requireStaff(ctx, request, check));
      });
      await routes(scope);
    },
    { prefix: '/staff' },
  );
}

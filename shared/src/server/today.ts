import type { FastifyPluginAsync } from 'fastify';
import { holdsAnyRole, allStaffRoles, type StaffRole } from '../staff-roles';
import { todayOperationOf } from '../today/operations';
import type { TodayItem } from '../today/schemas';
import type { ApiContext } from './api-contract';
import { route } from './operation-routes';
import { registerStaffRoutes, staffOf } from './staff-guard';

/**
 * A feature's part of "Hoy" (#28; the kit's browser half is shared/today/schemas): what it counts for the roles that
 * act on it. A count, not records: no personal data leaves, so "Hoy" leaves no read audit row.
 */
export interface TodaySource {
  /** Who sees its items: the roles that may act on them (the same its section's routes declare). */
  roles: readonly StaffRole[];
  /**
   * Its items now, zero counts included (the page says "nada pendiente" from them). `me` is the member asking, for the
   * counts of what is theirs ("Mis casos"): an address, never a record of someone else.
   */
  read(ctx: ApiContext, now: Date, me: TodayMember): Promise<readonly TodayItem[]>;
}

/** Who asks for "Hoy": the signed-in member's address (the staff guard ties it to the account). */
export interface TodayMember {
  email: string;
}

/**
 * A domain's `GET /api/<domain>/staff/hoy`: every member may ask (the second factor set up), and gets the items of the
 * sources their roles may act on, in the sources' order. A source that fails is left out and logged, so one broken
 * count does not hide the rest.
 */
export function todayRoutes(
  domain: string,
  sources: readonly TodaySource[],
  /** The clock (tests); the sources take Bogotá's date of it as today. */
  clock: () => Date = () => new Date(),
): FastifyPluginAsync<ApiContext> {
  return async (app, ctx) => {
    await registerStaffRoutes(app, ctx, { roles: allStaffRoles }, async (staff) => {
      route(staff, todayOperationOf(domain), async (request) => {
        const me = staffOf(request);
        const now = clock();
        const mine = sources.filter((s) => holdsAnyRole(me.roles, s.roles));
        const read = await Promise.all(
          mine.map((s) =>
            s.read(ctx, now, { email: me.email }).catch((err: unknown) => {
              request.log.error({ err, domain }, 'today: a source failed');
              return [];
            }),
          ),
        );
        return { items: read.flat() };
      });
    });
  };
}

/** "1 PQRSF vencida" / "3 PQRSF vencidas": a count and its words in the singular or the plural. */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

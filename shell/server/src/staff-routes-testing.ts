// Test support: the composed gateway with every staff route it registered, as its guard sees them (the roles each
// route needs and whether it is an audited read), for tests that walk all of them (issue #26, rows 6 and 9).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestIdentity } from 'shared/server/identity-testing';
import type { ApiModule } from 'shared/server/api-module';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { staffScopeCheck, type StaffCheck, type StaffReadSpec } from 'shared/server/staff-guard';
import { fakeStaffAccounts, seatInDatabase, staffToken } from 'shared/server/staff-testing';
import type { StaffRole } from 'shared/staff-roles';
import { sql } from 'kysely';
import type { Gateway } from './app';
import { testGateway } from './testing';
import { remoteNames } from '../../../site/routes';
import { siteApi } from '../../api';

export interface StaffRouteInfo {
  method: string;
  /** Fastify's path (`/api/giving/staff/donations/:reference`). */
  url: string;
  /** The roles the guard asks of this route (the declaration's, else its scope's); null: any member (`withoutSecondFactor`). */
  roles: readonly StaffRole[] | null;
  /** The audit row its answers leave, if it is marked as a read of personal data. */
  read: StaffReadSpec | undefined;
}

export interface StaffTestGateway {
  gw: Gateway;
  routes: StaffRouteInfo[];
  /** The authorization header of a new member holding exactly `roles` (seated in the gateway's own directory). */
  memberWith(roles: readonly StaffRole[], label?: string): Promise<{ email: string; headers: { authorization: string } }>;
  /** Rows of the staff audit log now. */
  auditRows(): Promise<number>;
  /** Messages in the mail outbox now. */
  outboxRows(): Promise<number>;
}

/** The gateway built from the remotes' own API modules, each wrapped to observe the routes it registers. */
export async function staffTestGateway(): Promise<StaffTestGateway> {
  const identity = createTestIdentity();
  const accounts = fakeStaffAccounts();
  const seen: Array<{ route: RouteOptions; check: StaffCheck | null }> = [];
  const apis: ApiModule[] = [];
  // As the gateway loads them (app.ts importApi): by package name, so the shell names no remote at compile time; and the
  // site's own API (#28), which the gateway always serves.
  const modules = [];
  for (const name of remoteNames) modules.push(((await import(`remote-${name}/server`)) as { default: ApiModule }).default);
  modules.push(siteApi);
  for (const api of modules) {
    apis.push({
      ...api,
      plugin: async (scope, ctx) => {
        // Hooks run in the context the route is registered in (`this`), so the staff scope's check is found from it;
        // the staff scope's own onRoute hook runs after this one on the same object (route.schema.security).
        scope.addHook('onRoute', function (this: FastifyInstance, route) {
          seen.push({ route, check: staffScopeCheck(this) });
        });
        await api.plugin(scope, ctx);
      },
    });
  }
  const gw = await testGateway(
    { writeLimit: { max: 1_000_000, timeWindow: 60_000 } },
    {},
    {
      apis,
      payments: new FakePaymentProvider(),
      identity: identity.verifier,
      staff: (db) => databaseStaffDirectory(db, accounts),
    },
  );
  const routes: StaffRouteInfo[] = seen
    .filter(({ check }) => check !== null)
    .flatMap(({ route, check }) =>
      [route.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          roles: route.config?.staffRoles ?? (check && 'roles' in check ? check.roles : null),
          read: route.config?.staffRead,
        })),
    );
  let seated = 0;
  return {
    gw,
    routes,
    async memberWith(roles, label = 'miembro') {
      // PostgreSQL's test database outlives a run: an address of this run's own.
      const email = `${label}-${++seated}-${Date.now()}@fundacion.org`;
      await seatInDatabase(gw.database.db, accounts, { email, roles: [...roles] });
      return { email, headers: { authorization: `Bearer ${staffToken(identity, { email })}` } };
    },
    async auditRows() {
      const { rows } = await sql<{ n: string }>`select count(*) as n from staff.audit_log`.execute(gw.database.db);
      return Number(rows[0]?.n ?? 0);
    },
    async outboxRows() {
      const { rows } = await sql<{ n: string }>`select count(*) as n from mail.outbox`.execute(gw.database.db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** A staff route's URL with every path parameter filled (`:kind` and the like get `value`). */
export const staffUrl = (url: string, value = 'abc123') => url.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(value));

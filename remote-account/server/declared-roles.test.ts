import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { operationPath, type AnyOperation } from 'shared/api/operation';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { allStaffRoles, staffRoleNames, type StaffRole } from 'shared/staff-roles';
import { accountStaffOperations } from '../src/staff/operations';
import { dataRequestsStaffOperations } from '../src/data-requests/staff-operations';
import { createAccountApi } from './index';

/**
 * The roles each account staff operation declares are the ones the server enforces (#27). Before the declarations the
 * roles were their scope's only (`registerStaffRoutes`), and nothing checked that a member of the team without the
 * data-requests role is refused each of those routes; these cases come from the declarations themselves, so an
 * operation added later is covered too.
 */

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
const seated = (roles: StaffRole[]) => {
  const email = `${roles.join('-')}@fundacion.org`;
  staff.seat({ username: email, roles });
  return staffToken(identity, { email });
};
/** One member per role, holding only that role. */
const tokens = Object.fromEntries(allStaffRoles.map((role) => [role, seated([role])])) as Record<StaffRole, string>;

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi(), { identity: identity.verifier, staff });
});
afterAll(async () => api.close());

const declared: Array<[string, AnyOperation]> = [
  ...Object.entries(accountStaffOperations).map(([name, op]): [string, AnyOperation] => [`account.${name}`, op]),
  ...Object.entries(dataRequestsStaffOperations).map(([name, op]): [string, AnyOperation] => [`dataRequests.${name}`, op]),
];

const callAs = (op: AnyOperation, token: string) =>
  api.app.inject({
    method: op.method,
    url: operationPath(op, { email: 'otra@fundacion.org', radicado: 'DP-2026-000001', id: '1' }),
    headers: { authorization: `Bearer ${token}` },
    // An empty body: a member let in gets a validation error or a refusal of the case, never a change.
    ...(op.body ? { payload: {} } : {}),
  });

describe('account staff operations: the declared roles are the enforced ones', () => {
  it('declares administration for the team and the audit, the data-requests role for the requests, none for "who am I"', () => {
    const roles = Object.fromEntries(declared.map(([name, op]) => [name, op.roles ?? null]));
    expect(roles).toEqual({
      'account.me': null,
      'account.members': ['admin'],
      'account.invite': ['admin'],
      'account.updateRoles': ['admin'],
      'account.remove': ['admin'],
      'account.resetSecondFactor': ['admin'],
      'account.audit': ['admin'],
      ...Object.fromEntries(Object.keys(dataRequestsStaffOperations).map((name) => [`dataRequests.${name}`, ['datos']])),
    });
  });

  it('refuses every member without a declared role (403 role_required, naming it) and lets a holder past the guard', async () => {
    for (const [name, op] of declared) {
      if (!op.roles) continue;
      for (const role of allStaffRoles) {
        const res = await callAs(op, tokens[role]);
        if (op.roles.includes(role)) {
          expect({ name, role, guarded: [401, 403].includes(res.statusCode) }).toEqual({ name, role, guarded: false });
        } else {
          expect({ name, role, status: res.statusCode, error: res.json<{ error: string }>().error }).toEqual({
            name,
            role,
            status: 403,
            error: 'role_required',
          });
          expect(res.json<{ message: string }>().message).toContain(`(se necesita: ${staffRoleNames(op.roles)})`);
        }
      }
    }
    expect(await api.mailer.list(5)).toEqual([]);
  });

  it('lets any member ask "who am I", whatever their roles', async () => {
    for (const role of allStaffRoles) {
      const res = await callAs(accountStaffOperations.me, tokens[role]);
      expect({ role, status: res.statusCode, roles: res.json<{ roles: string[] }>().roles }).toEqual({ role, status: 200, roles: [role] });
    }
  });
});

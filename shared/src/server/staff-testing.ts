// Test support: the team as the identity provider would report it, in memory, and ID tokens for its members.
import type { StaffDirectory, StaffMember, StaffStanding } from './api-contract';
import type { TestIdentity } from './identity-testing';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from '../staff-groups';

export interface TestStaffDirectory extends StaffDirectory {
  /** Puts a member in the directory directly (`totp: false` for one who has not set up the second factor). */
  seat(member: { username: string; email?: string; admin?: boolean; totp?: boolean; enabled?: boolean }): void;
  /** Every call to `add`, in order, with the password it handed out. */
  readonly added: { email: string; admin: boolean; temporaryPassword: string | null }[];
}

/** An in-memory directory: user names are e-mail addresses, as the site's pool uses them. */
export function createTestStaffDirectory(): TestStaffDirectory {
  const members = new Map<string, StaffMember>();
  const added: TestStaffDirectory['added'] = [];
  const standingOf = (m: StaffMember): StaffStanding => ({
    enabled: m.enabled,
    groups: m.admin ? [STAFF_GROUP, STAFF_ADMIN_GROUP] : [STAFF_GROUP],
    totp: m.totp,
  });
  return {
    added,
    seat({ username, email, admin = false, totp = true, enabled = true }) {
      members.set(username.toLowerCase(), {
        username,
        email: email ?? username,
        name: null,
        admin,
        enabled,
        totp,
        createdAt: new Date().toISOString(),
      });
    },
    async standing(username) {
      const m = members.get(username.toLowerCase());
      return m ? standingOf(m) : null;
    },
    async list() {
      return [...members.values()].sort((a, b) => a.email.localeCompare(b.email));
    },
    async add(email, { admin, name }) {
      const key = email.trim().toLowerCase();
      const existing = members.get(key);
      const temporaryPassword = existing ? null : 'Temporal2345';
      members.set(key, {
        username: key,
        email: key,
        name: name ?? existing?.name ?? null,
        admin,
        enabled: true,
        totp: existing?.totp ?? false,
        createdAt: existing?.createdAt ?? new Date().toISOString(),
      });
      added.push({ email: key, admin, temporaryPassword });
      return { created: !existing, temporaryPassword };
    },
    async remove(email) {
      return members.delete(email.trim().toLowerCase());
    },
  };
}

/**
 * An ID token of a team member, with the groups claim Cognito puts in it. The directory must also know the member
 * (`seat`) for the guard to let them in: the token alone is not enough, by design.
 */
export function staffToken(identity: TestIdentity, member: { email: string; admin?: boolean; groups?: string[] }): string {
  const groups = member.groups ?? (member.admin ? [STAFF_GROUP, STAFF_ADMIN_GROUP] : [STAFF_GROUP]);
  return identity.token({ email: member.email }, { 'cognito:username': member.email, 'cognito:groups': groups });
}

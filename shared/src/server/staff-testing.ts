// Test support: the team as the site's directory would report it, in memory, and ID tokens for its members; and a
// fake of the identity provider's admin side for tests of the directory itself (invitations).
import type { StaffAccounts, StaffDirectory, StaffIdentityAccount, StaffStanding } from './api-contract';
import type { SiteDb } from './database';
import type { TestIdentity } from './identity-testing';
import { allStaffRoles, type StaffRole } from '../staff-roles';

/** Every role but administration: what a seated member holds unless a test says otherwise. */
export const workingRoles: StaffRole[] = allStaffRoles.filter((r) => r !== 'admin');

/** The `sub` a test member's account has (staffToken uses the same), so the guard's account check holds. */
export const testSub = (email: string) => `sub-${email.trim().toLowerCase()}`;

export interface SeatedMember {
  username: string;
  email?: string;
  /** Adds the administration role. */
  admin?: boolean;
  /** The member's roles (default: every role but administration, plus it with `admin`). */
  roles?: StaffRole[];
  totp?: boolean;
  enabled?: boolean;
  /** Epoch ms of the member's last security event: tokens from a sign-in at or before its second are refused. */
  sessionsSince?: number | null;
  /** The member's choice of an e-mail for each new case of their roles (default on, as the site's table has it). */
  notifyNewCases?: boolean;
}

export interface TestStaffDirectory extends StaffDirectory {
  /** Puts an active member in the directory directly (`totp: false` for one who has not set up the second factor). */
  seat(member: SeatedMember): void;
}

const unsupported = (what: string) => () =>
  Promise.reject(new Error(`${what}: the in-memory directory only seats members; use databaseStaffDirectory with fakeStaffAccounts`));

/** An in-memory directory of active members: user names are e-mail addresses, as the site's pool uses them. */
export function createTestStaffDirectory(): TestStaffDirectory {
  const members = new Map<string, StaffStanding & { username: string }>();
  return {
    seat({ username, email, admin = false, roles, totp = true, enabled = true, sessionsSince = null, notifyNewCases = true }) {
      const address = (email ?? username).toLowerCase();
      const held = roles ?? (admin ? allStaffRoles : workingRoles);
      members.set(testSub(username), {
        username,
        email: address,
        emailChanged: false,
        name: null,
        roles: admin && !held.includes('admin') ? [...held, 'admin'] : [...held],
        sub: testSub(username),
        enabled,
        totp,
        sessionsSince,
        notifyNewCases,
      });
    },
    async standing(user) {
      return members.get(user.sub) ?? null;
    },
    async list() {
      return [...members.values()]
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((m) => ({
          email: m.email,
          name: m.name,
          roles: m.roles,
          status: 'active' as const,
          enabled: m.enabled,
          totp: m.totp,
          emailChanged: false,
          invitedAt: new Date(0).toISOString(),
          invitedBy: null,
          acceptedAt: new Date(0).toISOString(),
          invitationExpiresAt: null,
          notifyNewCases: m.notifyNewCases,
        }));
    },
    invite: unsupported('invite'),
    invitation: unsupported('invitation'),
    accept: unsupported('accept'),
    setRoles: unsupported('setRoles'),
    resetSecondFactor: unsupported('resetSecondFactor'),
    remove: unsupported('remove'),
    async setNotifyNewCases(sub, on) {
      const member = members.get(sub);
      if (!member) return null;
      const before = member.notifyNewCases;
      members.set(sub, { ...member, notifyNewCases: on });
      return { before };
    },
  };
}

/**
 * An ID token of a team member's account (the `sub` the directory seated). The directory must also know the member
 * (`seat`) for the guard to let them in: the token alone is not enough, by design.
 */
export function staffToken(
  identity: TestIdentity,
  // `admin` is the directory's to say (seat); accepted here so a test can name who it signs in as.
  member: { email: string; username?: string; admin?: boolean },
  overrides: Record<string, unknown> = {},
): string {
  const username = member.username ?? member.email;
  return identity.token({ sub: testSub(username), email: member.email }, { 'cognito:username': username, ...overrides });
}

/** A fake identity provider's admin side: accounts in memory, with what a test needs to arrange and observe. */
export interface FakeStaffAccounts extends StaffAccounts {
  /** An account opened some other way (a visitor's sign-up, an account after a payment): `password` is who holds it. */
  open(account: { email: string; password: string; totp?: boolean; emailVerified?: boolean; username?: string }): StaffIdentityAccount;
  /** The account as stored now (password included). */
  get(username: string): (StaffIdentityAccount & { password: string; name: string | null }) | undefined;
  /** Turns the second factor on or off, as the member's own setup (or an admin's reset) would (a change of the account). */
  setTotp(username: string, on: boolean): void;
  /** A forgotten password reset by its owner (ForgotPassword and ConfirmForgotPassword): a change of the account. */
  resetPassword(username: string, password: string): void;
  /** Changes the account's address the way a member's own profile change does (unverified until its code). */
  changeEmail(username: string, email: string, verified?: boolean): void;
  /** User names signed out everywhere, in order. */
  readonly signedOut: string[];
  /** User names whose second factor an admin reset, in order. */
  readonly secondFactorResets: string[];
  /** Makes the next `resetSecondFactor` fail like an unreachable provider (nothing changes). */
  failNextReset(): void;
  /** Makes the next `claimForInvitation` fail like an unreachable provider. */
  failNextClaim(): void;
  /** Runs `during` while the next `claimForInvitation` is preparing the account (a race with the admin, say). */
  duringNextClaim(during: () => Promise<void>): void;
}

export function fakeStaffAccounts(options: { now?: () => number } = {}): FakeStaffAccounts {
  // The provider's clock: when an account last changed (`changedAt`).
  const now = options.now ?? Date.now;
  const accounts = new Map<string, StaffIdentityAccount & { password: string; name: string | null }>();
  const signedOut: string[] = [];
  const secondFactorResets: string[] = [];
  let failClaim = false;
  let failReset = false;
  let during: (() => Promise<void>) | null = null;
  const public_ = (a: StaffIdentityAccount): StaffIdentityAccount => ({
    username: a.username,
    sub: a.sub,
    email: a.email,
    emailVerified: a.emailVerified,
    enabled: a.enabled,
    totp: a.totp,
    changedAt: a.changedAt,
  });
  const must = (username: string) => {
    const a = accounts.get(username.toLowerCase());
    if (!a) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    return a;
  };
  return {
    signedOut,
    secondFactorResets,
    failNextReset() {
      failReset = true;
    },
    open({ email, password, totp = false, emailVerified = true, username }) {
      const name = (username ?? email).toLowerCase();
      const account = {
        username: name,
        sub: testSub(name),
        email: email.toLowerCase(),
        emailVerified,
        enabled: true,
        totp,
        // Opened long ago: its set-up is the one a seated member's directory row already knows.
        changedAt: 0,
        password,
        name: null,
      };
      accounts.set(name, account);
      return public_(account);
    },
    get: (username) => accounts.get(username.toLowerCase()),
    setTotp(username, on) {
      Object.assign(must(username), { totp: on, changedAt: now() });
    },
    resetPassword(username, password) {
      Object.assign(must(username), { password, changedAt: now() });
    },
    changeEmail(username, email, verified = false) {
      Object.assign(must(username), { email: email.toLowerCase(), emailVerified: verified, changedAt: now() });
    },
    failNextClaim() {
      failClaim = true;
    },
    duringNextClaim(fn) {
      during = fn;
    },
    async find(username) {
      const a = accounts.get(username.toLowerCase());
      return a ? public_(a) : null;
    },
    async claimForInvitation(email, { name, password }) {
      if (failClaim) {
        failClaim = false;
        throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'TimeoutError' });
      }
      if (during) {
        const run = during;
        during = null;
        await run();
      }
      const address = email.toLowerCase();
      const existing = accounts.get(address);
      const account = existing ?? {
        username: address,
        sub: testSub(address),
        email: address,
        emailVerified: true,
        enabled: true,
        totp: false,
        changedAt: now(),
        password,
        name,
      };
      Object.assign(account, { email: address, emailVerified: true, totp: false, changedAt: now(), password, name });
      accounts.set(address, account);
      signedOut.push(address);
      return { ...public_(account), existed: existing !== undefined, displaced: 0 };
    },
    async signOutEverywhere(username) {
      must(username);
      signedOut.push(username.toLowerCase());
    },
    async resetSecondFactor(username) {
      if (failReset) {
        failReset = false;
        throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'TimeoutError' });
      }
      // As Cognito: the factor off is a change of the account; the sign-out ends every refresh token.
      Object.assign(must(username), { totp: false, changedAt: now() });
      secondFactorResets.push(username.toLowerCase());
      signedOut.push(username.toLowerCase());
    },
  };
}

/**
 * An active member straight into the site's directory (the state an accepted invitation and a set-up authenticator
 * leave), with an account in `accounts`: for tests that need a member before the one under test acts.
 */
export async function seatInDatabase(
  db: SiteDb,
  accounts: FakeStaffAccounts,
  member: { email: string; roles: StaffRole[]; totp?: boolean; name?: string },
): Promise<void> {
  const account = accounts.get(member.email) ?? accounts.open({ email: member.email, password: 'Sentada2026', totp: member.totp ?? true });
  await db
    .insertInto('staff.members')
    .values({
      email: account.email ?? member.email,
      name: member.name ?? null,
      roles: JSON.stringify(member.roles),
      status: 'active',
      username: account.username,
      sub: account.sub,
      accepted_at: new Date(0),
      second_factor_at: member.totp === false ? null : new Date(0),
    })
    .execute();
}

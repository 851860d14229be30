import { createHash, randomBytes } from 'node:crypto';
import type {
  StaffAccounts,
  StaffDirectory,
  StaffIdentityAccount,
  StaffInvitationPreview,
  StaffMember,
  StaffStanding,
} from './api-contract';
import type { SiteDb } from './database';
import './staff-members-table';
import { allStaffRoles, type StaffRole } from '../staff-roles';

/**
 * The members an alert for `role` goes to: active, with that role, an enabled account with its second factor set up and
 * the invited address unchanged — the people who can act on it in the panel, and no one else.
 */
export async function staffWithRole(directory: Pick<StaffDirectory, 'list'>, role: StaffRole): Promise<StaffMember[]> {
  return (await directory.list()).filter((m) => m.status === 'active' && m.enabled && m.totp && !m.emailChanged && m.roles.includes(role));
}

/** Of those, the members who asked for an e-mail on each new case (#28): the digest goes to all, this one by choice. */
export async function staffToTellOfNewCases(directory: Pick<StaffDirectory, 'list'>, role: StaffRole): Promise<StaffMember[]> {
  return (await staffWithRole(directory, role)).filter((m) => m.notifyNewCases);
}

/**
 * The audit action of sessions ended because the account changed at the identity provider (named in the account
 * domain's manifest): `detail.reason` is `second_factor_set_up` (first seen on) or `account_changed` (a change after
 * the recorded set-up: a new authenticator, a new password, an attribute).
 */
export const SESSIONS_ENDED_ACTION = 'account.staff.sessions_ended';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** How long a member's standing is reused: a removal or a role change made by another server takes effect within it. */
export const STANDING_CACHE_MS = 30_000;
const CACHE_LIMIT = 500;

const digest = (token: string) => createHash('sha256').update(`staff-invitation:${token}`).digest('hex');
const rolesOf = (value: unknown): StaffRole[] => (Array.isArray(value) ? allStaffRoles.filter((r) => value.includes(r)) : []);
const normalise = (email: string) => email.trim().toLowerCase();
/** A token as a link carries it: 32 random bytes, base64url. Anything else is not worth a query. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/**
 * Resolves once the clock is in a later second than `at`: identity tokens carry whole seconds, and a session cut at
 * `at` refuses every sign-in of that second, so a sign-in made right after this call is not mistaken for an old one.
 */
async function afterSecondOf(at: Date, now: () => number): Promise<void> {
  const wait = (Math.floor(at.getTime() / 1000) + 1) * 1000 - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The team in the site's database, with the identity provider's accounts behind it. */
export function databaseStaffDirectory(
  db: SiteDb,
  accounts: StaffAccounts,
  options: {
    now?: () => number;
    invitationDays?: number;
    /** How long a standing is reused (STANDING_CACHE_MS): tests of what the next call sees set 0. */
    standingCacheMs?: number;
  } = {},
): StaffDirectory {
  const now = options.now ?? Date.now;
  const cacheMs = options.standingCacheMs ?? STANDING_CACHE_MS;
  const cache = new Map<string, { at: number; standing: Promise<StaffStanding | null> }>();
  const forgetAll = () => cache.clear();

  const readStanding = async (sub: string): Promise<StaffStanding | null> => {
    const row = await db.selectFrom('staff.members').selectAll().where('sub', '=', sub).where('status', '=', 'active').executeTakeFirst();
    if (!row?.username) return null;
    const account = await accounts.find(row.username);
    if (!account || account.sub !== sub) return null;
    let { sessions_since: since, second_factor_at: secondFactorAt } = row;
    // A change of the account after the set-up the directory last saw: the factor may have been reset and set up
    // again with no staff call in between to see it off (issue #26, row 3), so it counts as a new set-up.
    const changedSince = secondFactorAt !== null && account.changedAt !== null && account.changedAt > secondFactorAt.getTime();
    if (account.totp && (!secondFactorAt || changedSince)) {
      // The second factor was just set up. Sessions opened before it (a password alone) end here: the refresh
      // tokens at the provider, the ID tokens by their sign-in time. Sign-out first, so a failure leaves it to retry.
      await accounts.signOutEverywhere(row.username);
      const at = new Date(now());
      // What is recorded covers the account's state after the sign-out (should the provider count it as a change)
      // and a provider clock ahead of this one: the same set-up is never taken for a new one on the next look.
      const after = (await accounts.find(row.username))?.changedAt ?? null;
      const seen = new Date(Math.max(at.getTime(), after ?? 0, account.changedAt ?? 0));
      const noticed = secondFactorAt;
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('staff.members')
          .set({ second_factor_at: seen, sessions_since: at })
          .where('id', '=', row.id)
          .where((eb) => (noticed ? eb('second_factor_at', '=', noticed) : eb('second_factor_at', 'is', null)))
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return;
        // Audited once (the row's guard above), with the member as actor: a change made at the provider — a new
        // authenticator, a forgotten password reset from the door — is seen here and nowhere else. Written directly:
        // audit.ts migrates this table and imports this file, so recordAudit cannot be imported back.
        await trx
          .insertInto('staff.audit_log')
          .values({
            actor_sub: sub,
            actor_email: row.email,
            actor_roles: rolesOf(row.roles).join(','),
            action: SESSIONS_ENDED_ACTION,
            entity: 'staff_member',
            entity_id: row.email,
            detail: JSON.stringify({ reason: noticed ? 'account_changed' : 'second_factor_set_up' }),
          })
          .execute();
      });
      secondFactorAt = seen;
      since = at;
    } else if (!account.totp && secondFactorAt) {
      // The factor was turned off (a reset): the next one set up is a new event.
      await db.updateTable('staff.members').set({ second_factor_at: null }).where('id', '=', row.id).execute();
    }
    return {
      email: row.email,
      emailChanged: account.email !== row.email || !account.emailVerified,
      name: row.name,
      roles: rolesOf(row.roles),
      sub,
      enabled: account.enabled,
      totp: account.totp,
      sessionsSince: since ? since.getTime() : null,
      notifyNewCases: row.notify_new_cases,
    };
  };

  const pendingInvitation = async (token: string) => {
    if (!tokenShape.test(token)) return 'invalid' as const;
    const row = await db
      .selectFrom('staff.members')
      .selectAll()
      .where('invite_token_hash', '=', digest(token))
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (!row) return 'invalid' as const;
    if (!row.invite_expires_at || row.invite_expires_at.getTime() <= now()) return 'expired' as const;
    return row;
  };

  return {
    standing(user) {
      const hit = cache.get(user.sub);
      if (hit && now() - hit.at < cacheMs) return hit.standing;
      const standing = readStanding(user.sub);
      // A failed lookup is not remembered; nor is a member without a second factor yet (setting it up: the next
      // call must see it at once) or one suspended by an address change (restoring it must count at once).
      const forget = () => {
        if (cache.get(user.sub)?.standing === standing) cache.delete(user.sub);
      };
      standing.then((s) => (s?.totp && !s.emailChanged ? undefined : forget()), forget);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
      cache.set(user.sub, { at: now(), standing });
      return standing;
    },

    async list(listOptions = {}) {
      const states = listOptions.includeRemoved ? ['invited', 'active', 'removed'] : ['invited', 'active'];
      // A removed row is someone who was on the team (accepted once); a cancelled invitation is nobody who left.
      const rows = await db
        .selectFrom('staff.members')
        .selectAll()
        .where('status', 'in', states)
        .where((eb) => eb.or([eb('status', '!=', 'removed'), eb('accepted_at', 'is not', null)]))
        .orderBy('email')
        .execute();
      const members: StaffMember[] = [];
      for (const row of rows) {
        const account: StaffIdentityAccount | null = row.status === 'active' && row.username ? await accounts.find(row.username) : null;
        members.push({
          email: row.email,
          name: row.name,
          roles: rolesOf(row.roles),
          status: row.status === 'active' ? 'active' : row.status === 'removed' ? 'removed' : 'invited',
          enabled: account?.enabled ?? false,
          totp: account?.totp ?? false,
          emailChanged: row.status === 'active' && (account?.email !== row.email || !account?.emailVerified),
          invitedAt: row.invited_at.toISOString(),
          invitedBy: row.invited_by,
          acceptedAt: row.accepted_at?.toISOString() ?? null,
          invitationExpiresAt: row.status === 'invited' ? (row.invite_expires_at?.toISOString() ?? null) : null,
          notifyNewCases: row.notify_new_cases,
        });
      }
      return members;
    },

    async invite({ email, name, roles, invitedBy }) {
      const address = normalise(email);
      const existingAccount = (await accounts.find(address)) !== null;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now() + (options.invitationDays ?? INVITATION_DAYS) * 86_400_000);
      const fields = {
        name: name.trim() || null,
        roles: JSON.stringify(allStaffRoles.filter((r) => roles.includes(r))),
        status: 'invited',
        username: null,
        sub: null,
        invite_token_hash: digest(token),
        invite_expires_at: expiresAt,
        invited_at: new Date(now()),
        invited_by: invitedBy,
        accepted_at: null,
        second_factor_at: null,
        sessions_since: null,
        removed_at: null,
      };
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('staff.members')
          .select(['id', 'status'])
          .where('email', '=', address)
          .forUpdate()
          .executeTakeFirst();
        if (row?.status === 'active') return 'already_member' as const;
        if (row) await trx.updateTable('staff.members').set(fields).where('id', '=', row.id).execute();
        else
          await trx
            .insertInto('staff.members')
            .values({ email: address, ...fields })
            .execute();
        return { token, expiresAt, existingAccount, renewed: row?.status === 'invited', rejoined: row?.status === 'removed' };
      });
    },

    async invitation(token) {
      const row = await pendingInvitation(token);
      if (typeof row === 'string') return row;
      const preview: StaffInvitationPreview = {
        email: row.email,
        name: row.name,
        roles: rolesOf(row.roles),
        invitedBy: row.invited_by,
        expiresAt: (row.invite_expires_at ?? new Date(0)).toISOString(),
        existingAccount: (await accounts.find(row.email)) !== null,
      };
      return preview;
    },

    async accept(token, { name, password }) {
      const row = await pendingInvitation(token);
      if (typeof row === 'string') return row;
      const hash = digest(token);
      // Single use: the link is spent before the identity provider is touched, so two clicks cannot both claim.
      const claimed = await db
        .updateTable('staff.members')
        .set({ invite_token_hash: null })
        .where('id', '=', row.id)
        .where('invite_token_hash', '=', hash)
        .where('status', '=', 'invited')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 'invalid';
      let account;
      try {
        account = await accounts.claimForInvitation(row.email, { name, password });
      } catch (err) {
        // Nothing was granted: the same link works again (unless the invitation was renewed or cancelled meanwhile).
        await db
          .updateTable('staff.members')
          .set({ invite_token_hash: hash })
          .where('id', '=', row.id)
          .where('status', '=', 'invited')
          .where('invite_token_hash', 'is', null)
          .execute();
        throw err;
      }
      const at = new Date(now());
      // Only the invitation whose link was spent: one renewed (new link, perhaps new roles) or cancelled while the
      // account was being prepared grants nothing — the renewed link is the one that counts now.
      const bound = await db
        .updateTable('staff.members')
        .set({
          status: 'active',
          name: name.trim() || row.name,
          username: account.username,
          sub: account.sub,
          accepted_at: at,
          invite_expires_at: null,
          second_factor_at: null,
          sessions_since: at,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'invited')
        .where('invite_token_hash', 'is', null)
        .where('invited_at', '=', row.invited_at)
        .returning(['roles'])
        .executeTakeFirst();
      if (!bound) return 'invalid';
      forgetAll();
      await afterSecondOf(at, now);
      return {
        email: row.email,
        roles: rolesOf(bound.roles),
        sub: account.sub,
        existingAccount: account.existed,
        displaced: account.displaced,
      };
    },

    async setRoles(email, roles, name) {
      const address = normalise(email);
      const before = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('staff.members')
          .select(['id', 'roles', 'name'])
          .where('email', '=', address)
          .where('status', 'in', ['invited', 'active'])
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        const newName = name?.trim() || null;
        const nameChanged = newName !== null && newName !== row.name;
        await trx
          .updateTable('staff.members')
          .set({ roles: JSON.stringify(allStaffRoles.filter((r) => roles.includes(r))), ...(nameChanged ? { name: newName } : {}) })
          .where('id', '=', row.id)
          .execute();
        return { before: rolesOf(row.roles), nameChanged };
      });
      forgetAll();
      return before;
    },

    async resetSecondFactor(email) {
      const address = normalise(email);
      const row = await db
        .selectFrom('staff.members')
        .select(['id', 'email', 'name', 'roles', 'username'])
        .where('email', '=', address)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!row?.username) return null;
      const before = await accounts.find(row.username);
      // The provider first: should it fail, nothing is recorded and the admin tries again. Once it answered, the
      // authenticator is off and every refresh token is dead; the row then refuses every ID token from before.
      await accounts.resetSecondFactor(row.username);
      const at = new Date(now());
      await db.updateTable('staff.members').set({ second_factor_at: null, sessions_since: at }).where('id', '=', row.id).execute();
      forgetAll();
      return { email: row.email, name: row.name, roles: rolesOf(row.roles), hadSecondFactor: before?.totp ?? false };
    },

    async remove(email) {
      const address = normalise(email);
      const at = new Date(now());
      const row = await db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('staff.members')
          .select(['id', 'status', 'roles', 'username'])
          .where('email', '=', address)
          .where('status', 'in', ['invited', 'active'])
          .forUpdate()
          .executeTakeFirst();
        if (!found) return null;
        await trx
          .updateTable('staff.members')
          .set({ status: 'removed', removed_at: at, sessions_since: at, invite_token_hash: null, invite_expires_at: null })
          .where('id', '=', found.id)
          .execute();
        return found;
      });
      forgetAll();
      if (!row) return null;
      // The row already refuses the member everywhere; ending the provider's sessions is the second lock.
      if (row.status === 'active' && row.username) await accounts.signOutEverywhere(row.username);
      return { status: row.status === 'active' ? 'active' : 'invited', roles: rolesOf(row.roles) };
    },

    async setNotifyNewCases(sub, on) {
      const before = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('staff.members')
          .select(['id', 'notify_new_cases'])
          .where('sub', '=', sub)
          .where('status', '=', 'active')
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        await trx.updateTable('staff.members').set({ notify_new_cases: on }).where('id', '=', row.id).execute();
        return row.notify_new_cases;
      });
      // The member's standing carries the choice: the next look reads it again.
      cache.delete(sub);
      return before === null ? null : { before };
    },
  };
}

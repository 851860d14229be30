import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CreateGroupCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityConfig, StaffDirectory, StaffMember, StaffStanding } from './api-contract';
import { isPrintableName } from '../schemas/common';
import { awsErrorName, cognitoAdminClient, temporaryPassword } from './cognito-admin';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from '../staff-groups';

/** How long a user's standing is reused: a removal or a lost second factor takes effect within this time. */
export const STANDING_CACHE_MS = 30_000;
const CACHE_LIMIT = 500;

const attribute = (list: AttributeType[] | undefined, name: string) => list?.find((a) => a.Name === name)?.Value ?? null;
const printableName = (name: string | null) => (isPrintableName(name) ? name.trim() : null);

async function groupsOf(client: CognitoIdentityProviderClient, poolId: string, username: string): Promise<string[]> {
  const groups: string[] = [];
  let next: string | undefined;
  do {
    const out = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: username, NextToken: next }));
    for (const g of out.Groups ?? []) if (g.GroupName) groups.push(g.GroupName);
    next = out.NextToken;
  } while (next);
  return groups;
}

async function membersOf(client: CognitoIdentityProviderClient, poolId: string, group: string): Promise<UserType[]> {
  const users: UserType[] = [];
  let next: string | undefined;
  do {
    try {
      const out = await client.send(new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: group, NextToken: next }));
      users.push(...(out.Users ?? []));
      next = out.NextToken;
    } catch (err) {
      if (awsErrorName(err) === 'ResourceNotFoundException') return users; // the group does not exist yet
      throw err;
    }
  } while (next);
  return users;
}

/** Creates the team's groups when the pool lacks them (a new pool, or the emulator's). */
export async function ensureStaffGroups(client: CognitoIdentityProviderClient, poolId: string): Promise<void> {
  for (const [name, description] of [
    [STAFF_GROUP, 'Equipo de la fundación: panel /equipo'],
    [STAFF_ADMIN_GROUP, 'Administradores del panel: invitan y retiran al equipo, leen la auditoría'],
  ] as const) {
    try {
      await client.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: name, Description: description }));
    } catch (err) {
      if (awsErrorName(err) !== 'GroupExistsException') throw err;
    }
  }
}

/**
 * The team in a Cognito pool (or the emulator): `equipo` members, `equipo-admin` admins, TOTP as the second factor.
 * Standing is cached per user for STANDING_CACHE_MS; changes made through this directory clear it at once.
 */
export function cognitoStaffDirectory(
  identity: Pick<IdentityConfig, 'region' | 'endpoint' | 'userPoolId'>,
  options: { env?: NodeJS.ProcessEnv; client?: CognitoIdentityProviderClient; now?: () => number } = {},
): StaffDirectory {
  const client = options.client ?? cognitoAdminClient(identity, options.env);
  const poolId = identity.userPoolId;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; standing: Promise<StaffStanding | null> }>();

  const getUser = async (username: string) => {
    try {
      return await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));
    } catch (err) {
      if (awsErrorName(err) === 'UserNotFoundException') return null;
      throw err;
    }
  };
  const readStanding = async (username: string): Promise<StaffStanding | null> => {
    const user = await getUser(username);
    if (!user) return null;
    return {
      enabled: user.Enabled !== false,
      groups: await groupsOf(client, poolId, user.Username ?? username),
      totp: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
    };
  };

  return {
    standing(username) {
      const key = username.toLowerCase();
      const hit = cache.get(key);
      if (hit && now() - hit.at < STANDING_CACHE_MS) return hit.standing;
      const standing = readStanding(username);
      // A failed lookup is not remembered: the next request asks again. Nor is a standing without a second factor:
      // that member is setting it up, and the panel's next "who am I" must see it at once (only that route lets them in).
      const forget = () => {
        if (cache.get(key)?.standing === standing) cache.delete(key);
      };
      standing.then((s) => (s && !s.totp ? forget() : undefined), forget);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, { at: now(), standing });
      return standing;
    },

    async list() {
      const [members, admins] = await Promise.all([membersOf(client, poolId, STAFF_GROUP), membersOf(client, poolId, STAFF_ADMIN_GROUP)]);
      const adminNames = new Set(admins.map((u) => u.Username));
      const list: StaffMember[] = [];
      for (const u of members) {
        const username = u.Username ?? '';
        const detail = await getUser(username);
        list.push({
          username,
          email: attribute(u.Attributes, 'email') ?? username,
          // A visitor's own `name` (written at sign-up, unchecked by the provider) is shown only when it is a name.
          name: printableName(attribute(u.Attributes, 'name')),
          admin: adminNames.has(u.Username),
          enabled: u.Enabled !== false,
          totp: (detail?.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
          createdAt: u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : null,
        });
      }
      return list.sort((a, b) => a.email.localeCompare(b.email, 'es'));
    },

    async add(email, { admin, name }) {
      const address = email.trim().toLowerCase();
      await ensureStaffGroups(client, poolId);
      const existing = await getUser(address);
      let password: string | null = null;
      let username = existing?.Username ?? address;
      if (!existing) {
        password = temporaryPassword(12);
        const attributes: AttributeType[] = [
          { Name: 'email', Value: address },
          // An admin invited this address and the credentials travel to it: whoever signs in proved they read it.
          { Name: 'email_verified', Value: 'true' },
        ];
        const printable = printableName(name ?? null);
        if (printable) attributes.push({ Name: 'name', Value: printable });
        const out = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: poolId,
            Username: address,
            TemporaryPassword: password,
            UserAttributes: attributes,
            MessageAction: 'SUPPRESS',
          }),
        );
        username = out.User?.Username ?? address;
      }
      for (const group of admin ? [STAFF_GROUP, STAFF_ADMIN_GROUP] : [STAFF_GROUP])
        await client.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: group }));
      if (!admin && existing) {
        try {
          await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: username, GroupName: STAFF_ADMIN_GROUP }));
        } catch (err) {
          if (awsErrorName(err) !== 'ResourceNotFoundException') throw err;
        }
      }
      // An existing account may have sessions opened before it joined the team, without any second factor: end them.
      if (existing) await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: username }));
      cache.delete(username.toLowerCase());
      cache.delete(address);
      return { created: !existing, temporaryPassword: password };
    },

    async remove(email) {
      const user = await getUser(email.trim().toLowerCase());
      if (!user?.Username) return false;
      for (const group of [STAFF_GROUP, STAFF_ADMIN_GROUP]) {
        try {
          await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: user.Username, GroupName: group }));
        } catch (err) {
          if (!['ResourceNotFoundException', 'UserNotFoundException'].includes(awsErrorName(err))) throw err;
        }
      }
      // Its refresh tokens stop working now; an ID token it still holds fails the standing check within the cache time.
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: user.Username }));
      cache.delete(user.Username.toLowerCase());
      cache.delete(email.trim().toLowerCase());
      return true;
    },
  };
}

import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityConfig, StaffAccounts, StaffIdentityAccount } from './api-contract';
import { awsErrorName, cognitoAdminClient, temporaryPassword } from './cognito-admin';

const attribute = (list: AttributeType[] | undefined, name: string) => list?.find((a) => a.Name === name)?.Value ?? null;

/** The IAM actions the servers use on the pool for the panel's team (README, "Equipo de la fundación"). */
export const STAFF_IAM_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserMFAPreference',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const;

/** The panel's accounts in a Cognito pool (or the emulator): user names are the addresses accounts were opened with. */
export function cognitoStaffAccounts(
  identity: Pick<IdentityConfig, 'region' | 'endpoint' | 'userPoolId'>,
  options: { env?: NodeJS.ProcessEnv; client?: CognitoIdentityProviderClient } = {},
): StaffAccounts {
  const client = options.client ?? cognitoAdminClient(identity, options.env);
  const UserPoolId = identity.userPoolId;

  const find = async (username: string): Promise<StaffIdentityAccount | null> => {
    let user;
    try {
      user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
    } catch (err) {
      if (awsErrorName(err) === 'UserNotFoundException') return null;
      throw err;
    }
    const email = attribute(user.UserAttributes, 'email');
    return {
      username: user.Username ?? username,
      sub: attribute(user.UserAttributes, 'sub') ?? '',
      email: email?.toLowerCase() ?? null,
      emailVerified: attribute(user.UserAttributes, 'email_verified') === 'true',
      enabled: user.Enabled !== false,
      totp: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
      changedAt: user.UserLastModifiedDate?.getTime() ?? null,
    };
  };

  const signOutEverywhere = async (username: string) => {
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username }));
  };

  return {
    find,
    signOutEverywhere,

    async resetSecondFactor(username) {
      // Turned off, not deleted: Cognito keeps the old secret but stops asking for it, and the member's next set-up
      // (AssociateSoftwareToken) replaces it. The sign-out makes the lost phone worthless for any session open now.
      await client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username: username,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
      await signOutEverywhere(username);
    },

    async claimForInvitation(email, { name, password }) {
      const address = email.trim().toLowerCase();
      // Every account that carries the address: the one whose owner verified it (at most one), and any that only claim
      // it — an address typed at sign-up and never confirmed, or changed to this one and never verified.
      const listed = await client.send(new ListUsersCommand({ UserPoolId, Filter: `email = "${address.replace(/["\\]/g, '')}"` }));
      const holders = new Map<string, StaffIdentityAccount>();
      for (const u of listed.Users ?? []) {
        const found = u.Username ? await find(u.Username) : null;
        if (found) holders.set(found.sub, found);
      }
      const byName = await find(address);
      if (byName) holders.set(byName.sub, byName);
      const owner = [...holders.values()].find((a) => a.email === address && a.emailVerified) ?? null;
      // A claim nobody proved is worth nothing against the proof the invitation link just gave: those accounts lose the
      // address (a placeholder no mailbox receives), and their sessions end, so nothing issued to them — a password-reset
      // code, a refresh token — reaches the account the invited person will use.
      for (const other of holders.values()) {
        if (other === owner) continue;
        await client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId,
            Username: other.username,
            UserAttributes: [
              { Name: 'email', Value: `${other.sub}@sin-verificar.invalid` },
              { Name: 'email_verified', Value: 'false' },
            ],
          }),
        );
        await signOutEverywhere(other.username);
      }
      if (!owner) {
        // Created with a throwaway temporary password, then given the chosen one as permanent: no password ever
        // travels by e-mail, and the account starts confirmed with the address the invitation link proved.
        await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: address,
            TemporaryPassword: temporaryPassword(16),
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: address },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
            ],
          }),
        );
      } else {
        // The address's proven owner may still not be the only one holding its password or sessions (shared, leaked):
        // the invited person's choice replaces them, and any authenticator set up before is turned off.
        await client.send(
          new AdminUpdateUserAttributesCommand({ UserPoolId, Username: owner.username, UserAttributes: [{ Name: 'name', Value: name }] }),
        );
        if (owner.totp)
          await client.send(
            new AdminSetUserMFAPreferenceCommand({
              UserPoolId,
              Username: owner.username,
              SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
            }),
          );
      }
      const username = owner?.username ?? address;
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: true }));
      await signOutEverywhere(username);
      const account = owner ? await find(owner.username) : await find(address);
      if (!account?.sub || account.email !== address) throw new Error('the identity provider did not return the account it just prepared');
      return { ...account, existed: owner !== null, displaced: holders.size - (owner ? 1 : 0) };
    },
  };
}

import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
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
    };
  };

  const signOutEverywhere = async (username: string) => {
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username }));
  };

  return {
    find,
    signOutEverywhere,

    async claimForInvitation(email, { name, password }) {
      const address = email.trim().toLowerCase();
      const existing = await find(address);
      if (!existing) {
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
        // Whoever opened this account may know its password or hold its sessions (an account opened after a payment,
        // an address changed to this one): the invited person's proof of the mailbox outranks all of it.
        await client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId,
            Username: existing.username,
            UserAttributes: [
              { Name: 'email', Value: address },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
            ],
          }),
        );
        if (existing.totp)
          await client.send(
            new AdminSetUserMFAPreferenceCommand({
              UserPoolId,
              Username: existing.username,
              SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
            }),
          );
      }
      await client.send(
        new AdminSetUserPasswordCommand({ UserPoolId, Username: existing?.username ?? address, Password: password, Permanent: true }),
      );
      await signOutEverywhere(existing?.username ?? address);
      const account = await find(existing?.username ?? address);
      if (!account?.sub) throw new Error('the identity provider did not return the account it just prepared');
      return { ...account, existed: existing !== null };
    },
  };
}

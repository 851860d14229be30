import { AdminDeleteUserCommand, AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityConfig } from '../api-contract';
import { awsErrorName, cognitoAdminClient } from '../cognito-admin';

/** A person's account at the identity provider, as their copy shows it. */
export interface IdentityAccount {
  /** The provider's attributes (email, name, phone_number, custom:identity_number…). */
  attributes: Record<string, string>;
  createdAt: Date | null;
  enabled: boolean | null;
  /** CONFIRMED, FORCE_CHANGE_PASSWORD… */
  status: string | null;
}

/** What the personal-data engine needs of the identity provider: read a person's account and delete it. */
export interface IdentityAccounts {
  /** The account whose user name (or e-mail alias) is `email`, or null when there is none. */
  find(email: string): Promise<IdentityAccount | null>;
  /** Deletes that account; false when there was none. */
  remove(email: string): Promise<boolean>;
}

/** The pool's accounts through its admin API (Cognito, or the local emulator when an endpoint is configured). */
export function cognitoAccounts(identity: IdentityConfig, env: NodeJS.ProcessEnv = process.env): IdentityAccounts {
  let client: CognitoIdentityProviderClient | undefined;
  const admin = () => (client ??= cognitoAdminClient(identity, env));
  // The pool signs people in by e-mail (UsernameAttributes: email): its admin API takes the address as the user name.
  const user = (email: string) => ({ UserPoolId: identity.userPoolId, Username: email });
  return {
    async find(email) {
      try {
        const out = await admin().send(new AdminGetUserCommand(user(email)));
        const attributes: Record<string, string> = {};
        for (const a of out.UserAttributes ?? []) if (a.Name && a.Value !== undefined) attributes[a.Name] = a.Value;
        return {
          attributes,
          createdAt: out.UserCreateDate ?? null,
          enabled: out.Enabled ?? null,
          status: out.UserStatus ?? null,
        };
      } catch (err) {
        if (awsErrorName(err) === 'UserNotFoundException') return null;
        throw err;
      }
    },
    async remove(email) {
      try {
        await admin().send(new AdminDeleteUserCommand(user(email)));
        return true;
      } catch (err) {
        if (awsErrorName(err) === 'UserNotFoundException') return false;
        throw err;
      }
    },
  };
}

/** No identity provider (tests of the database side only): nobody has an account. */
export const noIdentityAccounts: IdentityAccounts = {
  find: async () => null,
  remove: async () => false,
};

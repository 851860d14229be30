import { AdminCreateUserCommand, UsernameExistsException, type AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdminClient, temporaryPassword as generatePassword } from 'shared/server/cognito-admin';
import type { IdentityConfig } from 'shared/server/api-contract';

/** What the server knows about a person when it opens an account for them after a verified payment. */
export interface NewAccount {
  email: string;
  name: string;
  phone: string | null;
  identityType: string;
  identityNumber: string;
  temporaryPassword: string;
}

/** The identity provider's admin side, as the account API needs it (a fake in tests, Cognito or its emulator otherwise). */
export interface AccountDirectory {
  /** Creates the user with a temporary password; 'exists' when the e-mail already has an account. */
  createUser(account: NewAccount): Promise<{ sub: string | null } | 'exists'>;
}

/** An 8-character temporary password (spec §4); the generator is the one staff invitations use. */
export const temporaryPassword = (): string => generatePassword(8);

/** Colombian numbers without a country code get +57 (spec §5); anything not E.164-shaped afterwards is left out. */
export function e164(phone: string | null): string | null {
  if (!phone) return null;
  const compact = phone.replace(/[\s().-]/g, '');
  const withCode = compact.startsWith('+') ? compact : `+57${compact}`;
  return /^\+\d{8,15}$/.test(withCode) ? withCode : null;
}

/** AdminCreateUser against the configured pool. Cognito's own invitation e-mail is suppressed: the site sends its own. */
export function cognitoDirectory(identity: IdentityConfig, env: NodeJS.ProcessEnv = process.env): AccountDirectory {
  const client = cognitoAdminClient(identity, env);
  return {
    async createUser(account) {
      const attributes: AttributeType[] = [
        // Not marked verified: nobody proved control of this mailbox (the payer typed it). The account sees the enrolment
        // tied to it; anything matched by e-mail alone waits until the address is verified with a code sent to it.
        { Name: 'email', Value: account.email },
        { Name: 'name', Value: account.name },
        { Name: 'custom:identity_type', Value: account.identityType },
        { Name: 'custom:identity_number', Value: account.identityNumber },
      ];
      const phone = e164(account.phone);
      if (phone) attributes.push({ Name: 'phone_number', Value: phone });
      try {
        const out = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: identity.userPoolId,
            Username: account.email,
            TemporaryPassword: account.temporaryPassword,
            UserAttributes: attributes,
            MessageAction: 'SUPPRESS',
          }),
        );
        return { sub: out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? null };
      } catch (err) {
        if (err instanceof UsernameExistsException || (err as { name?: string }).name === 'UsernameExistsException') return 'exists';
        throw err;
      }
    },
  };
}

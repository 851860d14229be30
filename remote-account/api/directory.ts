import { randomInt } from 'node:crypto';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
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

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * An 8-character temporary password of letters and digits (spec §4) that meets Cognito's default policy: at least one
 * lowercase, one uppercase and one digit; look-alike characters (l, I, O, 0, 1) are left out so it can be copied by hand.
 */
export function temporaryPassword(length = 8): string {
  const pick = (set: string) => set[randomInt(set.length)] ?? 'a';
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), ...Array.from({ length: length - 3 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** Colombian numbers without a country code get +57 (spec §5); anything not E.164-shaped afterwards is left out. */
export function e164(phone: string | null): string | null {
  if (!phone) return null;
  const compact = phone.replace(/[\s().-]/g, '');
  const withCode = compact.startsWith('+') ? compact : `+57${compact}`;
  return /^\+\d{8,15}$/.test(withCode) ? withCode : null;
}

/** AdminCreateUser against the configured pool. Cognito's own invitation e-mail is suppressed: the site sends its own. */
export function cognitoDirectory(identity: IdentityConfig, env: NodeJS.ProcessEnv = process.env): AccountDirectory {
  const local = identity.endpoint !== null;
  const client = new CognitoIdentityProviderClient({
    region: identity.region,
    ...(identity.endpoint ? { endpoint: identity.endpoint } : {}),
    // The emulator ignores signatures but the SDK insists on credentials; real pools use the default provider chain.
    ...(local && !env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    // The emulator answers unsupported calls with 500, which the SDK would retry; one attempt is enough anywhere.
    maxAttempts: local ? 1 : 3,
  });
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

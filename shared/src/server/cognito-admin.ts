import { randomInt } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityConfig } from './api-contract';

/**
 * A client for the pool's admin API: Cognito, or the local emulator when an endpoint is configured. The emulator
 * ignores signatures but the SDK insists on credentials; real pools use the default provider chain (a task role).
 */
export function cognitoAdminClient(
  identity: Pick<IdentityConfig, 'region' | 'endpoint'>,
  env: NodeJS.ProcessEnv = process.env,
): CognitoIdentityProviderClient {
  const local = identity.endpoint !== null;
  return new CognitoIdentityProviderClient({
    region: identity.region,
    ...(identity.endpoint ? { endpoint: identity.endpoint } : {}),
    ...(local && !env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    // The emulator answers unsupported calls with 500, which the SDK would retry; one attempt is enough there.
    maxAttempts: local ? 1 : 3,
  });
}

/** The name an SDK error carries (`UserNotFoundException`…), whichever way it was thrown. */
export function awsErrorName(err: unknown): string {
  return typeof err === 'object' && err !== null && typeof (err as { name?: unknown }).name === 'string'
    ? (err as { name: string }).name
    : '';
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A temporary password of letters and digits that meets Cognito's default policy: at least one lowercase, one
 * uppercase and one digit; look-alike characters (l, I, O, 0, 1) are left out so it can be copied by hand.
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

// The visitor's side of the identity emulator in browser tests: where it runs, unique addresses, an admin client, and
// the codes it e-mails (read from the local mailbox).
import type { Page } from 'playwright-core';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { waitForHeading } from './browser';
import { mailbox, type Mail } from './staff';

/** The emulator and its pool and app client, as `e2e/run.mjs` started them. */
export const identityUrl = process.env.E2E_IDENTITY_URL ?? 'http://127.0.0.1:9230';
export const poolId = process.env.E2E_IDENTITY_POOL_ID ?? 'local_tejiendo';
export const clientId = process.env.E2E_IDENTITY_CLIENT_ID ?? 'tejiendo-web-local';

let counter = 0;
/** An address no earlier run used: `label-<time>-<n>@example.com`. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** A client for the emulator (the caller destroys it). */
export const identityClient = () =>
  new CognitoIdentityProviderClient({
    region: 'local',
    endpoint: identityUrl,
    maxAttempts: 1,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** The mails sent to `to`, waiting until at least one arrived. */
export async function mailsTo(to: string): Promise<Mail[]> {
  for (let i = 0; i < 60; i++) {
    const found = (await mailbox()).filter((m) => m.to === to);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No llegó ningún correo a ${to}`);
}

/** The 6-digit codes e-mailed to `email`, newest first (the mailbox lists newest first). */
export const codesFor = async (email: string) =>
  (await mailbox())
    .filter((m) => m.to === email)
    .map((m) => /Tu código es (\d{6})/.exec(m.text)?.[1])
    .filter((c): c is string => Boolean(c));

/** The newest code the identity provider e-mailed to `email`, waiting until more than `seen` codes have arrived. */
export async function codeFor(email: string, seen = 0): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const codes = await codesFor(email);
    if (codes.length > seen) return codes[0]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No llegó el código para ${email}`);
}

/**
 * A confirmed visitor account made straight on the identity provider (the journey under test starts after it):
 * signed up with `name`, its e-mailed code typed. Answers its id token (a password sign-in) for API calls.
 */
export async function confirmedAccount(email: string, password: string, name = 'Ana Pérez'): Promise<string> {
  const client = identityClient();
  try {
    await client.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
      }),
    );
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: await codeFor(email) }));
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return auth.AuthenticationResult?.IdToken ?? '';
  } finally {
    client.destroy();
  }
}

/** An account with a permanent password in the local identity provider, as if registered and confirmed. */
export async function signedInAccount(name: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('cuenta');
  const password = 'Clave2026';
  const client = identityClient();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
        { Name: 'phone_number', Value: '+573101234567' },
        { Name: 'custom:identity_type', Value: 'Cédula de ciudadanía' },
        { Name: 'custom:identity_number', Value: '1012345678' },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }));
  client.destroy();
  return { email, password };
}

/** Signs the account in through the site's login page. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await waitForHeading(page, 'Ingresa');
  await page.locator('main [name="email"]').fill(account.email);
  await page.locator('main [name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Iniciaste sesión correctamente').waitFor({ timeout: 15_000 });
}

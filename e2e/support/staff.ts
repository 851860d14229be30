// The panel's door in browser tests: team members made in the identity emulator with the site's own directory code,
// and the sign-in steps a member walks (temporary password → new password → authenticator set-up, later the code).
import type { Page } from 'playwright-core';
import { cognitoStaffDirectory } from 'shared/server/staff-directory';
import { totpCode } from 'shared/server/totp';
import { baseUrl } from './browser';

/** The emulator's pool, as `e2e/run.mjs` started it. */
export const staffDirectory = cognitoStaffDirectory({
  region: 'local',
  endpoint: process.env.E2E_IDENTITY_URL ?? 'http://127.0.0.1:9230',
  userPoolId: process.env.E2E_IDENTITY_POOL_ID ?? 'local_tejiendo',
});

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
/** The local mailbox, newest first. */
export const mailbox = async (): Promise<Mail[]> => (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Mail[];

/** Waits until the focused element's text matches (focus moves are part of what the panel promises). */
export async function expectFocusOn(page: Page, text: string | RegExp): Promise<void> {
  const pattern: [string, string] =
    typeof text === 'string' ? [`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, ''] : [text.source, text.flags];
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.activeElement?.textContent?.trim() ?? ''),
    pattern,
    { timeout: 10_000 },
  );
}

/** Types e-mail and password into the panel's sign-in form and sends it with Enter. */
export async function submitStaffPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByLabel(/^Contraseña/).press('Enter');
}

/** Types a 6-digit code into the step that asks for it and sends it. */
export async function submitTotp(page: Page, code: string): Promise<void> {
  const field = page.getByLabel(/^Código de 6 dígitos/);
  await field.waitFor({ timeout: 15_000 });
  await field.fill(code);
  await field.press('Enter');
}

/**
 * An invited member's first visit, from wherever `page` stands on the sign-in form: temporary password, a new one, and
 * the authenticator set up from the secret the page types out. Returns that secret (what the app would hold).
 */
export async function firstStaffSignIn(page: Page, email: string, temporaryPassword: string, newPassword: string): Promise<string> {
  await submitStaffPassword(page, email, temporaryPassword);
  await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Confirma la nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Confirma la nueva contraseña/).press('Enter');
  const typed = page.locator('.staff-secret__value code');
  await typed.waitFor({ timeout: 15_000 });
  const secret = ((await typed.textContent()) ?? '').replace(/\s+/g, '');
  await submitTotp(page, totpCode(secret));
  return secret;
}

/** A new member of the team in the emulator, with a temporary password to start from. */
export async function newStaffMember(email: string, admin = false): Promise<string> {
  const { temporaryPassword } = await staffDirectory.add(email, { admin });
  if (!temporaryPassword) throw new Error(`${email} ya existía en el emulador`);
  return temporaryPassword;
}

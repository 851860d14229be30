// The panel's door in browser tests: members invited the way the site invites anyone (an admin's POST, a one-time link
// in the local mailbox), and the steps a member walks (link → name and password → authenticator set-up → sign in again
// with the code). The first admin is the one `npm start` invites; e2e/run.mjs accepts that invitation before the tests
// (e2e/support/bootstrap-admin.ts) and hands its credentials over in E2E_ADMIN_FILE.
import { readFileSync } from 'node:fs';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { totpCode } from 'shared/server/totp';
import { allStaffRoles, type StaffRole } from 'shared/staff-roles';
import { baseUrl } from './browser';

const identityUrl = process.env.E2E_IDENTITY_URL ?? 'http://127.0.0.1:9230';
const clientId = process.env.E2E_IDENTITY_CLIENT_ID ?? 'tejiendo-web-local';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The message's files, their bytes as base64 (#32: a transferred PQRSF's PDF). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}
/** The local mailbox, newest first. */
export const mailbox = async (): Promise<Mail[]> => (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Mail[];

/**
 * Waits for the newest message that `matches` (a notice the server sends after answering, as the team's PQRSF notice,
 * may arrive a moment after the screen says done; a loaded machine stretches that moment).
 */
export async function mailWhere(matches: (mail: Mail) => boolean, timeoutMs = 20_000): Promise<Mail | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find(matches);
    if (found || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for the newest message to `to` whose text matches `pattern`, and gives the pattern's first group. */
export async function mailMatching(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find((m) => m.to === to && pattern.test(m.text));
    const value = found ? pattern.exec(found.text)?.[1] : undefined;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`No llegó a ${to} un correo que diga ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The address of an invitation e-mail's link (the token is in its fragment). */
export const invitationLinkPattern = /(https?:\/\/\S+\/equipo\/invitacion#[A-Za-z0-9_-]{43})/;

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
 * An invited member's first visit, in the browser: the invitation link, their name and a password, the authenticator
 * set up from the secret the page types out, then — every older session ended — the sign-in with password and code.
 * The page ends where it stood (a panel address), or on the member's first section. Returns the secret.
 */
export async function firstStaffSignIn(page: Page, email: string, invitationLink: string, newPassword: string): Promise<string> {
  const before = new URL(page.url() || baseUrl, baseUrl);
  const back = before.pathname.startsWith('/equipo/') && !before.pathname.startsWith('/equipo/invitacion') ? before.pathname : null;
  await page.goto(invitationLink);
  await page.getByRole('heading', { name: 'Acepta tu invitación al equipo' }).waitFor({ timeout: 15_000 });
  await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Confirma la nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Confirma la nueva contraseña/).press('Enter');
  const typed = page.locator('.staff-secret__value code');
  await typed.waitFor({ timeout: 15_000 });
  const secret = ((await typed.textContent()) ?? '').replace(/\s+/g, '');
  await submitTotp(page, totpCode(secret));
  // Setting the second factor up ends every session, this one included: sign in again, now with the code.
  await page.getByText('la verificación en dos pasos quedó activa').waitFor({ timeout: 15_000 });
  await submitStaffPassword(page, email, newPassword);
  await submitTotp(page, totpCode(secret));
  await page.waitForURL((url) => url.pathname.startsWith('/equipo/') && !url.pathname.startsWith('/equipo/invitacion'), {
    timeout: 15_000,
  });
  if (back) await page.goto(back);
  return secret;
}

const cognito = () =>
  new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: identityUrl,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/** Signs a member in with password and authenticator code, as the panel does; gives the ID token. */
export async function staffIdToken(email: string, password: string, secret: string): Promise<string> {
  const client = cognito();
  try {
    const first = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (first.AuthenticationResult?.IdToken) return first.AuthenticationResult.IdToken;
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: first.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
      }),
    );
    return done.AuthenticationResult?.IdToken ?? '';
  } finally {
    client.destroy();
  }
}

/**
 * Accepts an invitation and sets the authenticator up without a browser (what a member does in the panel), ending with
 * the server having seen the second factor: answers the authenticator's secret.
 */
export async function acceptInvitationByApi(link: string, email: string, password: string, name = 'Persona del Equipo'): Promise<string> {
  const token = link.split('#')[1] ?? '';
  const accepted = await fetch(`${baseUrl}/api/account/staff-invitation/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, name, password, confirmPassword: password }),
  });
  if (accepted.status !== 201) throw new Error(`La invitación de ${email} no se aceptó: ${accepted.status} ${await accepted.text()}`);
  const client = cognito();
  try {
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const AccessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
    const { SecretCode = '' } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    // The server records the second factor on the next staff call (and ends the sessions from before it).
    const me = await fetch(`${baseUrl}/api/account/staff/me`, {
      headers: { authorization: `Bearer ${signedIn.AuthenticationResult?.IdToken}` },
    });
    if (me.status !== 401) throw new Error(`El panel no cerró las sesiones anteriores de ${email} (${me.status})`);
    return SecretCode;
  } finally {
    client.destroy();
  }
}

/** The first admin's credentials, as e2e/run.mjs prepared them. */
export function firstAdmin(): { email: string; password: string; secret: string } {
  const file = process.env.E2E_ADMIN_FILE;
  if (!file) throw new Error('E2E_ADMIN_FILE no está definido: corre las pruebas con node e2e/run.mjs');
  return JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string; secret: string };
}

let adminToken: { token: string; at: number } | null = null;
/** An ID token of the first admin (renewed every 10 minutes). */
export async function firstAdminToken(): Promise<string> {
  if (adminToken && Date.now() - adminToken.at < 600_000) return adminToken.token;
  const admin = firstAdmin();
  adminToken = { token: await staffIdToken(admin.email, admin.password, admin.secret), at: Date.now() };
  return adminToken.token;
}

/** Every role but administration: what a working member gets unless a test says otherwise. */
export const workingRoles: StaffRole[] = allStaffRoles.filter((r) => r !== 'admin');

/**
 * Invites a member through the panel's API as the first admin (`true`: every role, `false`: every role but
 * administration, or the roles given) and gives the invitation link from the local mailbox.
 */
export async function newStaffMember(email: string, roles: boolean | StaffRole[] = false, name = 'Persona del Equipo'): Promise<string> {
  const chosen = Array.isArray(roles) ? roles : roles ? allStaffRoles : workingRoles;
  const res = await fetch(`${baseUrl}/api/account/staff/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await firstAdminToken()}` },
    body: JSON.stringify({ email, name, roles: chosen }),
  });
  if (res.status !== 201) throw new Error(`No se pudo invitar a ${email}: ${res.status} ${await res.text()}`);
  return mailMatching(email, invitationLinkPattern);
}

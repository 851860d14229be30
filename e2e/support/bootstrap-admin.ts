// Run by e2e/run.mjs once the site is up: accepts the invitation `npm start` sent the team's first member (every role),
// sets its authenticator up, and writes the credentials to the file the browser tests read (E2E_ADMIN_FILE), so each
// test file can invite the members it needs through the panel's own API.
import { writeFileSync } from 'node:fs';
import { FIRST_STAFF_EMAIL } from 'sandbox/identity/first-staff';
import { acceptInvitationByApi, invitationLinkPattern, mailMatching, staffIdToken } from './staff';

const file = process.env.E2E_ADMIN_FILE;
if (!file) throw new Error('E2E_ADMIN_FILE no está definido');
const password = 'AdminPruebas2026';
const link = await mailMatching(FIRST_STAFF_EMAIL, invitationLinkPattern, 60_000);
const secret = await acceptInvitationByApi(link, FIRST_STAFF_EMAIL, password, 'Equipo de la fundación');
// A sign-in after the second factor was recorded: tokens of that second are refused, so wait for the next one.
await new Promise((r) => setTimeout(r, 1100));
const token = await staffIdToken(FIRST_STAFF_EMAIL, password, secret);
const me = await fetch(`${process.env.E2E_BASE_URL}/api/account/staff/me`, { headers: { authorization: `Bearer ${token}` } });
if (me.status !== 200) throw new Error(`La primera cuenta del equipo no entra al panel (${me.status}: ${await me.text()})`);
writeFileSync(file, JSON.stringify({ email: FIRST_STAFF_EMAIL, password, secret }), { mode: 0o600 });
console.log(`Equipo: ${FIRST_STAFF_EMAIL} aceptó su invitación y configuró la verificación en dos pasos.`);

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invitationMail } from 'remote-account/server';
import { migrateApis } from 'shared/server/api-mount';
import { cognitoAdminClient } from 'shared/server/cognito-admin';
import type { SiteDb } from 'shared/server/database';
import { openDatabase, type Database } from 'shared/server/db';
import type { OutgoingMail } from 'shared/server/mailer';
import { cognitoStaffAccounts } from 'shared/server/staff-accounts';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { allStaffRoles } from 'shared/staff-roles';
import { freePort } from './emulator-testing';
import { startIdentityEmulator } from './emulator';
import { FIRST_STAFF_EMAIL, firstStaffConsoleLines, seedFirstStaffMember } from './first-staff';

describe('first staff member on npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-first-'));
  const origin = 'http://127.0.0.1:8080';
  const poolId = 'local_first';
  const clientId = 'web-first';
  let database: Database;
  let db: SiteDb;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    db = database.db;
    await migrateApis(db, []);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One `npm start`: the emulator on the same data directory, the seeding, then the emulator stops. */
  async function start(mailbox: OutgoingMail[], local = true) {
    const port = await freePort();
    const emulator = await startIdentityEmulator({
      dataDir,
      port,
      userPoolId: poolId,
      clientId,
      deliver: async () => undefined,
      log: false,
    });
    const identity = { region: 'us-east-1', endpoint: emulator.url, userPoolId: poolId };
    const client = cognitoAdminClient(identity, {});
    const directory = databaseStaffDirectory(db, cognitoStaffAccounts(identity, { client }));
    try {
      const outcome = await seedFirstStaffMember({
        directory,
        mailer: { local, send: async (mail) => void mailbox.push(mail) },
        origin,
        invitationMail,
      });
      // What a person does with the mail: open the link and choose a password, then sign in with it.
      const token = /\/equipo\/invitacion#(\S+)/.exec(mailbox.at(-1)?.text ?? '')?.[1] ?? '';
      const accepted = token ? await directory.accept(token, { name: 'Equipo de la fundación', password: 'Primera2026' }) : null;
      const signIn = accepted
        ? await client.send(
            new InitiateAuthCommand({
              ClientId: clientId,
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: FIRST_STAFF_EMAIL, PASSWORD: 'Primera2026' },
            }),
          )
        : null;
      return { outcome, accepted, signedIn: Boolean(signIn?.AuthenticationResult?.IdToken), members: await directory.list() };
    } finally {
      client.destroy();
      await emulator.close();
    }
  }

  it('invites one member with every role through the local mailbox, and not again on the next start', async () => {
    const mailbox: OutgoingMail[] = [];
    const first = await start(mailbox);
    expect(first.outcome).toMatchObject({ seeded: true, email: FIRST_STAFF_EMAIL, mailed: true });
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]).toMatchObject({ to: FIRST_STAFF_EMAIL, subject: expect.stringMatching(/invitación al panel/) });
    expect(mailbox[0]?.text).toContain(`${origin}/equipo/invitacion#`);
    expect(mailbox[0]?.text).not.toMatch(/Contraseña temporal/);
    // The link is the only way in: accepting it creates the account with the chosen password and every role.
    expect(first.accepted).toMatchObject({ email: FIRST_STAFF_EMAIL, roles: allStaffRoles, existingAccount: false });
    expect(first.signedIn).toBe(true);
    expect(first.members).toMatchObject([{ email: FIRST_STAFF_EMAIL, status: 'active', roles: allStaffRoles }]);
    expect(firstStaffConsoleLines(first.outcome, origin)).toEqual([
      `Panel del equipo: ${origin}/equipo — invitación para ${FIRST_STAFF_EMAIL} (todos los roles) en ${origin}/dev/mailbox: ábrela para elegir la contraseña`,
    ]);

    // The team lives in the site's database: a restart finds it and seeds nothing.
    const second = await start(mailbox);
    expect(second.outcome).toEqual({ seeded: false, members: 1 });
    expect(mailbox).toHaveLength(1);
    expect(firstStaffConsoleLines(second.outcome, origin)[0]).toBe(`Panel del equipo: ${origin}/equipo (1 en el equipo o invitados)`);
  });

  it('shows the link on the console when there is no local mailbox (SMTP configured)', () => {
    const lines = firstStaffConsoleLines(
      { seeded: true, email: FIRST_STAFF_EMAIL, mailed: false, link: `${origin}/equipo/invitacion#abc` },
      origin,
    );
    expect(lines[0]).toContain(`${origin}/equipo/invitacion#abc`);
  });
});

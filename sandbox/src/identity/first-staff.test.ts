import { afterAll, describe, expect, it } from '@jest/globals';
import { AdminListGroupsForUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cognitoAdminClient } from 'shared/server/cognito-admin';
import type { OutgoingMail } from 'shared/server/mailer';
import { cognitoStaffDirectory } from 'shared/server/staff-directory';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from 'shared/staff-groups';
import { startIdentityEmulator } from './emulator';
import { FIRST_STAFF_EMAIL, firstStaffConsoleLines, seedFirstStaffMember } from './first-staff';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('first staff member on npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-first-'));
  const origin = 'http://127.0.0.1:8080';
  const poolId = 'local_first';
  const clientId = 'web-first';
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
    try {
      const outcome = await seedFirstStaffMember({
        directory: cognitoStaffDirectory(identity, { client }),
        mailer: { local, send: async (mail) => void mailbox.push(mail) },
        origin,
      });
      // What a person does with the mail: sign in with it.
      const password = /Contraseña temporal: (\S+)/.exec(mailbox[0]?.text ?? '')?.[1] ?? '';
      const signIn = await client.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: FIRST_STAFF_EMAIL, PASSWORD: password },
        }),
      );
      const groups = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: FIRST_STAFF_EMAIL }));
      return { outcome, challenge: signIn.ChallengeName, groups: groups.Groups?.map((g) => g.GroupName).sort() };
    } finally {
      client.destroy();
      await emulator.close();
    }
  }

  it('makes one admin with a temporary password in the local mailbox, and not again on the next start', async () => {
    const mailbox: OutgoingMail[] = [];
    const first = await start(mailbox);
    expect(first.outcome).toMatchObject({ seeded: true, email: FIRST_STAFF_EMAIL, mailed: true });
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]).toMatchObject({ to: FIRST_STAFF_EMAIL, subject: expect.stringMatching(/panel del equipo/) });
    expect(mailbox[0]?.text).toContain(`${origin}/equipo`);
    expect(mailbox[0]?.text).toMatch(/aplicación autenticadora/);
    // The mailed password is the real one: the first sign-in asks for a new password, and the account is an admin.
    expect(first.challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.groups).toEqual([STAFF_GROUP, STAFF_ADMIN_GROUP].sort());
    expect(firstStaffConsoleLines(first.outcome, origin)).toEqual([
      `Panel del equipo: ${origin}/equipo — credenciales en ${origin}/dev/mailbox (primera cuenta: ${FIRST_STAFF_EMAIL}, con permisos de administración)`,
    ]);

    // The emulator's users persist in the data directory: a restart finds the team and seeds nothing.
    const second = await start(mailbox);
    expect(second.outcome).toEqual({ seeded: false, members: 1 });
    expect(mailbox).toHaveLength(1);
    expect(firstStaffConsoleLines(second.outcome, origin)[0]).toBe(
      `Panel del equipo: ${origin}/equipo (1 en el equipo; npm run staff -- list)`,
    );
  });

  it('shows the password on the console when there is no local mailbox (SMTP configured)', () => {
    const lines = firstStaffConsoleLines(
      { seeded: true, email: FIRST_STAFF_EMAIL, temporaryPassword: 'Abc234defGHK', mailed: false },
      origin,
    );
    expect(lines[0]).toContain('contraseña temporal: Abc234defGHK');
  });
});

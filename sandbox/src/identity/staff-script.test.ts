import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cognitoAdminClient } from 'shared/server/cognito-admin';
import { EMULATOR_CLIENT_ID, EMULATOR_POOL_ID } from 'shared/server/server-config';
import { runStaffCommand } from '../../../scripts/staff';
import { startIdentityEmulator, type IdentityEmulator } from './emulator';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** `npm run staff -- …` (scripts/staff.ts) against the emulator a running `npm start` serves, as the environment finds it. */
describe('npm run staff', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'identity-script-'));
  let emulator: IdentityEmulator;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const port = await freePort();
    emulator = await startIdentityEmulator({
      dataDir,
      port,
      userPoolId: EMULATOR_POOL_ID,
      clientId: EMULATOR_CLIENT_ID,
      deliver: async () => undefined,
      log: false,
    });
    env = { IDENTITY_EMULATOR_PORT: String(port), PUBLIC_ORIGIN: 'http://127.0.0.1:8080' };
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(args, { env, print: (l) => out.push(l), printError: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('adds a member, prints the temporary password once and how to sign in, and that password works', async () => {
    const empty = await run('list');
    expect(empty).toMatchObject({ code: 0, out: expect.stringContaining('no tiene a nadie todavía') });

    const added = await run('add', 'Marta.Ruiz@Fundacion.test', '--admin');
    expect(added.code).toBe(0);
    expect(added.out).toContain('marta.ruiz@fundacion.test ahora es parte del equipo, con permisos de administración');
    expect(added.out).toContain('http://127.0.0.1:8080/equipo');
    expect(added.out).toMatch(/verificación en dos pasos/);
    const password = /Contraseña temporal[^:]*: (\S+)/.exec(added.out)?.[1] ?? '';
    const client = cognitoAdminClient({ region: 'us-east-1', endpoint: emulator.url }, {});
    const signIn = await client.send(
      new InitiateAuthCommand({
        ClientId: EMULATOR_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'marta.ruiz@fundacion.test', PASSWORD: password },
      }),
    );
    client.destroy();
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const listed = await run('list');
    expect(listed.out).toMatch(/marta\.ruiz@fundacion\.test: equipo y administración, verificación en dos pasos: pendiente/);

    // Adding again changes only the role, and never prints a password.
    const demoted = await run('add', 'marta.ruiz@fundacion.test');
    expect(demoted.out).toContain('ya sin permisos de administración');
    expect(demoted.out).not.toMatch(/Contraseña/);
    expect((await run('add', 'marta.ruiz@fundacion.test')).out).toContain('no cambió nada');
  });

  it('removes a member and says so; unknown people and non-members are clear errors', async () => {
    await run('add', 'retirar@fundacion.test');
    const removed = await run('remove', 'retirar@fundacion.test');
    expect(removed).toMatchObject({ code: 0, out: expect.stringContaining('ya no es parte del equipo') });
    expect((await run('list')).out).not.toContain('retirar@fundacion.test');

    expect(await run('remove', 'retirar@fundacion.test')).toMatchObject({
      code: 1,
      err: 'retirar@fundacion.test no es parte del equipo: no hay nada que retirar.',
    });
    const unknown = await run('remove', 'nadie@fundacion.test');
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('No existe ninguna cuenta con el correo nadie@fundacion.test') });
  });

  it('explains a wrong command line, and a missing pool when no emulator is running', async () => {
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining('Uso:') });
    expect(await run('borrar', 'a@b.co')).toMatchObject({ code: 2, err: expect.stringContaining('No conozco la orden "borrar"') });
    expect(await run('add', 'no-es-correo')).toMatchObject({ code: 2, err: expect.stringContaining('no es un correo válido') });
    expect(await run('remove', 'a@b.co', '--admin')).toMatchObject({ code: 2 });

    const noEmulator: string[] = [];
    const env = { IDENTITY_EMULATOR_PORT: String(await freePort()) };
    expect(await runStaffCommand(['list'], { env, print: () => undefined, printError: (l) => noEmulator.push(l) })).toBe(1);
    expect(noEmulator[0]).toMatch(/No hay un grupo de usuarios configurado \(COGNITO_USER_POOL_ID\).*npm start/);
    const production: string[] = [];
    expect(
      await runStaffCommand(['list'], { env: { NODE_ENV: 'production' }, print: () => undefined, printError: (l) => production.push(l) }),
    ).toBe(1);
    expect(production[0]).toMatch(/define COGNITO_USER_POOL_ID/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrateApis } from 'shared/server/api-mount';
import { openDatabase, type Database } from 'shared/server/db';
import type { OutgoingMail } from 'shared/server/mailer';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { fakeStaffAccounts } from 'shared/server/staff-testing';
import { runStaffCommand, type StaffCommandDeps } from '../../../scripts/staff';

/** `npm run staff -- …` (scripts/staff.ts) on a database and identity provider of its own. */
describe('npm run staff', () => {
  let database: Database;
  const accounts = fakeStaffAccounts();
  const sent: OutgoingMail[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrateApis(database.db, []);
  });
  afterAll(async () => database.close());

  const deps = async (): Promise<StaffCommandDeps> => ({
    directory: databaseStaffDirectory(database.db, accounts),
    mailer: { send: async (mail) => void sent.push(mail), flush: async () => undefined },
    origin: 'https://fundacion.example',
    close: async () => undefined,
  });
  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(args, { open: deps, print: (l) => out.push(l), printError: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('invites the first administrator by e-mail: a one-time link, no password anywhere, nothing granted until it is used', async () => {
    expect(await run('list')).toMatchObject({ code: 0, out: expect.stringContaining('no tiene a nadie todavía') });

    const invited = await run('invite', 'Marta.Ruiz@Fundacion.test', '--name', 'Marta Ruiz', '--roles', 'admin,finanzas');
    expect(invited.code).toBe(0);
    expect(invited.out).toContain('enviamos a marta.ruiz@fundacion.test una invitación con el rol de Finanzas y Administración');
    expect(invited.out).not.toMatch(/contraseña temporal/i);
    expect(sent.at(-1)).toMatchObject({ to: 'marta.ruiz@fundacion.test' });
    expect(sent.at(-1)?.text).toMatch(/https:\/\/fundacion\.example\/equipo\/invitacion#[A-Za-z0-9_-]{43}/);
    expect(accounts.get('marta.ruiz@fundacion.test')).toBeUndefined();
    expect((await run('list')).out).toMatch(/marta\.ruiz@fundacion\.test \(Marta Ruiz\): Finanzas y Administración; invitación pendiente/);

    // Inviting again renews the link; an address with an account is told what accepting does.
    accounts.open({ email: 'visitante@fundacion.test', password: 'Visitante2026' });
    const visitor = await run('invite', 'visitante@fundacion.test', '--name', 'Vera Visitante', '--roles', 'atencion');
    expect(visitor.out).toContain('ya tenía cuenta en el sitio');
    expect((await run('invite', 'marta.ruiz@fundacion.test', '--name', 'Marta Ruiz', '--roles', 'admin')).out).toContain(
      'la anterior ya no sirve',
    );
  });

  it('changes roles and removes (or cancels); unknown people are clear errors', async () => {
    expect((await run('roles', 'marta.ruiz@fundacion.test', '--roles', 'datos,admin')).out).toContain(
      'pasa de Administración a Protección de datos y Administración',
    );
    const cancelled = await run('remove', 'visitante@fundacion.test');
    expect(cancelled).toMatchObject({ code: 0, out: expect.stringContaining('cancelamos la invitación de visitante@fundacion.test') });
    expect(await run('remove', 'visitante@fundacion.test')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no hay nada que retirar'),
    });
    expect(await run('roles', 'nadie@fundacion.test', '--roles', 'admin')).toMatchObject({ code: 1 });
  });

  it('explains a wrong command line, and a missing database', async () => {
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining('Uso:') });
    expect(await run('borrar', 'a@b.co')).toMatchObject({ code: 2, err: expect.stringContaining('No conozco la orden "borrar"') });
    expect(await run('invite', 'no-es-correo', '--name', 'X Y', '--roles', 'admin')).toMatchObject({
      code: 2,
      err: expect.stringContaining('no es un correo válido'),
    });
    expect(await run('invite', 'a@b.co', '--roles', 'admin')).toMatchObject({ code: 2, err: expect.stringContaining('--name') });
    expect(await run('invite', 'a@b.co', '--name', 'A B', '--roles', 'jefe')).toMatchObject({
      code: 2,
      err: expect.stringContaining('jefe'),
    });
    expect(await run('remove', 'a@b.co', '--admin')).toMatchObject({ code: 2 });

    const noDatabase: string[] = [];
    const env = { PORT: '1', PUBLIC_ORIGIN: 'http://127.0.0.1:1' };
    expect(await runStaffCommand(['list'], { env, print: () => undefined, printError: (l) => noDatabase.push(l) })).toBe(1);
    expect(noDatabase[0]).toMatch(/Define DATABASE_URL/);
    const production: string[] = [];
    expect(
      await runStaffCommand(['list'], { env: { NODE_ENV: 'production' }, print: () => undefined, printError: (l) => production.push(l) }),
    ).toBe(1);
    expect(production[0]).toMatch(/define COGNITO_USER_POOL_ID/);
  });
});

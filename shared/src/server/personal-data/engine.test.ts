import { afterEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { Database } from '../db';
import { readPdfText } from '../pdf/testing';
import { testDatabases } from '../test-databases';
import { createPersonalDataEngine } from './engine';
import type { IdentityAccounts } from './identity-accounts';
import type { TableSpec } from './registry';
import { combineRegistries } from './registry';

// The engine on a registry of its own over a throwaway `probe` schema: how rows belong to a person (address columns in
// any case, digests, rows of their rows, mails naming them, records only tied to their account), what the copy shows,
// and what an erasure does to each kind of row. The site's own registry is tested against every domain in
// shell/server/src/personal-data*.test.ts.

/** A declaration of a probe table (not in the site's `Database` type). */
const spec = (s: Omit<TableSpec, 'table' | 'belongs'> & { table: string; belongs: ReadonlyArray<Record<string, unknown>> }): TableSpec =>
  s as unknown as TableSpec;
const digest = (email: string) => `digest:${email}`;

const registry = combineRegistries([
  {
    tables: [
      spec({
        table: 'probe.people',
        label: 'Personas',
        belongs: [{ email: ['email'] }],
        columns: {
          email: { label: 'Correo', personal: 'correo' },
          name: { label: 'Nombre', personal: 'nombre', keptOnRetained: true },
          doc: { label: 'Documento', personal: 'documento', keptOnRetained: true },
          phone: { label: 'Teléfono', personal: 'telefono' },
          paid: { label: 'Pagó' },
          status: { label: 'Estado', values: { ok: 'Al día' } },
          created_at: { label: 'Fecha' },
        },
        erase: { action: 'retain-if', when: sql<boolean>`t.paid`, why: 'pagos' },
        orderBy: 'created_at',
      }),
      spec({
        table: 'probe.notes',
        label: 'Notas',
        belongs: [{ parent: 'probe.people', column: 'person_id', parentColumn: 'id' }],
        columns: { person_id: {}, body: { label: 'Nota', personal: 'texto' } },
        erase: { action: 'delete' },
      }),
      spec({
        table: 'probe.events',
        label: 'Eventos',
        belongs: [{ parent: 'probe.people', column: 'person_id', parentColumn: 'id' }],
        columns: { person_id: {}, status: { label: 'Estado' } },
        erase: { action: 'follow-parent' },
      }),
      spec({
        table: 'probe.limits',
        label: 'Límites',
        belongs: [{ key: 'address_key', digest }],
        columns: { address_key: { personal: 'seudonimo' }, day: { label: 'Día' } },
        erase: { action: 'delete' },
      }),
      spec({
        table: 'probe.mails',
        label: 'Correos',
        belongs: [{ email: ['to_address'] }, { mentions: ['body'] }],
        columns: { to_address: { label: 'Para', personal: 'correo' }, body: { label: 'Texto', personal: 'texto' } },
        erase: { action: 'delete' },
      }),
      spec({
        table: 'probe.orders',
        label: 'Pedidos',
        belongs: [{ email: ['owner_email'] }, { linkedBy: ['account_email'], unlink: ['account_email', 'account_sub'] }],
        columns: {
          owner_email: { label: 'Correo', personal: 'correo' },
          account_email: { label: 'Cuenta', personal: 'correo' },
          account_sub: { personal: 'cuenta' },
        },
        erase: { action: 'delete' },
      }),
      spec({
        table: 'probe.requests',
        label: 'Solicitudes',
        belongs: [{ email: ['email'] }],
        columns: {
          email: { label: 'Correo', personal: 'correo' },
          details: { label: 'Detalle', personal: 'texto' },
          radicado: { label: 'Radicado' },
        },
        erase: { action: 'anonymise', why: 'prueba de respuesta' },
      }),
    ],
  },
]);

/** The identity provider in miniature, recording what it was asked; `down` makes every call fail. */
function fakeAccounts(emails: string[]) {
  const users = new Set(emails);
  const calls: string[] = [];
  let down = false;
  const accounts: IdentityAccounts = {
    async find(email) {
      calls.push(`find ${email}`);
      if (down) throw new Error('sin red');
      return users.has(email)
        ? {
            attributes: { email, name: 'Zoë Ñáñez 👩‍👩‍👧', 'custom:identity_number': '52123456' },
            createdAt: null,
            enabled: true,
            status: 'CONFIRMED',
          }
        : null;
    },
    async remove(email) {
      calls.push(`remove ${email}`);
      if (down) throw new Error('sin red');
      return users.delete(email);
    },
  };
  return { accounts, calls, users, setDown: (v: boolean) => (down = v) };
}

describe.each(testDatabases)('personal-data engine on %s', (_name, open) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function seeded() {
    database = await open();
    const { db } = database;
    await sql`create schema if not exists probe`.execute(db);
    await sql`create table probe.people (id serial primary key, email text not null, name text not null, doc text not null,
      phone text, paid boolean not null default false, status text, created_at timestamptz not null default now())`.execute(db);
    await sql`create table probe.notes (id serial primary key, person_id int not null references probe.people(id) on delete cascade, body text)`.execute(
      db,
    );
    await sql`create table probe.events (id serial primary key, person_id int not null, status text not null)`.execute(db);
    await sql`create table probe.limits (address_key text not null, day text not null)`.execute(db);
    await sql`create table probe.mails (id serial primary key, to_address text not null, body text not null)`.execute(db);
    await sql`create table probe.orders (id serial primary key, owner_email text not null, account_email text, account_sub text)`.execute(
      db,
    );
    await sql`create table probe.requests (id serial primary key, radicado text not null, email text, details text)`.execute(db);
    await sql`insert into probe.people (id, email, name, doc, phone, paid, status, created_at) values
      (1, ' Zoe@Example.com ', 'Zoë Ñáñez 👩‍👩‍👧', '52123456', '3001112233', true, 'ok', '2026-01-02T15:00:00Z'),
      (2, 'zoe@example.com', 'Zoë Ñáñez', '52123456', '3001112233', false, null, '2026-01-03T15:00:00Z'),
      (3, 'otra@example.com', 'Otra Persona', '11111111', '3009999999', false, null, '2026-01-04T15:00:00Z')`.execute(db);
    await sql`insert into probe.notes (person_id, body) values (1, 'nota de la pagada'), (2, 'nota de la no pagada'), (3, 'nota de otra')`.execute(
      db,
    );
    await sql`insert into probe.events (person_id, status) values (1, 'approved'), (2, 'rejected'), (3, 'rejected')`.execute(db);
    await sql`insert into probe.limits values (${digest('zoe@example.com')}, '2026-01-02'), (${digest('otra@example.com')}, '2026-01-02')`.execute(
      db,
    );
    await sql`insert into probe.mails (to_address, body) values ('zoe@example.com', 'Hola Zoë'),
      ('equipo@fundacion.org', 'Nueva solicitud de ZOE@example.com.'), ('otra@example.com', 'Hola'),
      ('equipo@fundacion.org', 'Escribieron mazoe@example.com y zoe@example.com.co')`.execute(db);
    await sql`insert into probe.orders (owner_email, account_email, account_sub) values ('zoe@example.com', null, null),
      ('hija@example.com', 'zoe@example.com', 'sub-zoe'), ('otra@example.com', 'otra@example.com', 'sub-otra')`.execute(db);
    await sql`insert into probe.requests (radicado, email, details) values ('DP-1', 'zoe@example.com', 'mi cédula 52123456'),
      ('DP-2', 'otra@example.com', 'otra')`.execute(db);
    return db;
  }

  it('copies every record of the address, as JSON with Spanish labels and as a readable PDF, and nobody else’s', async () => {
    const db = await seeded();
    const fake = fakeAccounts(['zoe@example.com']);
    const engine = createPersonalDataEngine({ db, accounts: fake.accounts, registry, now: () => new Date('2026-03-16T15:00:00Z') });
    const copy = await engine.exportFor(' ZOE@example.com');
    const doc = JSON.parse(copy.json) as {
      titular: string;
      generada: string;
      total_registros: number;
      grupos: Array<{ tipo: string; origen: string; cantidad: number; registros: Array<Record<string, unknown>> }>;
    };
    expect(doc).toMatchObject({ titular: 'zoe@example.com', generada: '2026-03-16T15:00:00.000Z' });
    const byTitle = Object.fromEntries(doc.grupos.map((g) => [g.tipo, g.registros]));
    expect(Object.keys(byTitle)).toEqual([
      'Cuenta en el sitio (proveedor de identidad)',
      'Personas',
      'Notas',
      'Eventos',
      'Límites',
      'Correos',
      'Pedidos',
      'Solicitudes',
    ]);
    expect(byTitle['Personas']).toEqual([
      {
        Correo: ' Zoe@Example.com ',
        Nombre: 'Zoë Ñáñez 👩‍👩‍👧',
        Documento: '52123456',
        Teléfono: '3001112233',
        Pagó: true,
        Estado: 'Al día',
        Fecha: '2026-01-02T15:00:00.000Z',
      },
      expect.objectContaining({ Pagó: false, Estado: null }),
    ]);
    expect(byTitle['Notas']?.map((r) => r['Nota']).sort()).toEqual(['nota de la no pagada', 'nota de la pagada']);
    // A digest is found by the address but never shown; a mail to the team naming the address is not the person's.
    expect(byTitle['Límites']).toEqual([{ Día: '2026-01-02' }]);
    expect(byTitle['Correos']).toEqual([{ Para: 'zoe@example.com', Texto: 'Hola Zoë' }]);
    // An order made for someone else from the person's account is theirs to see.
    expect(byTitle['Pedidos']).toHaveLength(2);
    expect(JSON.stringify(doc)).not.toMatch(/otra|11111111|sub-zoe/);
    expect(copy.records).toBe(doc.total_registros);
    expect(copy.records).toBe(1 + 2 + 2 + 2 + 1 + 1 + 2 + 1);
    expect(fake.calls).toEqual(['find zoe@example.com']);

    const text = (await readPdfText(copy.pdf)).map((p) => p.text).join('\n');
    expect(text).toContain('Copia de tus datos personales');
    expect(text).toContain('zoe@example.com');
    expect(text).toContain('Personas (2)');
    expect(text).toContain('Fecha: 2 de enero de 2026, 10:00');
    expect(text).toContain('Pagó: Sí');
    // The emoji family no font of the site has prints as one '?', the accents as typed.
    expect(text).toContain('Nombre: Zoë Ñáñez ?');
    expect(text).not.toContain('Otra Persona');
  });

  it('copies an address with nothing as an empty copy that says so, and refuses no address at all', async () => {
    const db = await seeded();
    const engine = createPersonalDataEngine({ db, accounts: fakeAccounts([]).accounts, registry });
    const copy = await engine.exportFor('nadie@example.com');
    expect(copy.records).toBe(0);
    expect(JSON.parse(copy.json)).toMatchObject({ total_registros: 0, grupos: [] });
    expect((await readPdfText(copy.pdf))[0]?.text).toContain('No encontramos ningún registro asociado a este correo.');
    // An empty address would match every blanked record: refused in Spanish.
    await expect(engine.exportFor('  ')).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('no tiene un correo') });
  });

  it('erases in one pass: deletes, keeps what the law obliges without contact data, follows parents, unlinks, and deletes the account', async () => {
    const db = await seeded();
    const fake = fakeAccounts(['zoe@example.com']);
    const engine = createPersonalDataEngine({ db, accounts: fake.accounts, registry });
    const summary = await db.transaction().execute((trx) => engine.eraseData(trx, 'Zoe@Example.com'));
    expect(await engine.removeAccount('Zoe@Example.com')).toBe(true);
    expect(summary).toEqual({
      'Personas — registros borrados': 1,
      'Personas — conservados por obligación legal, sin datos de contacto': 1,
      'Notas — registros borrados': 2,
      'Eventos — registros borrados': 1,
      'Límites — registros borrados': 1,
      'Correos — registros borrados': 2,
      'Pedidos — registros borrados': 1,
      'Pedidos — desvinculados de la cuenta': 1,
      'Solicitudes — conservados sin datos personales': 1,
    });
    const rows = async (table: string) =>
      (await sql<Record<string, unknown>>`select * from ${sql.raw(table)} order by 1`.execute(db)).rows.map((r) => {
        const { created_at: _at, ...rest } = r;
        return rest;
      });
    // The paid record stays with its name and document, without e-mail or phone; the unpaid one is gone.
    expect(await rows('probe.people')).toEqual([
      { id: 1, email: '', name: 'Zoë Ñáñez 👩‍👩‍👧', doc: '52123456', phone: null, paid: true, status: 'ok' },
      { id: 3, email: 'otra@example.com', name: 'Otra Persona', doc: '11111111', phone: '3009999999', paid: false, status: null },
    ]);
    // Notes go with the person's rows, kept or not; payment events stay with the kept record only.
    expect((await rows('probe.notes')).map((r) => r.body)).toEqual(['nota de otra']);
    expect((await rows('probe.events')).map((r) => [r.person_id, r.status])).toEqual([
      [1, 'approved'],
      [3, 'rejected'],
    ]);
    expect(await rows('probe.limits')).toEqual([{ address_key: digest('otra@example.com'), day: '2026-01-02' }]);
    // A mail merely naming the address goes too, but not one naming another address that contains it.
    expect((await rows('probe.mails')).map((r) => r.body)).toEqual(['Hola', 'Escribieron mazoe@example.com y zoe@example.com.co']);
    // The daughter's order made from the person's account stays hers, no longer tied to the account.
    expect((await rows('probe.orders')).map((r) => [r.owner_email, r.account_email, r.account_sub])).toEqual([
      ['hija@example.com', null, null],
      ['otra@example.com', 'otra@example.com', 'sub-otra'],
    ]);
    expect((await rows('probe.requests')).map((r) => [r.radicado, r.email, r.details])).toEqual([
      ['DP-1', null, null],
      ['DP-2', 'otra@example.com', 'otra'],
    ]);
    expect(fake.users.has('zoe@example.com')).toBe(false);

    // Again: nothing left to do, and nothing counted twice; no account left is not an error.
    expect(await db.transaction().execute((trx) => engine.eraseData(trx, 'zoe@example.com'))).toEqual({});
    expect(await engine.removeAccount('zoe@example.com')).toBe(false);
    await expect(db.transaction().execute((trx) => engine.eraseData(trx, ''))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('erases within the caller’s transaction (a failure after it keeps everything), and deletes the account apart: 502 in Spanish when the provider is down', async () => {
    const db = await seeded();
    const fake = fakeAccounts(['zoe@example.com']);
    const engine = createPersonalDataEngine({ db, accounts: fake.accounts, registry });
    const holding = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from probe.people where lower(trim(email)) = 'zoe@example.com'`.execute(db))
        .rows[0]?.n;
    expect(await holding()).toBe(2);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await engine.eraseData(trx, 'zoe@example.com')).toMatchObject({ 'Personas — registros borrados': 1 });
        throw new Error('el registro de la supresión falló');
      }),
    ).rejects.toThrow('el registro de la supresión falló');
    expect(await holding()).toBe(2);
    expect(fake.calls.filter((c) => c.startsWith('remove'))).toEqual([]);

    fake.setDown(true);
    await expect(engine.removeAccount('zoe@example.com')).rejects.toMatchObject({
      statusCode: 502,
      code: 'identity_unavailable',
      message: expect.stringContaining('No pudimos borrar la cuenta'),
    });
    fake.setDown(false);
    expect(await engine.removeAccount('zoe@example.com')).toBe(true);
    expect(fake.users.size).toBe(0);
  });

  it('answers 502 in Spanish when the identity provider cannot be read', async () => {
    const db = await seeded();
    const fake = fakeAccounts(['zoe@example.com']);
    fake.setDown(true);
    const engine = createPersonalDataEngine({ db, accounts: fake.accounts, registry });
    await expect(engine.exportFor('zoe@example.com')).rejects.toMatchObject({ statusCode: 502, code: 'identity_unavailable' });
  });
});

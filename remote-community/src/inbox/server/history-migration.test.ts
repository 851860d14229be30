import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { migrateDomain, openDatabase, type Database } from 'shared/server/db';
import { communityMigrations } from '../../../server/migrations';

// Migration 013: the old one-per-record 'Contactado' mark (community.contact_marks) becomes the first contact of each
// record's history, with its time, member and note, and no channel (nobody recorded one); then the mark is dropped.

const KEY = '013_community_record_history';
const before013 = {
  ...communityMigrations,
  migrations: Object.fromEntries(Object.entries(communityMigrations.migrations).filter(([name]) => name < KEY)),
};

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrateDomain(database.db, before013);
});
afterAll(async () => database.close());

describe(`migration ${KEY}`, () => {
  it('moves each mark into the history as a contact without a channel, keeps records without a mark pending, and drops the mark', async () => {
    const { db } = database;
    await sql`insert into community.volunteers (id, volunteer_name, volunteer_lastname, id_type, id_number, age, address,
        phone_number, email, purposes, activities)
      values (1, 'Ana', 'Pérez', 'Cédula de ciudadanía', '1012345678', 27, 'Calle 1', '3001234567', 'ana@example.com', 'x', 'y'),
             (2, 'Luis', 'Gil', 'Cédula de ciudadanía', '1012345679', 30, 'Calle 2', '3001234568', 'luis@example.com', 'x', 'y')`.execute(
      db,
    );
    await sql`insert into community.contact_marks (kind, record_id, contacted_at, contacted_by_sub, contacted_by_email, note)
      values ('volunteers', 1, '2026-03-04T15:10:00Z', 'sub-ana', 'ana@fundacion.org', 'Llamé; vendrá el sábado.')`.execute(db);

    await migrateDomain(db, communityMigrations);

    const history = await sql<Record<string, unknown>>`select kind, record_id, event, channel, note, at, actor_sub, actor_email
      from community.record_history order by id`.execute(db);
    expect(history.rows).toEqual([
      {
        kind: 'volunteers',
        record_id: 1,
        event: 'contacto',
        channel: null,
        note: 'Llamé; vendrá el sábado.',
        at: new Date('2026-03-04T15:10:00Z'),
        actor_sub: 'sub-ana',
        actor_email: 'ana@fundacion.org',
      },
    ]);
    const marks = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = 'community' and table_name = 'contact_marks'`.execute(db);
    expect(marks.rows[0]!.n).toBe(0);
  });
});

import { afterEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import accountApi from 'remote-account/server';
import communityApi from 'remote-community/server';
import coursesApi from 'remote-courses/server';
import givingApi from 'remote-giving/server';
import { migrateApis } from 'shared/server/api-mount';
import type { Database } from 'shared/server/db';
import { registryProblems } from 'shared/server/personal-data/registry-check';
import { readColumns } from 'shared/server/personal-data/schema-info';
import { siteRegistry } from '../../../site/personal-data';
import { testDatabases } from 'shared/server/test-databases';

// The registry of personal data (shared/src/server/personal-data/) against the database every domain migrates: a table
// with a text, JSON or binary column must be declared (how its rows belong to a person, its personal columns, what an
// erasure does), or listed as holding only the team's data or none at all. A new table or column nobody declared fails
// here, so the copy and the erasure cannot silently miss it.
describe.each(testDatabases)('the registry of personal data on %s', (_name, open) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function migrated() {
    database = await open();
    await migrateApis(database.db, [coursesApi, givingApi, communityApi, accountApi]);
    return database.db;
  }

  it('declares every table and every text column of every schema, or lists it as holding no visitor’s data', async () => {
    const db = await migrated();
    expect(registryProblems(await readColumns(db), siteRegistry)).toEqual([]);
  });

  it('names a table nobody declared, a new text column of a declared one, and a declaration the database lacks', async () => {
    const db = await migrated();
    await sql`create table community.future_forms (id serial primary key, nickname text)`.execute(db);
    await sql`alter table community.volunteers add column hobbies jsonb`.execute(db);
    await sql`alter table account.data_requests drop column correction`.execute(db);
    expect(registryProblems(await readColumns(db), siteRegistry).sort()).toEqual([
      'account.data_requests.correction: declarada pero no existe',
      'community.future_forms: tabla con texto que el registro no declara',
      'community.volunteers.hobbies: columna sin declarar',
    ]);
  });
});

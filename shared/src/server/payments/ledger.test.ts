import { afterEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { SiteDb } from '../database';
import { testDatabases } from '../test-databases';
import { countLedgerRows, readLedgerList, readLedgerRows, type LedgerSource } from './ledger';

/** A payable of its own, as a new one (monthly-giving subscriptions) would describe itself to the ledger kit. */
type Filter = { q?: string | undefined; plan?: string | undefined };
type Row = { id: number; reference: string; name: string; plan: string };
const subscriptions: LedgerSource<Filter> = {
  table: 'probe.subscriptions',
  columns: 't.id, t.reference, t.name, t.plan',
  where: (filter) => (filter.plan ? [sql`t.plan = ${filter.plan}`] : []),
};

describe.each(testDatabases)('ledger kit on %s', (_name, open) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  const seeded = async (): Promise<SiteDb> => {
    database = await open();
    const { db } = database;
    await sql`create schema if not exists probe`.execute(db);
    await sql`create table probe.subscriptions (id serial primary key, reference text not null, name text not null, plan text not null,
      ledger_search text not null)`.execute(db);
    const people = ['Lucía Peña', 'Pedro Ruiz', 'Ana Gómez', 'Lucía Toro', 'Mario Díaz'];
    for (const [i, name] of people.entries())
      await sql`insert into probe.subscriptions (reference, name, plan, ledger_search)
        values (${`SUS-${i + 1}`}, ${name}, ${i % 2 ? 'anual' : 'mensual'}, ${name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')})`.execute(
        db,
      );
    return db;
  };

  it('pages newest first with a cursor, and counts (the summary) only with the first page', async () => {
    const db = await seeded();
    let summaries = 0;
    const summaryOf = async (filter: Filter) => {
      summaries += 1;
      return countLedgerRows(db, subscriptions, filter);
    };
    const first = await readLedgerList<Row, Filter, number>(db, subscriptions, { limit: 2 }, 50, summaryOf);
    expect(first.rows.map((r) => r.reference)).toEqual(['SUS-5', 'SUS-4']);
    expect(first.summary).toBe(5);
    expect(first.nextCursor).toBe(String(first.rows[1]!.id));

    const second = await readLedgerList<Row, Filter, number>(
      db,
      subscriptions,
      { limit: 2, cursor: Number(first.nextCursor) },
      50,
      summaryOf,
    );
    expect(second.rows.map((r) => r.reference)).toEqual(['SUS-3', 'SUS-2']);
    expect(second.summary).toBeNull();
    const last = await readLedgerList<Row, Filter, number>(
      db,
      subscriptions,
      { limit: 2, cursor: Number(second.nextCursor) },
      50,
      summaryOf,
    );
    expect(last.rows.map((r) => r.reference)).toEqual(['SUS-1']);
    expect(last.nextCursor).toBeNull();
    expect(summaries).toBe(1);
  });

  it('applies the payable’s own filters and the accent-blind search together', async () => {
    const db = await seeded();
    const rows = await readLedgerRows<Row, Filter>(db, subscriptions, { q: 'LUCIA', plan: 'mensual' }, 10);
    expect(rows.map((r) => r.name)).toEqual(['Lucía Peña']);
    expect(await countLedgerRows(db, subscriptions, { q: 'lucía' })).toBe(2);
    expect(await countLedgerRows(db, subscriptions, { plan: 'anual' })).toBe(2);
  });
});

// Raw insert rate into the newsletter table, on the same database the HTTP benchmark used (bench.mjs runs it
// after stopping the site: PGlite admits one process per data directory). Prints one JSON line.
import { openDatabase } from '../shared/src/server/db';

const [dataDir = '', countArg = '2000', concurrencyArg = '16'] = process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir, poolSize: concurrency });
const run = Date.now().toString(36);
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < count; i = next++) {
      await database.db
        .insertInto('community.newsletter_subscriptions')
        .values({ email: `raw-${i}-${run}@example.com` })
        .execute();
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await database.db.deleteFrom('community.newsletter_subscriptions').where('email', 'like', `raw-%-${run}@example.com`).execute();
await database.close();
console.log(JSON.stringify({ database: database.kind, rows: count, seconds, rowsPerSecond: count / seconds }));

// Runs the object store stand-in by itself: node --import tsx sandbox/src/objects/main.ts
import path from 'node:path';
import { envInt } from 'shared/server/server-config';
import { startObjectStandIn } from './server';

const env = process.env;
const standIn = await startObjectStandIn({
  port: envInt(env.OBJECT_STORE_PORT, 9400),
  // Loopback only: a test double, not a service for the network.
  host: '127.0.0.1',
  dataDir: path.resolve(env.DATA_DIR || '.data', 'objects'),
  log: env.LOG_LEVEL ?? 'info',
});
console.log(`Almacén de archivos local (compatible con S3) en ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}

// npm run deploy -- <remote>: ships one remote while the site runs. Builds a new release aside, precompresses it,
// carries the hashed files of the releases still kept (open tabs finish with them), switches `<app>/dist` in one
// rename, and prunes old releases. No shell build, no restart: the gateway sees the switch within a second.
//
//   npm run deploy -- remote-giving                 build and switch
//   npm run deploy -- remote-giving --list          the releases kept, the current one marked
//   npm run deploy -- remote-giving --rollback [id] switch back (to the previous release, or to id)
import path from 'node:path';
import { checkContract } from '../tooling/contract.mjs';
import { appReleaseStore, retentionFromEnv } from '../tooling/releases.mjs';
import { buildApp } from './build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const remotes = ['remote-courses', 'remote-giving', 'remote-community', 'remote-account'];
const args = process.argv.slice(2);
const app = args.find((a) => !a.startsWith('--'));

if (!app || !remotes.includes(app)) {
  console.error(`Uso: npm run deploy -- <${remotes.join('|')}> [--list | --rollback [versión]]`);
  console.error('El shell no se despliega así: su HTML lo sirve el gateway, que se reinicia con él.');
  process.exit(2);
}

const store = appReleaseStore(root, app);

if (args.includes('--list')) {
  const current = store.current();
  for (const r of store.list()) console.log(`${r.id === current ? '*' : ' '} ${r.id}  activada ${r.activatedAt ?? '—'}`);
  process.exit(0);
}

const started = Date.now();
try {
  if (args.includes('--rollback')) {
    const to = args[args.indexOf('--rollback') + 1];
    const unlock = await store.lock(`vuelta atrás de ${app} (pid ${process.pid})`);
    try {
      const result = store.rollback(to && !to.startsWith('--') ? to : undefined);
      console.log(`${app}: versión ${result.id} activa de nuevo (${Date.now() - started} ms)`);
    } finally {
      unlock();
    }
    process.exit(0);
  }

  const contract = checkContract(path.join(root, app));
  if (!contract.ok) {
    console.error(
      `${app} declara "shared": "${contract.range}" y el contrato compartido es ${contract.version}: el shell lo rechazaría. No se despliega.`,
    );
    process.exit(1);
  }
  const retention = retentionFromEnv();
  console.log(`Desplegando ${app} (contrato shared ${contract.version}, rango ${contract.range})`);
  const result = await buildApp(app, { retention });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${app}: versión ${result.id} activa. Despliegue en ${seconds} s (compilación ${(result.buildMs / 1000).toFixed(1)} s); ` +
      `versiones guardadas: ${result.kept.length} (las ${retention.keep} anteriores o reemplazadas hace menos de ${retention.keepDays} días)`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

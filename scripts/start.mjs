// npm start: builds whatever is missing or stale, then serves the whole site from one process, with React's production
// build on the server and in the browser unless NODE_ENV says otherwise (run-mode.mjs), and says which on start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMode } from './run-mode.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function node(args, env = process.env) {
  return spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
}

/** Lists the foundation's data still pending or malformed (shared/src/config/site.ts); the site hides pending values. */
async function printFoundationData() {
  try {
    const { tsImport } = await import('tsx/esm/api');
    const check = await tsImport(path.join(root, 'shared/src/server/foundation-data-check.ts'), import.meta.url);
    const pending = check.pendingFoundationData();
    const malformed = check.malformedFoundationData();
    if (!pending.length && !malformed.length) return;
    const lines = [
      ...(pending.length
        ? [
            `Datos de la fundación pendientes en ${check.FOUNDATION_DATA_FILE} (el sitio no los muestra; producción no arranca sin ${check.ALLOW_PENDING_VARIABLE}=1):`,
          ]
        : []),
      ...pending.map((f) => `  - ${f.label} (${f.key})`),
      ...malformed.map((f) => `Dato de la fundación mal escrito: ${f.key} (${f.label}) ${f.problem}.`),
    ];
    console.log(lines.join('\n'));
  } catch (err) {
    console.warn(`No se pudo revisar los datos de la fundación: ${err instanceof Error ? err.message : err}`);
  }
}

const build = node([path.join(root, 'scripts/build.mjs'), '--missing']);
build.on('exit', async (code) => {
  if (code !== 0) process.exit(code ?? 1);
  await printFoundationData();
  const run = startMode(process.env);
  console.log(run.banner.join('\n'));
  const server = node(['--import', 'tsx', path.join(root, 'scripts/serve.ts')], run.env);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (c) => process.exit(c ?? 0));
});

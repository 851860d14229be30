// npm run dev -w remote-<name>: that remote alone on a webpack dev server with live reload, its own routes only.
// Its API calls go to a gateway on GATEWAY_URL (started here on :8080 when none answers).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const app = process.argv[2];
const ports = { 'remote-courses': 3001, 'remote-giving': 3002, 'remote-community': 3003, 'remote-account': 3004 };
if (!(app in ports)) {
  console.error(`Uso: node scripts/dev-one.mjs <${Object.keys(ports).join('|')}>`);
  process.exit(2);
}
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const children = [];

const gatewayUp = await fetch(`${gatewayUrl}/healthz`)
  .then((r) => r.ok)
  .catch(() => false);
if (!gatewayUp) {
  console.log(`Iniciando el gateway para la API en ${gatewayUrl}`);
  children.push(spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/serve.ts')], { cwd: root, stdio: 'inherit' }));
}
const port = process.env.DEV_PORT ?? String(ports[app]);
children.push(
  spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: path.join(root, app),
    stdio: 'inherit',
    env: { ...process.env, STANDALONE: '1', DEV_PORT: port, GATEWAY_URL: gatewayUrl },
  }),
);
console.log(`${app} solo: http://127.0.0.1:${port}/ (abre una de sus rutas, p. ej. /contribuciones)`);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

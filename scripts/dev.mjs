// npm run dev: every app rebuilt on change (development mode) and the gateway restarted when server code changes.
// Reload the browser to see a change; `npm run dev -w remote-<name>` runs one remote alone with live reload.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { appReleaseStore } from '../tooling/releases.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const apps = ['shell', 'remote-courses', 'remote-giving', 'remote-community', 'remote-account'];
const children = [];
const start = (args, cwd = root, env = {}) => {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

console.log(
  'React: compilación de desarrollo en el navegador (webpack --mode development); sin compilación de servidor, el servidor deja cada página al navegador. npm start sirve la de producción.',
);

// Watch builds write a release of their own, `dev`, and `<app>/dist` points at it: a production release is never
// rewritten in place (its files may be carried for open tabs). The next `npm start` builds and switches back.
for (const app of apps) {
  const store = appReleaseStore(root, app);
  const dir = path.join(store.store, 'dev');
  mkdirSync(dir, { recursive: true });
  store.switchPointer('dev');
  start([path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--watch', '--mode', 'development'], path.join(root, app), {
    BUILD_OUTPUT_DIR: dir,
  });
}
start([
  '--import',
  'tsx',
  path.join(root, 'node_modules/tsx/dist/cli.mjs'),
  'watch',
  '--clear-screen=false',
  path.join(root, 'scripts/serve.ts'),
]);

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

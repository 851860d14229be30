// npm run dev: every app rebuilt on change (development mode) and the gateway restarted when server code changes.
// Reload the browser to see a change; `npm run dev -w remote-<name>` runs one remote alone with live reload.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const apps = ['shell', 'remote-courses', 'remote-giving', 'remote-community', 'remote-account'];
const children = [];
const start = (args, cwd = root) => {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: process.env });
  children.push(child);
  return child;
};

for (const app of apps)
  start([path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--watch', '--mode', 'development'], path.join(root, app));
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

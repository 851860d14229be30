// npm start: builds whatever is missing or stale, then serves the whole site from one process.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function node(args, extraEnv = {}) {
  return spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
}

const build = node([path.join(root, 'scripts/build.mjs'), '--missing']);
build.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  const server = node(['--import', 'tsx', path.join(root, 'scripts/serve.ts')]);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (c) => process.exit(c ?? 0));
});

// npm start: builds whatever is missing or stale, then serves the whole site from one process, with React's production
// build on the server and in the browser unless NODE_ENV says otherwise (run-mode.mjs), and says which on start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMode } from './run-mode.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function node(args, env = process.env) {
  return spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
}

const build = node([path.join(root, 'scripts/build.mjs'), '--missing']);
build.on('exit', async (code) => {
  if (code !== 0) process.exit(code ?? 1);
  const run = startMode(process.env);
  console.log(run.banner.join('\n'));
  const server = node(['--import', 'tsx', path.join(root, 'scripts/serve.ts')], run.env);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (c) => process.exit(c ?? 0));
});

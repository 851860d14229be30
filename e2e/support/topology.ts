// The container topology as plain processes (there is no Docker engine here): each remote's own service and a gateway
// proxying to them, started from any checkout on free ports, each with its own PGlite directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const remotes = ['courses', 'giving', 'community', 'account'] as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Service {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `node --import tsx <script>` and waits until its /healthz answers 200. */
export async function startService(name: string, script: string, env: NodeJS.ProcessEnv, cwd = repoRoot): Promise<Service> {
  const port = Number(env.PORT);
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} terminó al iniciar (código ${child.exitCode}):\n${out}`);
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} no estuvo listo a tiempo:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name,
    url,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Settings every process of one test site shares: its own stand-in ports (never the defaults others use). */
export async function siteEnv(publicOrigin: string): Promise<NodeJS.ProcessEnv> {
  return {
    DATABASE_URL: '',
    PUBLIC_ORIGIN: publicOrigin,
    RATE_LIMIT_WRITES: '10000',
    COURSES_SEAT_HOLDS_PER_CLIENT: '10000',
    PAYMENT_SANDBOX_PORT: String(await freePort()),
    IDENTITY_EMULATOR_PORT: String(await freePort()),
    OBJECT_STORE_PORT: String(await freePort()),
    INVOICING_SANDBOX_PORT: String(await freePort()),
    // The site's default, not e2e/run.mjs's shorter one: the defaults are what is under test.
    REMOTE_LOAD_TIMEOUT_MS: '',
  };
}

/**
 * A copy of the checkout's sources in a temporary folder (its node_modules linked, not copied), so a test can change
 * and deploy a remote without touching the builds other tests and people use.
 */
export function copyCheckout(): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'checkout-'));
  const skip = new Set(['node_modules', '.git', 'dist', '.data', '.cognito', 'coverage', 'artifacts', 'results']);
  cpSync(repoRoot, root, {
    recursive: true,
    filter: (src) => !skip.has(path.basename(src)) || src === repoRoot,
  });
  // Workspaces may hold their own node_modules (versions that differ from the root's): link those too.
  for (const dir of ['', 'shared', 'shell', 'sandbox', 'e2e', ...remotes.map((r) => `remote-${r}`)]) {
    const from = path.join(repoRoot, dir, 'node_modules');
    if (existsSync(from)) symlinkSync(from, path.join(root, dir, 'node_modules'), 'dir');
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

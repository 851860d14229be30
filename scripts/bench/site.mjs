// The site under measurement: npm start's script on free ports with a fresh data directory, kept on 127.0.0.1, and
// stopped so PGlite closes its files before the raw-insert phase opens them.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkAborted, onCleanup } from './cleanup.mjs';
import { HOST, TIMEOUTS, freePorts, rawGet, root, sleep, tail } from './common.mjs';

/**
 * @typedef {{ child: import('node:child_process').ChildProcess, origin: string, output: () => string,
 *   exited: Promise<number | null>, healthy: boolean, stop: () => Promise<void>, cpuSeconds: () => number | null }} Site
 */

/**
 * The site's own settings: every port it or its stand-ins listen on is a free one, so the bench never collides with
 * another site on this machine (the payment sandbox's 8090, the identity emulator's 9239, the object store's 9400 and the
 * invoicing stand-in's 9450 included).
 * @param {string} dataDir @returns {Promise<Record<string, string>>}
 */
export async function siteEnv(dataDir) {
  const [port, sandboxPort, identityPort, objectStorePort, invoicingPort] = await freePorts(5);
  return {
    PORT: String(port),
    PAYMENT_SANDBOX_PORT: String(sandboxPort),
    IDENTITY_EMULATOR_PORT: String(identityPort),
    OBJECT_STORE_PORT: String(objectStorePort),
    INVOICING_SANDBOX_PORT: String(invoicingPort),
    DATA_DIR: dataDir,
    HOST,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    RATE_LIMIT_WRITES: '1000000',
    // The bench stands where a proxy would: the public-writes part names a distinct client per request in
    // X-Forwarded-For (the newsletter caps confirmations per client). Nothing but the bench reaches this loopback site.
    TRUST_PROXY: '1',
    // The rendered-HTML measurement renders every request it asks for; the production caps would serve most unrendered.
    SERVER_RENDERS_AT_ONCE: '1000',
    SERVER_RENDERS_PER_SECOND: '1000000',
  };
}

/**
 * Starts the site and waits for /healthz to answer 200.
 * @param {Record<string, string>} env
 * @returns {Promise<{ site: Site, seconds: number, built: boolean, buildLine: string | null, database: string }>}
 */
export async function startSite(env) {
  checkAborted();
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...siteBaseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a stop during the build also reaches build.mjs and webpack.
    detached: true,
  });
  const append = (/** @type {Buffer} */ chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  /** @type {Site} */
  const site = {
    child,
    origin: `http://${HOST}:${env.PORT}`,
    output: () => output,
    exited,
    healthy: false,
    stop: async () => {
      unregister();
      await stopSite(site);
    },
    cpuSeconds: () => (child.pid === undefined ? null : groupCpuSeconds(child.pid)),
  };
  const unregister = onCleanup('the site', () => stopSite(site));

  const deadline = Date.now() + TIMEOUTS.start;
  let exitCode = /** @type {number | null | undefined} */ (undefined);
  void exited.then((c) => (exitCode = c));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the site exited before it was healthy (code ${exitCode}):\n${tail(output)}`);
    const health = await rawGet(`${site.origin}/healthz`, 'identity', TIMEOUTS.healthProbe).catch(() => null);
    if (health?.status === 200) {
      site.healthy = true;
      const body = await healthBody(site.origin);
      const buildLine = output.split('\n').find((l) => l.includes('Compilando')) ?? null;
      return { site, seconds: (performance.now() - started) / 1000, built: buildLine !== null, buildLine, database: body.database ?? '?' };
    }
    await sleep(200);
  }
  throw new Error(`/healthz did not answer 200 within ${Math.round(TIMEOUTS.start / 1000)} s:\n${tail(output)}`);
}

/**
 * The server's environment: ours minus anything that would send traffic beyond 127.0.0.1 (mail, payments, identity,
 * remotes), so the stand-ins run instead.
 */
function siteBaseEnv() {
  const outside = /^(SMTP_URL|MERCADOPAGO_|COGNITO_|REMOTE_|PUBLIC_ORIGIN$|HOST$|NODE_ENV$)/;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !outside.test(key)));
}

/** @param {string} origin @returns {Promise<{ database?: string }>} */
async function healthBody(origin) {
  return new Promise((resolve) => {
    const req = http.get(`${origin}/healthz`, { agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch {
          resolve({});
        }
      });
    });
    req.setTimeout(TIMEOUTS.healthProbe, () => req.destroy());
    req.on('error', () => resolve({}));
  });
}

/**
 * Stops the site so PGlite closes its files: SIGTERM to start.mjs alone (it forwards one SIGTERM to the server,
 * which closes the database); a second signal would kill the server before it closes. Then the group, by force.
 * @param {Site} site
 */
async function stopSite(site) {
  const pid = site.child.pid;
  if (pid === undefined) return;
  if (site.child.exitCode === null && site.child.signalCode === null) {
    // Before healthy the group may be building: stop all of it. Once serving, let start.mjs forward the signal.
    if (site.healthy) site.child.kill('SIGTERM');
    else signalGroup(pid, 'SIGTERM');
    // A site that never got healthy holds no data worth closing cleanly (and a SIGTERM during its start-up may be
    // swallowed by scripts/serve.ts's sandbox handler), so it gets a short grace period.
    const grace = site.healthy ? TIMEOUTS.stop : 5_000;
    const stopped = await Promise.race([site.exited.then(() => true), sleep(grace).then(() => false)]);
    if (!stopped) console.error(`  the site did not exit within ${grace / 1000} s of SIGTERM: SIGKILL`);
  }
  // Whatever is left of the group (a half-way build, an orphaned server) goes too.
  await sleep(200);
  signalGroup(pid, 'SIGKILL');
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds (user + system) used so far by the processes of one process group (the site: start.mjs, the gateway and
 * anything they started), from /proc; null where there is no /proc. Less sensitive than a rate to other work on a
 * shared machine: time another process takes is not counted.
 * @param {number} pgid @returns {number | null}
 */
export function groupCpuSeconds(pgid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (in parentheses, which may hold spaces): state, ppid, pgrp, …, utime (12th), stime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / CLOCK_TICKS;
}

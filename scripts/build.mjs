// Builds the shell and the remotes. `--missing` (used by npm start) rebuilds only apps whose inputs changed.
// Each build is a new release beside the previous ones (tooling/releases.mjs): `<app>/dist` switches to it in one
// rename once it is complete and precompressed, so a running site never sees a half-written or empty build.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { appReleaseStore, PUBLIC_DIR, retentionFromEnv } from '../tooling/releases.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const apps = ['shell', 'remote-courses', 'remote-giving', 'remote-community', 'remote-account'];

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'server') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** A fingerprint of everything a browser build depends on; paths are relative, so a moved checkout is not stale. */
export function inputsHash(app, rootDir = root) {
  const h = createHash('sha256');
  // The app's manifest/ too: its data (e.g. remote-account's request kinds) is imported by the browser code.
  const dirs = [
    path.join(rootDir, app, 'src'),
    path.join(rootDir, app, 'manifest'),
    path.join(rootDir, 'shared', 'src'),
    path.join(rootDir, 'tooling'),
  ];
  for (const dir of dirs) {
    for (const f of [...files(dir)].sort()) h.update(path.relative(rootDir, f).split(path.sep).join('/')).update(readFileSync(f));
  }
  // The app's and the contract's package.json: the declared contract range and version are part of the build.
  for (const rel of [`${app}/webpack.config.mjs`, `${app}/package.json`, 'shared/package.json', 'package-lock.json']) {
    const f = path.join(rootDir, rel);
    if (existsSync(f)) h.update(rel).update(readFileSync(f));
  }
  return h.digest('hex');
}

/** Writes .br and .gz beside every text asset, so the server never compresses static files per request. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(p);
    else if (/\.(js|css|html|json|svg|txt)$/.test(entry.name)) {
      const buf = readFileSync(p);
      if (buf.length < 1024) continue;
      writeFileSync(`${p}.br`, zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, zlib.gzipSync(buf, { level: 9 }));
    }
  }
}

function webpack(app, outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(root, app),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, BUILD_OUTPUT_DIR: outDir },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`La compilación de ${app} falló (código ${code})`))));
  });
}

/**
 * Builds one app into a new release and makes it current, under the app's release lock (a concurrent deploy or
 * `npm start` of the same app waits; with `onlyMissing` it then finds the build up to date and skips).
 * Resolves to null when skipped, else to what the switch did.
 */
export async function buildApp(app, { onlyMissing = false, retention = retentionFromEnv(), log = console.log } = {}) {
  const store = appReleaseStore(root, app);
  const unlock = await store.lock(`compilación de ${app} (pid ${process.pid})`);
  try {
    const hash = inputsHash(app);
    const stamp = path.join(root, app, 'dist', '.inputs-hash');
    if (onlyMissing && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return null;
    // The bench and operators read this line to know a build ran.
    if (onlyMissing) log(`Compilando: ${app}`);
    const started = Date.now();
    const { id, dir } = store.create(hash.slice(0, 8));
    try {
      await webpack(app, dir);
      // Only what is served: the server build and the release's records are read from disk, never sent.
      precompress(path.join(dir, PUBLIC_DIR));
      writeFileSync(path.join(dir, '.inputs-hash'), hash);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    const built = Date.now();
    const result = store.activate(id, { retention, meta: { app, inputsHash: hash } });
    log(
      `  ✓ ${app} (${((built - started) / 1000).toFixed(1)} s) → versión ${id}` +
        (result.carried ? `, ${result.carried} archivos de versiones anteriores` : '') +
        (result.removed.length ? `, ${result.removed.length} versiones antiguas borradas` : ''),
    );
    return { ...result, buildMs: built - started };
  } finally {
    unlock();
  }
}

/** Builds the given apps two at a time (the machines this runs on have two cores). */
export async function buildApps(selected, options = {}) {
  const queue = [...selected];
  const results = {};
  await Promise.all(
    [0, 1].map(async () => {
      for (let app = queue.shift(); app; app = queue.shift()) results[app] = await buildApp(app, options);
    }),
  );
  return results;
}

if (path.resolve(process.argv[1] ?? '') === path.resolve(new URL(import.meta.url).pathname)) {
  const onlyMissing = process.argv.includes('--missing');
  const selected = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const unknown = selected.filter((a) => !apps.includes(a));
  if (unknown.length) {
    console.error(`Apps desconocidas: ${unknown.join(', ')} (hay: ${apps.join(', ')})`);
    process.exit(2);
  }
  const todo = selected.length ? selected : apps;
  if (!onlyMissing) console.log(`Compilando: ${todo.join(', ')}`);
  try {
    await buildApps(todo, { onlyMissing });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

// Builds the shell and the remotes. `--missing` (used by npm start) rebuilds only apps whose inputs changed.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const apps = ['shell', 'remote-courses', 'remote-giving', 'remote-community', 'remote-account'];
const onlyMissing = process.argv.includes('--missing');
const selected = process.argv.slice(2).filter((a) => !a.startsWith('--'));

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'server' || entry.name === 'api') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** A fingerprint of everything a browser build depends on. */
function inputsHash(app) {
  const h = createHash('sha256');
  for (const dir of [path.join(root, app, 'src'), path.join(root, 'shared', 'src'), path.join(root, 'tooling')]) {
    for (const f of [...files(dir)].sort()) h.update(f).update(readFileSync(f));
  }
  for (const f of [path.join(root, app, 'webpack.config.mjs'), path.join(root, 'package-lock.json')]) {
    if (existsSync(f)) h.update(readFileSync(f));
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

function run(app) {
  rmSync(path.join(root, app, 'dist'), { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(root, app),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => {
      if (code === 0) {
        precompress(path.join(root, app, 'dist'));
        console.log(`  ✓ ${app} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        resolve();
      } else reject(new Error(`La compilación de ${app} falló (código ${code})`));
    });
  });
}

/** One build at a time per checkout: parallel test runs would otherwise write the same dist folders. */
async function withBuildLock(fn) {
  const lock = path.join(root, 'node_modules', '.build-lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A build killed half-way leaves its lock behind; no build here takes three minutes.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 3 * 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Otra compilación tiene el candado ${lock} hace más de 10 minutos`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

await withBuildLock(async () => {
  const todo = [];
  for (const app of selected.length ? selected : apps) {
    const stamp = path.join(root, app, 'dist', '.inputs-hash');
    const hash = inputsHash(app);
    if (onlyMissing && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
    todo.push({ app, stamp, hash });
  }
  if (todo.length) console.log(`Compilando: ${todo.map((t) => t.app).join(', ')}`);
  // Two at a time: the machines this runs on have two cores.
  const queue = [...todo];
  await Promise.all(
    [0, 1].map(async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        await run(t.app);
        writeFileSync(t.stamp, t.hash);
      }
    }),
  );
});

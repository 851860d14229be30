// Releases of a browser build: each build lands in its own directory beside the previous ones, and one symlink (the
// pointer) is swapped atomically to make it current. Open tabs keep asking for the hashed files of the build they
// started with, so a new release also carries (hard links) the hashed files of the releases still kept: whatever
// serves the pointer's directory — our Fastify static roots, a container's volume, a CDN upload — serves them all.
//
//   <store>/<id>/public/     what visitors get: the browser build, its .br/.gz twins, carried files (the one static root)
//   <store>/<id>/server/     the server build (the gateway renders with it), beside public/ so no static root reaches it
//   <store>/<id>/release.json, .inputs-hash, ssr-assets.json   the release's own records, also beside public/
//   <store>/.lock/           held while a build is written and switched (owner.json says who)
//   <pointer> -> <store>/<id>   e.g. remote-giving/dist (relative link, so a moved checkout keeps working)
//
// Plain ESM without dependencies: build scripts, the deploy script and container start-up all use it.
import { hostname } from 'node:os';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The folder of a build that is served to visitors, and the only one: whatever serves `<pointer>/public` (a Fastify
 * static root, a volume, a CDN upload) cannot hand out the server build or the release's records, however a path is
 * spelled. Releases written before this layout had everything at their top; they are moved into it (upgradeLayout).
 */
export const PUBLIC_DIR = 'public';

/** What sits beside PUBLIC_DIR in a release: the gateway's and the deploy's, never a visitor's. */
export const PRIVATE_ENTRIES = ['server', 'ssr-assets.json', 'release.json', '.inputs-hash'];

/** Files whose names carry a content hash (`name.0123456789.js`, and their .br/.gz/.map twins): safe to keep serving. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
export const isHashedFile = (file) => HASHED.test(file.replace(/(\.map)?(\.(br|gz))?$/, ''));

/** How many previous releases stay, and for how long a replaced release stays whatever the count. */
export function retentionFromEnv(env = process.env) {
  const int = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Math.max(0, Math.floor(Number(v))) : d);
  return { keep: int(env.RELEASES_KEEP, 3), keepDays: int(env.RELEASES_KEEP_DAYS, 7) };
}

/**
 * @param {{ store: string, pointer: string }} where  the directory of releases, and the symlink that names the current one
 */
export function releaseStore({ store, pointer }) {
  const releaseDir = (id) => path.join(store, id);
  const readRelease = (id) => {
    try {
      return JSON.parse(readFileSync(path.join(releaseDir(id), 'release.json'), 'utf8'));
    } catch {
      return null;
    }
  };

  /** The id the pointer names, or null (no release yet, or a legacy real directory). */
  function current() {
    try {
      if (!lstatSync(pointer).isSymbolicLink()) return null;
      return path.basename(readlinkSync(pointer));
    } catch {
      return null;
    }
  }

  /** Every finished release, oldest activation first (never-activated ones last, by id). */
  function list() {
    if (!existsSync(store)) return [];
    const releases = readdirSync(store, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => readRelease(e.name))
      .filter((r) => r !== null);
    return releases.sort((a, b) => (a.activatedAt ?? '9').localeCompare(b.activatedAt ?? '9') || a.id.localeCompare(b.id));
  }

  /** A new, empty release directory to build into. */
  function create(label = '') {
    mkdirSync(store, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    const id = `${stamp}${label ? `-${label.replace(/[^a-z0-9]/gi, '').slice(0, 12)}` : ''}`;
    const dir = releaseDir(id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return { id, dir };
  }

  /** Releases to keep once `nextId` is current: it, the `keep` before it, and any replaced less than `keepDays` ago. */
  function keptAfter(nextId, { keep, keepDays }, now = Date.now()) {
    const activated = list().filter((r) => r.activatedAt && r.id !== nextId);
    const kept = new Set([nextId]);
    if (keep > 0) for (const r of activated.slice(-keep)) kept.add(r.id);
    // A release was replaced when the next one was activated; the latest activated one is replaced now.
    activated.forEach((r, i) => {
      const replacedAt = i + 1 < activated.length ? Date.parse(activated[i + 1].activatedAt) : now;
      if (now - replacedAt < keepDays * 86_400_000) kept.add(r.id);
    });
    return kept;
  }

  /**
   * Finishes a built release: records its own files, links in the hashed files of the releases that stay, makes it
   * current (one rename), and deletes releases that no longer stay. Returns what happened, for the operator.
   */
  function activate(id, { retention = retentionFromEnv(), meta = {} } = {}) {
    if (!/^[\w.-]+$/.test(id ?? '') || id.startsWith('.') || !existsSync(releaseDir(id))) throw new Error(`No existe la versión "${id}"`);
    adoptLegacy();
    for (const entry of readdirSync(store, { withFileTypes: true })) if (entry.isDirectory()) upgradeLayout(entry.name);
    const dir = releaseDir(id);
    const existing = readRelease(id);
    const own = existing?.own ?? walk(dir).filter((f) => f !== 'release.json');
    const kept = keptAfter(id, retention);
    const carried = new Set();
    for (const other of list()) {
      if (other.id === id || !kept.has(other.id)) continue;
      for (const file of other.own ?? []) {
        if (!file.startsWith(`${PUBLIC_DIR}/`) || !isHashedFile(file)) continue;
        const target = path.join(dir, file);
        if (existsSync(target)) continue;
        const source = path.join(releaseDir(other.id), file);
        if (!existsSync(source)) continue;
        mkdirSync(path.dirname(target), { recursive: true });
        try {
          linkSync(source, target);
        } catch {
          copyFileSync(source, target); // another device (a volume): a copy does the same job
        }
        carried.add(file);
      }
    }
    const activatedAt = new Date().toISOString();
    const record = { ...existing, ...meta, id, createdAt: existing?.createdAt ?? activatedAt, activatedAt, own };
    writeAtomically(path.join(dir, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
    switchPointer(id);
    const removed = prune(kept);
    return { id, carried: carried.size, kept: [...kept], removed };
  }

  /** Points the pointer at a release: a new symlink renamed over the old one, so readers see one or the other. */
  function switchPointer(id) {
    const target = path.relative(path.dirname(pointer), releaseDir(id));
    const tmp = `${pointer}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    symlinkSync(target, tmp, 'dir');
    adoptLegacy();
    renameSync(tmp, pointer);
  }

  /**
   * A build from before releases is a real directory where the pointer goes: it becomes a release (its open tabs keep
   * working) and a symlink takes its place. Between the two renames the path is missing for microseconds, once.
   */
  function adoptLegacy() {
    const stat = lstatSync(pointer, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    mkdirSync(store, { recursive: true });
    const legacy = `${new Date(stat.mtimeMs).toISOString().replace(/[-:.]/g, '')}-anterior`;
    const dir = releaseDir(legacy);
    writeFileSync(
      path.join(pointer, 'release.json'),
      JSON.stringify({ id: legacy, activatedAt: new Date(stat.mtimeMs).toISOString(), own: walk(pointer) }),
    );
    renameSync(pointer, dir);
    symlinkSync(path.relative(path.dirname(pointer), dir), pointer, 'dir');
  }

  /**
   * A release from before the public/ layout (its build at the top, beside server/ and release.json) gets it: the
   * served files move into public/ (built aside, then renamed in, so public/ appears complete) and its record follows,
   * so it can be carried from and rolled back to. Renames within the release: links other releases hold stay valid.
   */
  function upgradeLayout(id) {
    const dir = releaseDir(id);
    // Finished releases only (a record), not the lock, a build being written, or one that already has the layout.
    if (id.startsWith('.') || !existsSync(path.join(dir, 'release.json')) || existsSync(path.join(dir, PUBLIC_DIR))) return;
    const aside = path.join(dir, `.${PUBLIC_DIR}.${process.pid}.tmp`);
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(aside);
    for (const entry of readdirSync(dir)) {
      if (PRIVATE_ENTRIES.includes(entry) || entry === path.basename(aside)) continue;
      renameSync(path.join(dir, entry), path.join(aside, entry));
    }
    renameSync(aside, path.join(dir, PUBLIC_DIR));
    const record = readRelease(id);
    if (record?.own) {
      const own = record.own.map((f) => (PRIVATE_ENTRIES.includes(f.split('/')[0]) ? f : `${PUBLIC_DIR}/${f}`));
      writeAtomically(path.join(dir, 'release.json'), `${JSON.stringify({ ...record, own }, null, 2)}\n`);
    }
  }

  /** Switches back to an earlier release that is still kept (the previous one by default). */
  function rollback(toId) {
    const cur = current();
    const activated = list().filter((r) => r.activatedAt);
    const target = toId ? activated.find((r) => r.id === toId) : activated.filter((r) => r.id !== cur).at(-1);
    if (!target) throw new Error(toId ? `No existe la versión ${toId}` : 'No hay una versión anterior a la cual volver');
    return activate(target.id, { retention: { keep: Number.MAX_SAFE_INTEGER, keepDays: 0 } });
  }

  function prune(kept) {
    const cur = current();
    const removed = [];
    for (const entry of existsSync(store) ? readdirSync(store, { withFileTypes: true }) : []) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || kept.has(entry.name) || entry.name === cur) continue;
      const record = readRelease(entry.name);
      // Only finished releases, or unfinished ones an interrupted build left (we hold the lock, nobody builds them).
      if (!record && entry.name === 'dev') continue;
      rmSync(releaseDir(entry.name), { recursive: true, force: true });
      removed.push(entry.name);
    }
    return removed;
  }

  /** Installs a finished build from elsewhere (a container image's build onto a volume) unless the same one is there. */
  function install(fromDir, retention = retentionFromEnv()) {
    const fingerprint = readFileSync(path.join(fromDir, '.inputs-hash'), 'utf8').trim();
    const same = list().find((r) => r.inputsHash === fingerprint);
    if (same) {
      if (current() !== same.id) switchPointer(same.id);
      return { id: same.id, installed: false };
    }
    const { id, dir } = create(fingerprint.slice(0, 8));
    for (const file of walk(fromDir)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      copyFileSync(path.join(fromDir, file), path.join(dir, file));
    }
    return { ...activate(id, { retention, meta: { inputsHash: fingerprint } }), installed: true };
  }

  return {
    store,
    pointer,
    current,
    list,
    create,
    activate,
    rollback,
    install,
    switchPointer,
    lock: (what) => acquireLock(path.join(store, '.lock'), what),
  };
}

function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Relative paths of every file under dir. */
export function walk(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(dir, rel));
    else out.push(rel);
  }
  return out;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/**
 * One writer per release store: a directory created atomically, with its owner inside. A lock whose owner process is
 * gone (same host) is taken over at once; one from another host (a shared volume) after 15 minutes.
 */
export async function acquireLock(lockDir, what = 'compilación', { waitMs = 10 * 60_000, log = console.log } = {}) {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(
        path.join(lockDir, 'owner.json'),
        JSON.stringify({ pid: process.pid, host: hostname(), what, since: new Date().toISOString() }),
      );
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let owner = null;
    try {
      owner = JSON.parse(readFileSync(path.join(lockDir, 'owner.json'), 'utf8'));
    } catch {
      // Being written right now, or left empty by a crash: judge by age below.
    }
    const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    const stale = owner ? (owner.host === hostname() ? !alive(owner.pid) : age > 15 * 60_000) : age > 60_000;
    if (stale) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Otro proceso tiene el candado ${lockDir}: ${JSON.stringify(owner)}`);
    if (!announced && owner) log(`  … esperando a ${owner.what} (pid ${owner.pid}) que tiene ${lockDir}`);
    announced = true;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Where the repository keeps an app's releases, and its pointer (`<app>/dist`, which every reader already uses). */
export function appReleaseStore(root, app) {
  return releaseStore({ store: path.join(root, 'dist', 'releases', app), pointer: path.join(root, app, 'dist') });
}

// `node tooling/releases.mjs install <build dir> <store dir>`: a container start-up puts its image's build on the
// releases volume (pointer <store>/current) before serving it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [cmd, from, storeDir] = process.argv.slice(2);
  if (cmd !== 'install' || !from || !storeDir) {
    console.error('Uso: node tooling/releases.mjs install <carpeta de la compilación> <carpeta de versiones>');
    process.exit(2);
  }
  const store = releaseStore({ store: path.join(storeDir, 'releases'), pointer: path.join(storeDir, 'current') });
  const release = await store.lock(`instalación de ${from}`);
  try {
    const result = store.install(from);
    console.log(`Versión ${result.id} ${result.installed ? 'instalada' : 'ya presente'} en ${storeDir} (actual)`);
  } finally {
    release();
  }
}

// Completes package-lock.json with entries for optional platform packages the registry mirror does not carry
// (e.g. @swc/core-darwin-arm64). Without them npm 11's `npm ci` refuses the lock ("Missing: … from lock file").
// Each added entry is optional and names its os/cpu, so npm skips it on other platforms and never fetches it.
// Run after `npm install` changes the lock: node scripts/lock-platform-entries.mjs (`--check` only reports).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** os and cpu from the conventional platform suffix of a package name (…-darwin-arm64, …-linux-x64-gnu). */
function platformOf(name) {
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'].find(
    (o) => name.includes(`-${o}-`) || name.endsWith(`-${o}`) || name.includes(`/${o}-`),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'].find((c) =>
    new RegExp(`[-/]${c}(-|$)`).test(name),
  );
  const libc = /-musl$/.test(name) ? ['musl'] : /-gnu(eabihf)?$/.test(name) ? ['glibc'] : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its dependent first, then up the tree.
    const candidates = [];
    for (let base = location; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      candidates.push(`${base ? `${base}/` : ''}node_modules/${dep}`);
      if (!base) break;
    }
    if (candidates.some((c) => packages[c])) continue;
    const { os, cpu, libc } = platformOf(dep);
    const entry = { version: spec, optional: true };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (libc) entry.libc = libc;
    packages[`node_modules/${dep}`] = entry;
    added += 1;
  }
}
if (process.argv.includes('--check')) {
  if (added) {
    console.error(`package-lock.json le faltan ${added} entradas de plataforma: ejecuta node scripts/lock-platform-entries.mjs`);
    process.exit(1);
  }
  console.log('package-lock.json completo');
  process.exit(0);
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} entradas de plataforma añadidas`);

// npm test: type check, lint, unit + API tests (Jest), then browser tests of the composed site.
// Data-layer tests run on PGlite always and on PostgreSQL too when DATABASE_URL is set; every browser test runs on PGlite,
// and a smoke set of them (e2e/run.mjs names it) on PostgreSQL too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const skip = new Set((process.env.TEST_SKIP ?? '').split(',').filter(Boolean)); // e.g. TEST_SKIP=e2e,lint

function run(label, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n▶ ${label}`);
    let output = '';
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const totals = { passed: 0, failed: 0 };
const steps = [];

if (!skip.has('lockfile')) {
  // `npm ci` (npm 11) refuses a lock without the optional platform packages this registry mirror lacks.
  const r = await run('Lockfile', [path.join(root, 'scripts/lock-platform-entries.mjs'), '--check']);
  steps.push(['lockfile', r.code]);
}
if (!skip.has('typecheck')) {
  const r = await run('Tipos (tsc)', [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
  steps.push(['typecheck', r.code]);
}
if (!skip.has('lint')) {
  const r = await run('Lint (eslint)', [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']);
  steps.push(['lint', r.code]);
  const f = await run('Formato (prettier)', [
    path.join(root, 'node_modules/prettier/bin/prettier.cjs'),
    '--check',
    '--log-level=warn',
    '.',
  ]);
  steps.push(['format', f.code]);
}
if (!skip.has('unit')) {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'jest-')), 'report.json');
  const args = [
    '--experimental-vm-modules',
    '--no-warnings',
    path.join(root, 'node_modules/jest/bin/jest.js'),
    '--json',
    `--outputFile=${report}`,
    '--forceExit',
  ];
  // On PostgreSQL each Jest worker has a database of its own (tooling/jest-databases.mjs): two workers there (CI's
  // machine has 2 cores, where Jest's default, cores - 1, is one: in band). On PGlite only, Jest's default.
  // JEST_WORKERS sets the number either way (1 runs in band).
  const workers = process.env.JEST_WORKERS || (process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? '2' : '');
  if (workers) args.push(`--maxWorkers=${workers}`);
  const r = await run('Pruebas unitarias y de API (jest)', args);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
  } catch {
    totals.failed += 1;
  }
  steps.push(['unit', r.code]);
}
if (!skip.has('e2e')) {
  const databases = [['PGlite', {}]];
  if (process.env.DATABASE_URL) databases.push(['PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }]);
  for (const [name, env] of databases) {
    const r = await run(
      `Pruebas en el navegador (${name})`,
      [path.join(root, 'e2e/run.mjs')],
      // The second engine runs the smoke set only (e2e/run.mjs names it).
      name === 'PGlite' ? { DATABASE_URL: '' } : { ...env, E2E_SMOKE: '1' },
    );
    const pass = Number(/ℹ pass (\d+)/.exec(r.output)?.[1] ?? 0);
    const fail = Number(/ℹ fail (\d+)/.exec(r.output)?.[1] ?? 0);
    totals.passed += pass;
    totals.failed += fail || (r.code !== 0 ? 1 : 0);
    steps.push([`e2e-${name}`, r.code]);
  }
}

console.log('\nResumen:');
for (const [name, code] of steps) console.log(`  ${code === 0 ? '✓' : '✗'} ${name}`);
const ok = steps.every(([, code]) => code === 0);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);

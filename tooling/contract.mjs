// The shared contract's version (`shared/package.json`) and the range each remote declares it was built for (its
// dependency on `shared`). The same `satisfy` the browser runs decides here, so the build, CI and the shell agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The contract's semver: what the shell provides and what every remote is checked against. */
export const contractVersion = (rootDir = root) => readJson(path.join(rootDir, 'shared', 'package.json')).version;

/** The range of the contract an app declares in its package.json (`dependencies.shared`). */
export function declaredRange(appDir) {
  const range = readJson(path.join(appDir, 'package.json')).dependencies?.shared;
  if (!range) throw new Error(`${path.basename(appDir)}/package.json no declara la versión de "shared" para la que está hecho`);
  return range;
}

/** Whether an app's declared range accepts the contract as it is now. */
export function checkContract(appDir, rootDir = root) {
  const range = declaredRange(appDir);
  const version = contractVersion(rootDir);
  return { app: path.basename(appDir), range, version, ok: satisfy(version, range) };
}

/** Stops a build of an app whose declared range does not accept the contract it would be built against. */
export function assertContract(appDir, rootDir = root) {
  const c = checkContract(appDir, rootDir);
  if (!c.ok)
    throw new Error(
      `${c.app} declara "shared": "${c.range}", pero el contrato compartido es ${c.version}. Adapta ${c.app} al contrato y actualiza su rango.`,
    );
  return c;
}

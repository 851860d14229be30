import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteNames } from '../../../site/routes';
import { checkContract, contractVersion } from '../../../tooling/contract.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

// CI's guard for decision 12: a remote whose declared range of the shared contract does not accept the contract the
// shell is built with would be refused by every visitor's browser. This fails first, naming the remote.
describe('the shared contract every remote declares', () => {
  it.each(remoteNames.map((n) => [`remote-${n}`]))("%s declares a range that accepts the shell's contract version", (app) => {
    const c = checkContract(path.join(root, app), root);
    expect(`${app} "shared": "${c.range}" ${c.ok ? 'acepta' : 'NO acepta'} ${c.version}`).toBe(
      `${app} "shared": "${c.range}" acepta ${contractVersion(root)}`,
    );
  });

  it('would fail for a remote built for another contract', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'remote-viejo-'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { shared: '^0.0.1' } }));
    expect(checkContract(dir, root).ok).toBe(false);
  });
});

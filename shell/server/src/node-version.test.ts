import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';

// One Node line for the production image, CI and the declared engines (docs/decisions.md, "Node 24"): tests that pass
// on one major prove little about another, and a Dockerfile bumped alone would ship a Node nothing was tested on.
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const ciVersion = /^NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(read('.ci/node.sh'))?.[1] ?? '';
const imageMajor = /^ARG NODE_IMAGE=node:(\d+)[.-]/m.exec(read('Dockerfile'))?.[1] ?? '';
const major = (version: string) => version.split('.')[0];

describe('the Node version', () => {
  it('has the same major in the production image (Dockerfile) as in CI (.ci/node.sh)', () => {
    expect(ciVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(imageMajor).toMatch(/^\d+$/);
    expect(`Dockerfile: node ${imageMajor}`).toBe(`Dockerfile: node ${major(ciVersion)}`);
  });

  it("is what package.json declares: engines accepts CI's version, and @types/node describes that major", () => {
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
    expect(satisfy(ciVersion, pkg.engines.node)).toBe(true);
    expect(major(pkg.devDependencies['@types/node'] ?? '')).toBe(major(ciVersion));
  });
});

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

// The end of life of each LTS line, from the Node.js release schedule (github.com/nodejs/Release): agreement alone
// would let everything move back to an unsupported line together (issue #26, row 10). Odd majors are never LTS, so a
// line missing here is refused too; add a new LTS line with its official date when it ships.
const ltsEndOfLife: Record<string, string> = {
  '20': '2026-04-30',
  '22': '2027-04-30',
  '24': '2028-04-30',
  '26': '2029-04-30',
};

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

  it("is an LTS line still supported today: the image's major has an end of life after today's date", () => {
    const endOfLife = ltsEndOfLife[imageMajor];
    expect(`node ${imageMajor}: ${endOfLife ?? 'not an LTS line'}`).toMatch(/^node \d+: \d{4}-\d{2}-\d{2}$/);
    const today = new Date().toISOString().slice(0, 10);
    expect(`node ${imageMajor} supported until ${endOfLife}, today ${today}: ${endOfLife! > today}`).toBe(
      `node ${imageMajor} supported until ${endOfLife}, today ${today}: true`,
    );
  });
});

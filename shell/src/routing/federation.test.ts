import { describe, expect, it, jest } from '@jest/globals';
import { contractVersion } from '../../../tooling/contract.mjs';
import { providedVersions, sharedModules } from '../../../tooling/webpack.mjs';

interface SharedEntry {
  version: string;
  lib: () => unknown;
  shareConfig: { singleton: boolean; requiredVersion: string; strictVersion: boolean };
}

type Hook = () => Promise<void>;
const init =
  jest.fn<(options: { name: string; shared: Record<string, SharedEntry>; plugins?: Array<Record<string, Hook | string>> }) => void>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  init,
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  satisfy: jest.fn(),
}));
// What the shell's build defines (tooling/webpack.mjs).
(globalThis as Record<string, unknown>).__SHARED_CONTRACT__ = { name: 'shared', version: contractVersion(), provided: providedVersions() };
await import('./federation');
const shared = init.mock.calls[0]?.[0].shared ?? {};

// The shell is no federation build: the modules the remotes consume reach the share scope only through this list. A
// shared module missing from it would make every remote load its own copy (a second React, a second store) silently.
describe("the federation runtime's share scope", () => {
  const config = sharedModules();

  it.each(Object.keys(config).filter((name) => !name.endsWith('/')))('provides %s as the shell runs it', async (name) => {
    const entry = shared[name];
    expect(entry).toBeDefined();
    expect(entry?.version).toBe(providedVersions()[name]);
    expect(entry?.shareConfig).toEqual({ singleton: true, strictVersion: true, requiredVersion: providedVersions()[name] });
    // The very module object the page's own imports get: one instance between the shell and the remotes.
    expect(entry?.lib()).toBe(await import(name));
  });

  it.each(Object.keys(config).filter((name) => name.endsWith('/')))('provides the subpaths of %s the remotes import', async (prefix) => {
    const subpaths = Object.keys(shared).filter((name) => name.startsWith(prefix));
    expect(subpaths.length).toBeGreaterThan(0);
    for (const name of subpaths) expect(shared[name]?.lib()).toBe(await import(name));
  });

  it("gives the remotes' bundles the runtime's core (they are built with externalRuntime)", async () => {
    expect((globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE).toBe(await import('@module-federation/runtime-core'));
  });
});

// #33: each step is its own task on a slow phone, not one long task from the entry's arrival to the screen's modules.
describe('loading a remote', () => {
  const plugin = init.mock.calls[0]?.[0].plugins?.find((p) => p.name === 'shell-yielding-steps');

  it.each(['beforeGetExpose', 'beforeExecuteFactory'])('lets the browser run other tasks before it goes on (%s)', async (step) => {
    const hook = plugin?.[step];
    if (typeof hook !== 'function') throw new Error(`no ${step} hook`);
    let goneOn = false;
    void hook().then(() => (goneOn = true));
    // Not within the task that got here (its microtasks included)…
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(goneOn).toBe(false);
    // …but in the next one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(goneOn).toBe(true);
  });
});

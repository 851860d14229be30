import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { remoteNames, routes, type RemoteName } from './routes';
import { staffGate, staffRoutes } from './staff-routes';

// Jest runs from the repository's root (jest.config.js lives there).
const root = process.cwd();

/** A remote's Module Federation exposes as its webpack config declares them (`'./Screen': './src/…'`), read as text. */
function exposesOf(remote: RemoteName): Map<string, string> {
  const text = readFileSync(path.join(root, `remote-${remote}`, 'webpack.config.mjs'), 'utf8');
  const block = /export const exposes = \{([\s\S]*?)\n\};/.exec(text)?.[1] ?? '';
  return new Map([...block.matchAll(/'\.\/(\w+)':\s*'([^']+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

const exposes = new Map(remoteNames.map((r) => [r, exposesOf(r)]));

/** Every screen the shell may ask a remote for: public routes and the panel's. */
const wanted = [
  ...routes.flatMap((r) => (r.owner === 'shell' ? [] : [{ path: r.path, owner: r.owner, screen: r.screen as string }])),
  ...staffRoutes.flatMap((r) => (r.owner === 'shell' ? [] : [{ path: r.pattern, owner: r.owner, screen: r.screen as string }])),
  { path: '/equipo (puerta)', owner: staffGate.owner, screen: staffGate.screen as string },
];

describe('every route has its screen in its remote', () => {
  it.each(wanted)('$path → $owner ./$screen', ({ owner, screen }) => {
    // A route whose screen the remote does not expose renders the "not available" fallback in production only.
    const file = exposes.get(owner)?.get(screen);
    expect(file).toBeDefined();
    expect(existsSync(path.join(root, `remote-${owner}`, file ?? ''))).toBe(true);
  });
});

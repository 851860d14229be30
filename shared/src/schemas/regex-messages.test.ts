import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// A pattern check without its own words answers "Cadena inválida: debe coincidir con el patrón /^[A-Za-z0-9_-]{43}$/"
// (zod's Spanish locale): the visitor or the API caller reads a regular expression instead of what is wrong. Every
// z.regex in the contract therefore says, in Spanish, what the value must be (or, for a link's token or an address's
// reference, the same words as an unknown one).

const root = path.resolve(import.meta.dirname, '../../..');
const skip = new Set(['node_modules', 'dist', '.data', 'coverage']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The text of each `z.regex(…)` call, up to its balancing parenthesis. */
function regexCalls(text: string): string[] {
  const calls: string[] = [];
  for (let at = text.indexOf('z.regex('); at >= 0; at = text.indexOf('z.regex(', at + 1)) {
    let depth = 0;
    let end = at + 'z.regex'.length;
    for (; end < text.length; end++) {
      const c = text[end];
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    calls.push(text.slice(at, end + 1));
  }
  return calls;
}

const dirs = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (d.name.startsWith('remote-') || ['shared', 'shell', 'site'].includes(d.name)))
  .map((d) => path.join(root, d.name));

describe('pattern checks speak Spanish', () => {
  it('finds the calls it checks (a scan that finds nothing proves nothing)', () => {
    const all = dirs.flatMap((d) => sources(d)).flatMap((f) => regexCalls(readFileSync(f, 'utf8')));
    expect(all.length).toBeGreaterThan(10);
  });

  it('every z.regex gives its own error message', () => {
    const bare = dirs
      .flatMap((d) => sources(d))
      .flatMap((file) => regexCalls(readFileSync(file, 'utf8')).map((call) => ({ file: path.relative(root, file), call })))
      .filter(({ call }) => !/\berror\s*:/.test(call));
    expect(bare).toEqual([]);
  });
});

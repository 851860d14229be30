import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// import-x/no-cycle (eslint.config.js) skips `import type`, and type-only cycles are what tangled server-config,
// api-module and identity (#12). This walks every import, types included, of the shared layer and the remotes' code:
// their service entries (`server/`) and their feature folders (`src/`, whose `server/` parts are the APIs, #27).
const root = path.resolve(import.meta.dirname, '../../..');
const roots = [
  'shared/src',
  ...readdirSync(root)
    .filter((d) => d.startsWith('remote-'))
    .flatMap((d) => [`${d}/server`, `${d}/src`]),
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

/** The file a specifier names among `known`: relative, or `shared/…` (the package's `./*` export is `./src/*.ts`). */
function resolveImport(known: Map<string, string>, from: string, specifier: string): string | null {
  const base = specifier.startsWith('.')
    ? path.resolve(path.dirname(from), specifier)
    : specifier.startsWith('shared/')
      ? path.join(root, 'shared/src', specifier.slice('shared/'.length))
      : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate)) ?? null;
}

/** Every cycle (as a list of repository paths) among `sources` (absolute path → text), type-only imports included. */
function importCycles(sources: Map<string, string>): string[][] {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    graph.set(
      file,
      importedFiles.map((i) => resolveImport(sources, file, i.fileName)).filter((f): f is string => f !== null),
    );
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('has no cycle in shared/ or the remotes’ APIs, type-only imports included', () => {
    const files = roots.flatMap((r) => sourceFiles(path.join(root, r)));
    expect(importCycles(new Map(files.map((f) => [f, readFileSync(f, 'utf8')])))).toEqual([]);
  });

  it('names a cycle made of type-only imports, through a shared/ specifier too', () => {
    const at = (p: string) => path.join(root, p);
    const sources = new Map([
      [at('shared/src/server/a.ts'), "import type { B } from './b';\nexport type A = B;"],
      [at('shared/src/server/b.ts'), "import { type C } from 'shared/server/c';\nexport type B = C;"],
      [at('shared/src/server/c.ts'), "import type { A } from './a';\nexport type C = A | 1;"],
      [at('shared/src/server/d.ts'), "import type { A } from './a';\nexport type D = A;"],
    ]);
    expect(importCycles(sources)).toEqual([
      ['shared/src/server/a.ts', 'shared/src/server/b.ts', 'shared/src/server/c.ts', 'shared/src/server/a.ts'],
    ]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

// Jest runs from the repository's root (jest.config.js lives there).
const root = process.cwd();

/**
 * The modules a file loads at run time, as written: `import … from`, `export … from` and bare `import '…'`, but not
 * `import type` / `export type` (erased by the compiler). An import naming only types inline (`import { type A }`)
 * still counts: the guard is on the safe side.
 */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^(import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)';?/gm;
  for (const match of source.matchAll(statement)) {
    const [whole, keyword, specifier] = match;
    if (!specifier) continue;
    // `export const x = …` / `export function …` are no imports; only `export … from '…'` is.
    if (keyword === 'export' && !/\sfrom\s+'/.test(whole)) continue;
    found.push(specifier);
  }
  return found;
}

/** A specifier as the bundler resolves it (tsconfig's `Bundler` resolution, shared's package exports), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('shared/')) base = path.join(root, 'shared/src', specifier.slice('shared/'.length));
  else if (/^(shell|remote-[a-z]+)\//.test(specifier)) base = path.join(root, specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  throw new Error(`${specifier} (desde ${path.relative(root, from)}) no se encuentra`);
}

/** Every module and package the file loads at run time, transitively. */
function runtimeGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      // A stylesheet (a screen's `import './x.css'`) loads no script.
      if (specifier.endsWith('.css')) continue;
      const next = resolve(file, specifier);
      if (next) visit(next);
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('runtimeImports', () => {
  it('keeps value imports and re-exports, drops type-only ones and declarations', () => {
    const source = [
      "import { a, type B } from './a';",
      "import type { C } from './c';",
      "import './side-effect.css';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "export const f = 'from';",
      "import * as z from 'zod/mini';",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['./a', './side-effect.css', './d', 'zod/mini']);
  });
});

describe('the route table loads no schema (#33)', () => {
  // Every page runs the route table at start-up, in one task of its own: zod and the schemas built with it (the
  // foundation's data, the blog's posts, the publishing kit's operations) belong to what checks data, not to it.
  const { files, packages } = runtimeGraph(path.join(root, 'site/routes.ts'));

  it('imports no zod, directly or through a module', () => {
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
    const withZod = [...files].filter((f) => f.endsWith(path.join('shared/src/schemas/zod.ts'))).map((f) => path.relative(root, f));
    expect(withZod).toEqual([]);
  });

  it('reads the foundation and the posts without their schemas', () => {
    const relative = new Set([...files].map((f) => path.relative(root, f)));
    expect(relative.has('shared/src/foundation/site.ts')).toBe(true);
    expect(relative.has('shell/manifest/posts.ts')).toBe(true);
    expect(relative.has('shared/src/foundation/schema.ts')).toBe(false);
    expect(relative.has('shell/manifest/posts-schema.ts')).toBe(false);
    expect(relative.has('shared/src/publishing/document.ts')).toBe(false);
  });
});

describe('/mis-cursos loads no schema before there is a session (#33)', () => {
  // The screen a visitor without a session sees is the sign-in prompt; the list (its operations' declarations, whose
  // schemas are built with zod, and the cards) is a chunk the page imports dynamically once signed in, which this walk
  // of static imports leaves out, as webpack does from the first load.
  const { files, packages } = runtimeGraph(path.join(root, 'remote-account/src/mis-cursos/mis-cursos-page.tsx'));

  it('imports no zod and no declaration, directly or through a module', () => {
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
    const schemaCode = (f: string) => f === 'shared/src/schemas/zod.ts' || f === 'remote-account/src/mis-cursos/operations.ts';
    expect([...files].map((f) => path.relative(root, f)).filter(schemaCode)).toEqual([]);
  });
});

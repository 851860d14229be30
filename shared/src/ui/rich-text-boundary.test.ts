import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The rules that keep rich text safe and the public pages light, checked over the project's own source: HTML reaches
// React in one place (RichText, which takes sanitised HTML only); the editor (Tiptap, ~137 KB gz) is imported by the
// lazy field alone, so no page's bundle carries it until a staff screen shows a rich-text field; the sanitiser
// (sanitize-html, with htmlparser2 and postcss) stays on the server.

const root = path.resolve(import.meta.dirname, '../../..');
const folders = [
  'shared/src',
  'shell/src',
  'shell/server',
  'site',
  'sandbox/src',
  'remote-courses',
  'remote-giving',
  'remote-community',
  'remote-account',
];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(rel);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

const files = folders.flatMap(sources).map((file) => ({ file, code: readFileSync(path.join(root, file), 'utf8') }));
const self = 'shared/src/ui/rich-text-boundary.test.ts';
/** A jsdom test kit (the server's markup of a page, hydrated as on a served page): tests only, checked below. */
const SERVED_PAGE_HARNESS = 'shared/src/ui/served-page-harness.tsx';
const where = (pattern: RegExp) => files.filter(({ file, code }) => file !== self && pattern.test(code)).map(({ file }) => file);
/** A static import (or re-export) of a value from a module whose path matches. */
const valueImportOf = (module: string) => new RegExp(`(import|export)\\s+(?!type\\b)[^;]*?from\\s+['"][^'"]*${module}['"]`);

describe('rich text stays within its kit', () => {
  it('only RichText hands HTML to React, and the islands only the markup the server already rendered into the page', () => {
    // Tests may build their fixtures from HTML; the shipped code may not. `Static` (shared/src/navigation.ts) gives
    // React back, during hydration, the innerHTML of its own wrapper as the server rendered it: nothing from a visitor,
    // an API or the panel reaches it.
    const shipped = where(/dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML/).filter(
      (f) => !/\.test\.tsx?$/.test(f) && f !== SERVED_PAGE_HARNESS,
    );
    expect(shipped).toEqual(['shared/src/navigation.ts', 'shared/src/ui/rich-text.tsx']);
  });

  it('the served-page harness, which builds a served page from HTML, is imported by tests only', () => {
    const importers = where(valueImportOf('served-page-harness'));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((f) => !/\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it('only the editor module imports Tiptap, and only the lazy field (and the editor’s tests) import the editor', () => {
    expect(where(/from\s+['"]@tiptap\//)).toEqual(['shared/src/ui/rich-text-editor.tsx']);
    expect(where(valueImportOf('rich-text-editor'))).toEqual(['shared/src/ui/rich-text-editor.test.tsx']);
    expect(where(/import\(\s*['"][^'"]*rich-text-editor['"]\s*\)/)).toEqual(['shared/src/ui/rich-text-field.tsx']);
  });

  it('the sanitiser is imported by server code only', () => {
    for (const file of where(/from\s+['"](sanitize-html|[^'"]*server\/rich-text)['"]/)) expect(file).toMatch(/(^|\/)server\//);
  });
});

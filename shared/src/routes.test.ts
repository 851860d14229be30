import { describe, expect, it } from '@jest/globals';
import { inOrder, routeMatcher, type RouteEntry } from './routes';

// The generic half of the route table (#27); the site's own table is tested in site/routes.test.ts.

const entry = (path: string, owner = 'courses'): RouteEntry => ({
  path,
  owner,
  screen: 'Page',
  description: 'Una página.',
  canonical: path,
});

describe('composing apps’ routes', () => {
  it('puts the listed paths in the listed order and the rest after them, in the order given', () => {
    const composed = inOrder([entry('/b'), entry('/nuevo'), entry('/a', 'giving'), entry('/Otro')], (r) => r.path, ['/a', '/B']);
    expect(composed.map((r) => r.path)).toEqual(['/a', '/b', '/nuevo', '/Otro']);
  });

  it('refuses a path two apps declare, letter case aside, and a listed path no app declares', () => {
    expect(() => inOrder([entry('/a'), entry('/A', 'giving')], (r) => r.path, [])).toThrow('La ruta /a está declarada dos veces.');
    expect(() => inOrder([entry('/a')], (r) => r.path, ['/a', '/perdida'])).toThrow('Ninguna app declara la ruta /perdida.');
  });

  it('matches exactly, regardless of letter case and a trailing slash, and gives the panel’s entry to its paths', () => {
    const panel = entry('/equipo', 'shell');
    const match = routeMatcher([entry('/Documents-esal')], panel);
    expect(match('/documents-esal/')?.path).toBe('/Documents-esal');
    expect(match('/documents')).toBeUndefined();
    expect(match('/equipo/pqrsf')).toBe(panel);
    expect(routeMatcher([entry('/a')])('/equipo')).toBeUndefined();
  });
});

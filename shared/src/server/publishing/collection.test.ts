import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { defineCollection } from '../../publishing/document';
import { publishedItems, publishedSnapshot, resetPublishedSnapshot, setPublishedSnapshot } from '../../publishing/snapshot';
import { z } from '../../schemas/zod';
import type { ApiModule } from '../api-module';
import { testApi, type TestApi } from '../api-testing';
import { createTestIdentity } from '../identity-testing';
import { createTestStaffDirectory, staffToken } from '../staff-testing';
import { browserSnapshot, startPublishingRefresh } from './refresh';
import { collectionRoutes } from './routes';

// A collection in the publishing kit (#28): each item has its own drafts, schedule and history; the refresh loads
// every live item into the snapshot (defaults overlaid, archived ones removed) and a page carries only what it needs.

const notes = defineCollection({
  name: 'demo.notes',
  label: 'Notas',
  schema: z.object({ title: z.string().check(z.minLength(1)), slug: z.string(), date: z.optional(z.string()) }),
  defaults: { bienvenida: { title: 'Bienvenida', slug: 'bienvenida', date: '2026-01-01T00:00:00.000Z' } },
  roles: ['contenido'],
  path: '/api/demo/staff/publicacion/notas',
  itemLabel: (n) => n.title,
  firstPublished: (n, at) => (n.date ? n : { ...n, date: at }),
  browserFor: (pathname, items) =>
    pathname === '/notas' ? items : Object.fromEntries(Object.entries(items).filter(([, n]) => `/notas/${n.slug}` === pathname)),
});

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'contenido@fundacion.org', roles: ['contenido'] });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
const headers = (email = 'contenido@fundacion.org') => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

const demoApi: ApiModule = {
  name: 'demo',
  description: 'Colección de prueba',
  migrations: { schema: 'demo', migrations: {} },
  plugin: async (app, ctx) => app.register(collectionRoutes(notes), ctx),
};

type Item = { key: string; live: boolean; scheduled_at: string | null; draft: boolean; archived: boolean; body: { title: string } };
type State = { key: string; published: { revision: number } | null; scheduled: { published_at: string } | null; archived: boolean };

let api: TestApi;
beforeAll(async () => {
  api = await testApi(demoApi, { identity: identity.verifier, staff });
  api.ctx.publishing = startPublishingRefresh(api.db, [notes], { intervalMs: 60_000 });
});
afterAll(async () => {
  api.ctx.publishing?.stop();
  await api.close();
});
afterEach(() => resetPublishedSnapshot());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, email?: string) =>
  api.app.inject({ method, url, headers: headers(email), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const path = notes.path;
const live = async () => {
  await api.ctx.publishing?.refresh();
  return publishedSnapshot().documents['demo.notes'] as Record<string, { title: string; date?: string }> | undefined;
};

describe('a collection in the publishing kit', () => {
  it('lists the defaults as live, and only its roles reach it', async () => {
    const res = await call('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: Item[] }>().items).toMatchObject([{ key: 'bienvenida', live: true, draft: false, archived: false }]);
    expect((await call('GET', path, undefined, 'finanzas@fundacion.org')).statusCode).toBe(403);
    expect((await call('GET', `${path}/no-existe`)).statusCode).toBe(404);
  });

  it('creates an item as a draft that no page shows, publishes it with its first publication time, then archives it', async () => {
    const created = await call('POST', path, { title: 'Nueva', slug: 'nueva' });
    expect(created.statusCode).toBe(201);
    const { key } = created.json<State>();
    expect(key).toMatch(/^[a-z0-9-]+$/);
    expect(Object.keys((await live()) ?? notes.defaults)).toEqual(['bienvenida']);

    const before = Date.now();
    const published = await call('POST', `${path}/${key}/publicar?base_revision=1`, { title: 'Nueva', slug: 'nueva' });
    expect(published.statusCode).toBe(200);
    const items = (await live())!;
    expect(Object.keys(items).sort()).toEqual(['bienvenida', key].sort());
    expect(Date.parse(items[key]!.date!)).toBeGreaterThanOrEqual(before - 1000);
    // A correction keeps the first publication's date.
    await call('POST', `${path}/${key}/publicar?base_revision=2`, { title: 'Nueva (corregida)', slug: 'nueva' });
    const corrected = (await live())![key]!;
    expect(corrected).toMatchObject({ title: 'Nueva (corregida)', date: items[key]!.date });

    const archived = await call('DELETE', `${path}/${key}`);
    expect(archived.json<State>()).toMatchObject({ archived: true, published: null });
    expect(Object.keys((await live())!)).toEqual(['bienvenida']);
    const list = (await call('GET', path)).json<{ items: Item[] }>().items;
    expect(list.find((i) => i.key === key)).toMatchObject({ live: false, archived: true, body: { title: 'Nueva (corregida)' } });

    const audit = await api.db
      .selectFrom('staff.audit_log')
      .select(['action', 'entity_id'])
      .where('entity_id', '=', `demo.notes/${key}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'demo.publishing.save',
      'demo.publishing.publish',
      'demo.publishing.publish',
      'demo.publishing.archive',
    ]);
  });

  it('archives a default item too, and a publication brings it back', async () => {
    await call('DELETE', `${path}/bienvenida`);
    expect((await live())?.bienvenida).toBeUndefined();
    const state = (await call('GET', `${path}/bienvenida`)).json<{ latest_revision: number }>();
    await call('POST', `${path}/bienvenida/publicar?base_revision=${state.latest_revision}`, {
      ...notes.defaults.bienvenida,
      title: 'Hola',
    });
    expect((await live())?.bienvenida).toMatchObject({ title: 'Hola', date: '2026-01-01T00:00:00.000Z' });
  });

  it('goes live by the clock when scheduled, with nothing written at that time', async () => {
    const { key } = (await call('POST', path, { title: 'Programada', slug: 'programada' })).json<State>();
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call('POST', `${path}/${key}/publicar?base_revision=1&publish_at=${encodeURIComponent(at)}`, {
      title: 'Programada',
      slug: 'programada',
    });
    expect(scheduled.json<State>().scheduled?.published_at).toBe(at);
    expect((await live())?.[key]).toBeUndefined();
    expect((await call('GET', path)).json<{ items: Item[] }>().items.find((i) => i.key === key)).toMatchObject({
      live: false,
      scheduled_at: at,
    });
    await new Promise((r) => setTimeout(r, 1700));
    expect((await live())?.[key]).toMatchObject({ title: 'Programada', date: at });
  });

  it('gives a page only what it needs, and a browser page cut for another path reads nothing', async () => {
    await live();
    const forNote = browserSnapshot(publishedSnapshot(), [notes], '/notas/programada');
    expect(Object.values(forNote.documents['demo.notes'] as object)).toMatchObject([{ slug: 'programada' }]);
    expect(browserSnapshot(publishedSnapshot(), [notes], '/otra').documents['demo.notes']).toEqual({});
    expect(browserSnapshot(publishedSnapshot(), [notes]).documents).toEqual({});

    setPublishedSnapshot(forNote);
    expect(publishedItems('demo.notes', notes.defaults, '/notas/programada')).toBe(forNote.documents['demo.notes']);
    expect(publishedItems('demo.notes', notes.defaults, '/notas')).toBeNull();
  });
});

// Security review (#28, attack2): an item's key is server-made; a key that is a name of Object.prototype ("constructor"
// passes ITEM_KEY) is no item either. Today `key in c.defaults` reads the prototype, so a member can write an item
// under a key of their choosing (every answer then a 500) and the list calls that never-published draft live.
describe('a key inherited from Object.prototype is no item', () => {
  it('answers 404 to read and save, and nothing appears in the list', async () => {
    expect((await call('GET', `${path}/constructor`)).statusCode).toBe(404);
    expect((await call('PUT', `${path}/constructor/borrador`, { title: 'Colada', slug: 'colada' })).statusCode).toBe(404);
    const items = (await call('GET', path)).json<{ items: Item[] }>().items;
    expect(items.map((i) => i.key)).not.toContain('constructor');
  });
});

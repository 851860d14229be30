import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  PUBLISHED_ELEMENT_ID,
  publishedItems,
  publishedSnapshot,
  setPublishedSnapshot,
  type PublishedSnapshot,
} from 'shared/publishing/snapshot';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';

// The blog edited in the panel (#28): Contenido drafts a post, schedules or publishes it, and /blog and /blog/<slug>
// show it within the refresh, with no build or deploy; what a post's body carries is what the sanitiser kept.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'contenido@fundacion.org', roles: ['contenido'] });
staff.seat({ username: 'admin@fundacion.org', roles: ['admin'] });

const path = '/api/site/staff/publicacion/blog';
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

interface State {
  key: string;
  latest_revision: number;
  published: { revision: number; body: { body: string; title: string } } | null;
  scheduled: { published_at: string } | null;
  draft: { body: { body: string } } | null;
}

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Becas 2027: así puedes postularte',
  slug: 'becas-2027',
  summary: 'Fechas, requisitos y pasos para pedir una beca de la fundación el próximo año.',
  body: '<p>Las becas abren en <strong>febrero</strong>.</p>',
  cover: { src: '/archivos/0b6f4a52-3f0e-4d53-9a57-0d7f3c8f2d11.jpg', alt: 'Estudiantes en clase' },
  tags: ['becas', 'educación'],
  author: 'Laura Gómez',
  ...over,
});

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, { RATE_LIMIT_WRITES: '1000' }, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, email = 'contenido@fundacion.org', payload?: object) =>
  gw.app.inject({ method, url, headers: as(email), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** The page's status, title and the posts it carries for the browser. */
async function page(url: string) {
  const res = await gw.app.inject(url);
  const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? '';
  const json = new RegExp(`<script type="application/json" id="${PUBLISHED_ELEMENT_ID}">(.*?)</script>`).exec(res.body)?.[1];
  const snapshot = json
    ? (JSON.parse(json) as { documents: Record<string, Record<string, { slug: string; body: string; date?: string }>> })
    : null;
  return { status: res.statusCode, title, posts: Object.values(snapshot?.documents['site.posts'] ?? {}) };
}

describe('the blog in the panel', () => {
  it('is Contenido’s: other roles and visitors are refused', async () => {
    expect((await call('GET', path)).statusCode).toBe(200);
    expect((await call('GET', path, 'admin@fundacion.org')).statusCode).toBe(403);
    expect((await gw.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await call('POST', path, 'admin@fundacion.org', post())).statusCode).toBe(403);
  });

  it('starts with the cards the code carried, live on /blog, each at /blog/<slug>', async () => {
    const list = (await call('GET', path)).json<{ items: Array<{ key: string; live: boolean }> }>().items;
    expect(list.map((i) => i.key)).toEqual(expect.arrayContaining(['software-para-el-futuro', 'puentes', 'excel', 'ecoturismo']));
    const blog = await page('/blog');
    expect(blog.status).toBe(200);
    expect(blog.posts.length).toBe(4);
    // The list carries the cards, not the bodies.
    expect(blog.posts.every((p) => p.body === '')).toBe(true);
    const one = await page('/blog/software-para-el-futuro');
    expect(one.status).toBe(200);
    expect(one.title).toMatch(/^Aprender desarrollo de software/);
    expect(one.posts).toHaveLength(1);
    expect(one.posts[0]?.body).toContain('/software-para-el-futuro');
    // The article keeps its own address.
    expect((await page('/software-para-el-futuro')).status).toBe(200);
  });

  it('stores a body without scripts, handlers or javascript: links, and refuses a cover without its description', async () => {
    const noAlt = await call('POST', path, 'contenido@fundacion.org', post({ cover: { src: '/archivos/x.jpg', alt: ' ' } }));
    expect(noAlt.statusCode).toBe(400);
    expect(Object.keys(noAlt.json<{ fields: Record<string, string> }>().fields)).toContain('cover.alt');
    const res = await call(
      'POST',
      path,
      'contenido@fundacion.org',
      post({
        slug: 'xss',
        body: '<p onclick="alert(1)">Hola<script>alert(2)</script> <a href="javascript:alert(3)">enlace</a><img src="https://mal.example/x.png" alt="x"></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<State>().draft?.body.body ?? '';
    expect(body).toContain('Hola');
    expect(body).not.toMatch(/script|onclick|javascript|mal\.example/);
    // An empty text (after sanitising) is no post.
    const empty = await call('POST', path, 'contenido@fundacion.org', post({ slug: 'vacia', body: '<script>x</script>' }));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an address another post has', async () => {
    const res = await call('POST', path, 'contenido@fundacion.org', post({ slug: 'software-para-el-futuro' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.slug).toMatch(/Otra entrada ya usa esa dirección/);
    expect((await call('POST', path, 'contenido@fundacion.org', post({ slug: 'Con Espacios' }))).statusCode).toBe(400);
  });

  it('a draft is not on the site; a scheduled post goes live by the clock, newest first on /blog, and is audited', async () => {
    const created = (await call('POST', path, 'contenido@fundacion.org', post())).json<State>();
    expect((await page('/blog/becas-2027')).status).toBe(404);

    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call(
      'POST',
      `${path}/${created.key}/publicar?base_revision=${created.latest_revision}&publish_at=${encodeURIComponent(at)}`,
      'contenido@fundacion.org',
      post(),
    );
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json<State>().scheduled?.published_at).toBe(at);
    await gw.publishing?.refresh();
    expect((await page('/blog/becas-2027')).status).toBe(404);

    await new Promise((r) => setTimeout(r, 1700));
    await gw.publishing?.refresh();
    const live = await page('/blog/becas-2027');
    expect(live.status).toBe(200);
    expect(live.title).toMatch(/^Becas 2027: así puedes postularte/);
    expect(live.posts[0]?.body).toBe('<p>Las becas abren en <strong>febrero</strong>.</p>');
    // Its date is its publication's, the newest of the list (/blog shows the newest first).
    const blog = await page('/blog');
    const dates = Object.fromEntries(blog.posts.map((p) => [p.slug, p.date]));
    expect(dates['becas-2027']).toBe(at);
    expect(Object.values(dates).every((d) => (d ?? '') <= at)).toBe(true);
    expect((await gw.app.inject('/sitemap.xml')).body).toContain('/blog/becas-2027</loc>');

    const audit = await sql<{ action: string; entity_id: string }>`
      select action, entity_id from staff.audit_log where entity = 'published_document' and entity_id = ${`site.posts/${created.key}`} order by id`.execute(
      gw.database.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['site.publishing.save', 'site.publishing.schedule']);
  });

  it('takes a post off the site when archived', async () => {
    const list = (await call('GET', path)).json<{ items: Array<{ key: string; body: { slug: string } }> }>().items;
    const key = list.find((i) => i.body.slug === 'becas-2027')!.key;
    expect((await call('DELETE', `${path}/${key}`)).json<{ archived: boolean }>().archived).toBe(true);
    expect((await page('/blog/becas-2027')).status).toBe(404);
    expect((await gw.app.inject('/sitemap.xml')).body).not.toContain('/blog/becas-2027<');
  });
});

// Security review (#28, attack2): the address check compares with each post's newest save only, and the date said to
// be "set by its publication, never by the form" is taken from the form.
describe('the blog against a member who tries tricks', () => {
  it('refuses the address of a live post whose newest save is a draft at another address', async () => {
    const live = 'puentes-del-primer-curso-al-primer-contrato';
    const before = (await call('GET', `${path}/puentes`)).json<State>();
    const moved = await call('PUT', `${path}/puentes/borrador?base_revision=${before.latest_revision}`, 'contenido@fundacion.org', {
      ...post({ slug: 'puentes-borrador', title: 'Puentes (borrador)' }),
    });
    expect(moved.statusCode).toBe(200);
    // The live post still answers at its address; another post must not take it.
    expect((await page(`/blog/${live}`)).status).toBe(200);
    const impostor = await call('POST', path, 'contenido@fundacion.org', post({ slug: live, title: 'Impostora' }));
    expect(impostor.statusCode).toBe(400);
  });

  it('dates a post by its first publication, not by a date the request sends', async () => {
    const created = (
      await call('POST', path, 'contenido@fundacion.org', post({ slug: 'fecha-futura', date: '2099-12-31T00:00:00.000Z' }))
    ).json<State>();
    await call(
      'POST',
      `${path}/${created.key}/publicar?base_revision=${created.latest_revision}`,
      'contenido@fundacion.org',
      post({ slug: 'fecha-futura', date: '2099-12-31T00:00:00.000Z' }),
    );
    const blog = await page('/blog');
    const date = blog.posts.find((p) => p.slug === 'fecha-futura')?.date ?? '';
    expect(date.startsWith('2099')).toBe(false);
  });
});

// Security review (#28, attack2): the server routes a percent-encoded address (`/bl%6fg`, `/blog/x%2Dy`, a link anyone
// can post) after decodeURI and cuts the page's snapshot for the decoded path, while the browser's location keeps the
// encoded one: `publishedItems` answers null there and BlogPage / BlogPostPage reload the page, forever (23 loads in
// 4 s in Chromium). Either the address is redirected to its plain form or the page carries what its browser reads.
describe('a blog address written with percent-escapes', () => {
  it.each(['/bl%6fg', '/blog/software-para-el-futur%6f'])('%s does not leave the browser reloading', async (url) => {
    const res = await gw.app.inject(url);
    if (res.statusCode >= 300 && res.statusCode < 400) return;
    const json = new RegExp(`<script type="application/json" id="${PUBLISHED_ELEMENT_ID}">(.*?)</script>`).exec(res.body)?.[1] ?? '{}';
    const server = publishedSnapshot();
    try {
      // What the browser at that address reads before hydrating (its location.pathname keeps the escapes).
      setPublishedSnapshot(JSON.parse(json) as PublishedSnapshot);
      expect(publishedItems('site.posts', {}, url)).not.toBeNull();
    } finally {
      setPublishedSnapshot(server);
    }
  });
});

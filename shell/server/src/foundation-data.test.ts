import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { foundationDefaults } from 'shared/config/site';
import { site } from 'shared/foundation/site';
import type { FoundationDataInput } from 'shared/foundation/schema';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';

// The foundation's data edited in the panel (#28): Administración saves drafts, publishes (now or at a time), and the
// site — pages, e-mails, certificates — reads what was published, in this process at once.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'admin@fundacion.org', roles: ['admin'] });
staff.seat({ username: 'otra-admin@fundacion.org', roles: ['admin'] });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
staff.seat({ username: 'atencion@fundacion.org', roles: ['atencion'] });

const path = '/api/site/staff/publicacion/fundacion';
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

/** Every pending value filled, as an administrator would (a made-up foundation). */
const complete: FoundationDataInput = {
  ...foundationDefaults,
  name: 'Fundación Tejiendo Futuro',
  nit: '901.234.567-7',
  contact: {
    ...foundationDefaults.contact,
    phoneDisplay: '+57 608 742 1938',
    chatPhone: '573107421938',
    address: 'Carrera 9 # 18-40, Tunja, Boyacá',
  },
  certificates: {
    city: 'Tunja, Boyacá',
    destination: 'Becas de formación para el empleo',
    legalRepresentative: 'Ana María Rojas Peña, C.C. 40.123.456',
    fiscalReviewer: 'Luis Pérez Gómez, T.P. 123456-T',
  },
};

interface State {
  published: { revision: number; body: FoundationDataInput; published_by: string | null } | null;
  draft: { revision: number; body: FoundationDataInput } | null;
  scheduled: { revision: number; published_at: string } | null;
  latest_revision: number;
  history: Array<{ revision: number; saved_by: string }>;
}

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, { RATE_LIMIT_WRITES: '1000' }, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, email = 'admin@fundacion.org', payload?: object) =>
  gw.app.inject({ method, url, headers: as(email), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('the foundation data in the panel', () => {
  it('starts from the defaults, and only Administración reaches it', async () => {
    const res = await call('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.json<State>()).toMatchObject({ published: null, draft: null, latest_revision: 0 });
    expect((await call('GET', path, 'finanzas@fundacion.org')).statusCode).toBe(403);
    expect((await gw.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await call('POST', `${path}/publicar`, 'finanzas@fundacion.org', complete)).statusCode).toBe(403);
    expect(site.nit).toBeNull();
  });

  it('refuses a NIT with a wrong check digit, a phone without +57 and an http link, on their fields', async () => {
    const res = await call('PUT', `${path}/borrador`, 'admin@fundacion.org', {
      ...complete,
      nit: '901.234.567-8',
      contact: { ...complete.contact, phoneDisplay: '608 742 1938' },
      social: [{ name: 'Facebook', url: 'http://facebook.com/tejiendo' }],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: Record<string, string> }>().fields;
    expect(fields.nit).toMatch(/dígito de verificación/);
    expect(fields['contact.phoneDisplay']).toMatch(/\+57/);
    expect(fields['social.0.url']).toMatch(/https:\/\//);
  });

  it('keeps a draft off the site, then publishes it: the site reads it at once', async () => {
    const draft = await call('PUT', `${path}/borrador`, 'admin@fundacion.org', { ...complete, nit: '' });
    expect(draft.statusCode).toBe(200);
    const saved = draft.json<State>();
    expect(saved.draft?.revision).toBe(1);
    // An empty field is pending: null, never ''.
    expect(saved.draft?.body.nit).toBeNull();
    expect(site.contact.address).toBeNull();

    const published = await call('POST', `${path}/publicar?base_revision=1`, 'admin@fundacion.org', complete);
    expect(published.statusCode).toBe(200);
    const state = published.json<State>();
    expect(state.published).toMatchObject({ revision: 2, published_by: 'admin@fundacion.org' });
    expect(state.draft).toBeNull();
    expect(site.nit).toBe('901.234.567-7');
    expect(site.certificates.legalRepresentative).toBe('Ana María Rojas Peña, C.C. 40.123.456');
    expect(site.contact.address).toBe('Carrera 9 # 18-40, Tunja, Boyacá');

    // Each write left its audit row, naming the document and the revision.
    const rows = await sql<{ action: string; actor_email: string; detail: { revision: number } }>`
      select action, actor_email, detail from staff.audit_log where entity = 'published_document' order by id`.execute(gw.database.db);
    expect(rows.rows.map((r) => [r.action, r.detail.revision])).toEqual([
      ['site.publishing.save', 1],
      ['site.publishing.publish', 2],
    ]);
  });

  it("refuses a save from a revision another member already changed, and keeps the other member's", async () => {
    const other = await call('PUT', `${path}/borrador?base_revision=2`, 'otra-admin@fundacion.org', { ...complete, shortName: 'Tejiendo' });
    expect(other.statusCode).toBe(200);
    const late = await call('POST', `${path}/publicar?base_revision=2`, 'admin@fundacion.org', { ...complete, shortName: 'TF' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/otra-admin@fundacion\.org.*versión 3/);
    const state = (await call('GET', path)).json<State>();
    expect(state.draft?.body.shortName).toBe('Tejiendo');
    expect(site.shortName).toBe(complete.shortName);
  });

  it('pages carry what was published for the browser, with no way out of the data block', async () => {
    const res = await call('POST', `${path}/publicar?base_revision=3`, 'admin@fundacion.org', {
      ...complete,
      defaultDescription: 'Formamos talento </script><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const page = await gw.app.inject({ method: 'GET', url: '/nosotros' });
    const block = /<script type="application\/json" id="published-content">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '';
    expect(block).toContain('901.234.567-7');
    expect(block).not.toContain('</script>');
    // The signers' names and identification are printed on certificates by the server, never carried by a page.
    expect(block).not.toContain('Ana María Rojas Peña');
    expect(block).not.toContain('40.123.456');
    const parsed = JSON.parse(block) as { documents: Record<string, { defaultDescription: string }> };
    expect(parsed.documents['site.foundation']?.defaultDescription).toBe('Formamos talento </script><script>alert(1)</script>');
  });

  it('schedules a publication: it goes live by the clock, and publishing now would cancel it', async () => {
    const past = await call('POST', `${path}/publicar?base_revision=4&publish_at=2020-01-01T00:00:00Z`, 'admin@fundacion.org', complete);
    expect(past.statusCode).toBe(400);
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call('POST', `${path}/publicar?base_revision=4&publish_at=${encodeURIComponent(at)}`, 'admin@fundacion.org', {
      ...complete,
      shortName: 'Tejiendo Futuro 2027',
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json<State>().scheduled?.revision).toBe(5);
    expect(site.shortName).toBe(complete.shortName);
    await new Promise((r) => setTimeout(r, 1600));
    // The refresh runs every PUBLISHED_REFRESH_MS; here it is asked at once, as a publication does.
    await gw.publishing?.refresh();
    expect(site.shortName).toBe('Tejiendo Futuro 2027');
    const state = (await call('GET', path)).json<State>();
    expect(state.scheduled).toBeNull();
    expect(state.published?.revision).toBe(5);
  });

  it('publishes an ESAL document as an uploaded PDF, served from the site with headers that keep it a file', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = (email: string, body: Buffer, name: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/site/staff/archivos',
        headers: { ...as(email), 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
        payload: body,
      });
    const res = await upload('admin@fundacion.org', pdf, 'RUT de la fundación.pdf');
    expect([res.statusCode, res.body]).toEqual([201, expect.anything()]);
    const file = res.json<{ src: string; name: string; kind: string }>();
    expect(file).toMatchObject({ kind: 'pdf', name: 'RUT de la fundación.pdf' });
    expect(file.src).toMatch(/^\/archivos\/[0-9a-f-]{36}\.pdf$/);

    const served = await gw.app.inject({ method: 'GET', url: file.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // The same file under another extension, or a made-up id, is not there.
    expect((await gw.app.inject({ method: 'GET', url: file.src.replace('.pdf', '.png') })).statusCode).toBe(404);
    expect((await gw.app.inject({ method: 'GET', url: '/archivos/00000000-0000-0000-0000-000000000000.pdf' })).statusCode).toBe(404);

    // A page named .pdf is refused by its content; a member who publishes nothing cannot upload.
    const html = await upload('admin@fundacion.org', Buffer.from('<html><script>alert(1)</script></html>'), 'informe.pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json<{ message: string }>().message).toMatch(/PDF|imagen/);
    expect((await upload('atencion@fundacion.org', pdf, 'x.pdf')).statusCode).toBe(403);
    expect((await upload('admin@fundacion.org', Buffer.alloc(0), 'vacio.pdf')).json<{ error: string }>().error).toBe('file_missing');

    // A file uploaded by mistake is taken down: its address answers 404 at once, and the removal is audited.
    const mistake = (await upload('admin@fundacion.org', pdf, 'equivocado.pdf')).json<{ src: string }>().src;
    const name = mistake.split('/').pop() ?? '';
    expect((await call('DELETE', `/api/site/staff/archivos/${name}`, 'atencion@fundacion.org')).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/site/staff/archivos/${name}`);
    expect(removed.json<{ removed: boolean }>()).toEqual({ removed: true });
    expect((await gw.app.inject({ method: 'GET', url: mistake })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/site/staff/archivos/..%2f..%2fx.pdf')).statusCode).toBe(400);

    const state = (await call('GET', path)).json<State>();
    const documents = complete.esal.documents.map((d, i) => (i === 0 ? { ...d, url: file.src } : d));
    const published = await call('POST', `${path}/publicar?base_revision=${state.latest_revision}`, 'admin@fundacion.org', {
      ...complete,
      esal: { ...complete.esal, documents },
    });
    expect(published.statusCode).toBe(200);
    expect(site.esal.documents[0]?.url).toBe(file.src);
  });
});

// Security review (#28, attack2): every publishing role (Cursos, Finanzas, Contenido) may DELETE any published file,
// with no owner: a Finanzas member takes down the ESAL document only Administración publishes (the transparency page
// then links a 404). A member should remove only what their role uploaded (or Administración any).
describe('published files of another role', () => {
  it('cannot be taken down by a member of another role', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/site/staff/archivos',
      headers: { ...as('admin@fundacion.org'), 'content-type': 'application/octet-stream', 'x-file-name': 'rut.pdf' },
      payload: pdf,
    });
    const src = res.json<{ src: string }>().src;
    const removed = await call('DELETE', `/api/site/staff/archivos/${src.split('/').pop() ?? ''}`, 'finanzas@fundacion.org');
    expect(removed.statusCode).toBe(403);
    expect((await gw.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });
});

// Security review of #28: what an administrator's crafted request gets from the foundation data's API.
describe('the foundation data API under crafted requests', () => {
  it('refuses a revision number beyond the column (int4) as a bad request, not as a server error', async () => {
    // PostgreSQL's integer stops at 2^31-1: revisionParamsSchema (shared/publishing/document.ts) refuses what lies beyond.
    const res = await call('GET', `${path}/revisiones/3000000000`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('validation_error');
  });

  it("refuses an ESAL document address on the site that is not a published file's", async () => {
    for (const url of ['/archivos/..', '/archivos/no-existe', '/archivos/informe.html']) {
      const res = await call('PUT', `${path}/borrador`, 'admin@fundacion.org', {
        ...foundationDefaults,
        esal: { ...foundationDefaults.esal, documents: [{ name: 'RUT', description: 'Registro Único Tributario', url }] },
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});

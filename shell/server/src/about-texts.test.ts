import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PUBLISHED_ELEMENT_ID } from 'shared/publishing/snapshot';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';

// The About page's texts edited in the panel (#28): Contenido publishes them and /nosotros carries them at once.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'contenido@fundacion.org', roles: ['contenido'] });
staff.seat({ username: 'admin@fundacion.org', roles: ['admin'] });
const path = '/api/site/staff/publicacion/nosotros';
const as = (email: string) => ({ authorization: `Bearer ${staffToken(identity, { email })}` });

const texts = {
  quienesSomos: { title: 'Quiénes somos', paragraphs: ['Una fundación de Tunja.', 'Enseñamos a programar.'] },
  mision: { title: 'Misión', paragraphs: ['Formar para el empleo.'] },
  vision: { title: 'Visión', paragraphs: ['Miles de egresados en 2030.'] },
  values: [{ name: 'Dignidad', text: 'Cada persona es protagonista.' }],
};

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, { RATE_LIMIT_WRITES: '1000' }, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

const carried = async (url: string) => {
  const body = (await gw.app.inject(url)).body;
  const json = new RegExp(`<script type="application/json" id="${PUBLISHED_ELEMENT_ID}">(.*?)</script>`).exec(body)?.[1] ?? '{}';
  return (JSON.parse(json) as { documents?: Record<string, unknown> }).documents?.['site.about'];
};

describe('the About page texts in the panel', () => {
  it('are Contenido’s to publish, refused without a paragraph, and /nosotros carries them at once', async () => {
    expect((await gw.app.inject({ method: 'GET', url: path, headers: as('admin@fundacion.org') })).statusCode).toBe(403);
    const empty = await gw.app.inject({
      method: 'POST',
      url: `${path}/publicar`,
      headers: as('contenido@fundacion.org'),
      payload: { ...texts, mision: { title: 'Misión', paragraphs: [] } },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ fields: Record<string, string> }>().fields)).toContain('mision.paragraphs');
    const res = await gw.app.inject({ method: 'POST', url: `${path}/publicar`, headers: as('contenido@fundacion.org'), payload: texts });
    expect(res.statusCode).toBe(200);
    expect(await carried('/nosotros')).toEqual(texts);
  });
});

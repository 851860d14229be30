import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { defineOperation, fileAnswer } from '../api/operation';
import { z } from '../schemas/zod';
import type { ApiModule } from './api-module';
import { testApi, type TestApi } from './api-testing';
import { createTestIdentity } from './identity-testing';
import { route } from './operation-routes';
import { registerStaffRoutes, staffOf } from './staff-guard';
import { createTestStaffDirectory, staffToken } from './staff-testing';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });

const filing = defineOperation({
  method: 'POST',
  path: '/api/community/probe/:codigo',
  params: z.object({ codigo: z.string().check(z.regex(/^\d{4}$/, { error: 'El código tiene 4 dígitos.' })) }),
  body: z.object({ nombre: z.string().check(z.minLength(1, { error: 'Escribe tu nombre.' })) }),
  response: z.object({ saludo: z.string() }),
  status: 201,
  summary: 'Prueba pública',
});
const note = defineOperation({
  method: 'POST',
  path: '/api/community/staff/probe/:codigo/notas',
  params: z.object({ codigo: z.string() }),
  body: z.object({ texto: z.string() }),
  response: z.object({ por: z.string(), texto: z.string() }),
  roles: ['atencion'],
  summary: 'Prueba del equipo',
});

const probe: ApiModule = {
  name: 'community',
  description: 'prueba',
  migrations: { schema: 'probe', migrations: {} },
  plugin: async (app, ctx) => {
    route(app, filing, async (request) => ({ saludo: `Hola ${request.body.nombre} (${request.params.codigo})`, extra: 'nunca' }));
    // A file answer: the handler sends the file itself.
    route(app, file, async (request, reply) => reply.type('text/csv; charset=utf-8').send(`codigo\n${request.params.codigo}\n`));
    // The scope allows finanzas too; the declaration's role is the one that counts.
    await registerStaffRoutes(app, ctx, { roles: ['atencion', 'finanzas'] }, async (scope) => {
      route(scope, note, async (request) => ({ por: staffOf(request).email, texto: request.body.texto }));
    });
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await testApi(probe, { identity: identity.verifier, staff });
});
afterAll(async () => api.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  api.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

const file = defineOperation({
  method: 'GET',
  path: '/api/community/probe/:codigo/csv',
  params: z.object({ codigo: z.string() }),
  response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
  summary: 'Prueba de un archivo',
});

describe('route(scope, operation, handler)', () => {
  it('registers the declared path under the plugin prefix, with its status and only the declared answer', async () => {
    const res = await post('/api/community/probe/1234', { nombre: 'Luisa' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ saludo: 'Hola Luisa (1234)' });
  });

  it('registers a file answer (fileAnswer): the handler sends the file as it is', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/community/probe/1234/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('codigo\n1234\n');
  });

  it('refuses params and body against the declaration, in Spanish', async () => {
    const bad = await post('/api/community/probe/12', { nombre: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_error', message: 'Revisa los datos enviados: hay campos con errores.' });
    expect(bad.json().fields).toEqual({ codigo: 'El código tiene 4 dígitos.' });
    const noName = await post('/api/community/probe/1234', { nombre: '' });
    expect(noName.json().fields).toEqual({ nombre: 'Escribe tu nombre.' });
  });

  it('takes a staff route role from the declaration: 403 to a member of the scope without it', async () => {
    const ok = await post('/api/community/staff/probe/1/notas', { texto: 'hola' }, staffToken(identity, { email: 'ana@fundacion.org' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ por: 'ana@fundacion.org', texto: 'hola' });
    const other = await post(
      '/api/community/staff/probe/1/notas',
      { texto: 'hola' },
      staffToken(identity, { email: 'finanzas@fundacion.org' }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'role_required' });
    expect((await post('/api/community/staff/probe/1/notas', { texto: 'hola' })).statusCode).toBe(401);
  });

  it('fails at start-up when the declaration and the mount disagree, or a staff operation has no guard', async () => {
    const app = Fastify();
    await expect(
      app.register(async (scope) => route(scope, filing, async () => ({ saludo: '' })), { prefix: '/api/courses' }),
    ).rejects.toThrow('fuera del prefijo /api/courses');
    const other = Fastify();
    await expect(
      other.register(async (scope) => route(scope, note, async () => ({ por: '', texto: '' })), { prefix: '/api/community/staff' }),
    ).rejects.toThrow('sin registerStaffRoutes');
  });

  it('fails at start-up when a declaration would widen the roles of the scope it is registered in', async () => {
    const finance = defineOperation({ ...note, path: '/api/community/staff/probe/:codigo/pagos', roles: ['finanzas'] });
    await expect(
      testApi(
        {
          ...probe,
          plugin: async (app, ctx) =>
            registerStaffRoutes(app, ctx, { roles: ['atencion'] }, async (scope) => {
              route(scope, finance, async () => ({ por: '', texto: '' }));
            }),
        },
        { identity: identity.verifier, staff },
      ),
    ).rejects.toThrow('declara roles (finanzas) que su ámbito de registerStaffRoutes no admite');
  });
});

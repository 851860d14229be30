/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { createElement, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { z } from 'shared/schemas/zod';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { createApiClient } from './client';
import { ApiClientProvider } from './context';
import { useOperationCall, useSignedInCall, useSignedInDownload } from './use-operation';
import { apiError, fakeApiClient, fakeOperations, ok, on } from './fake-client';
import { answerType, callOperation, defineOperation, downloadOperation, fileAnswer, operationPath } from './operation';
import { isSessionEnded, staffApiClient } from './staff-client';

const note = defineOperation({
  method: 'POST',
  path: '/api/demo/staff/casos/:radicado/notas',
  params: z.object({ radicado: z.string() }),
  body: z.object({ body: z.string() }),
  response: z.object({ radicado: z.string(), notes: z.number() }),
  roles: ['atencion'],
  summary: 'Agregar una nota',
});
const search = defineOperation({
  method: 'GET',
  path: '/api/demo/cursos/:slug/grupos/:id',
  query: z.object({ q: z.optional(z.string()), page: z.optional(z.number()) }),
  response: answerType<{ items: string[] }>(),
  summary: 'Grupos',
});
const plain = defineOperation({ method: 'GET', path: '/api/demo/estado', response: z.object({ up: z.boolean() }), summary: 'Estado' });

describe('operation paths', () => {
  it('replaces each parameter by its value, URI-encoded, so a value is always one segment', () => {
    expect(operationPath(note, { radicado: '123' })).toBe('/api/demo/staff/casos/123/notas');
    expect(operationPath(search, { slug: 'a/b c', id: 'ñ?#' })).toBe('/api/demo/cursos/a%2Fb%20c/grupos/%C3%B1%3F%23');
  });

  it('adds the query without empty values, and refuses a missing parameter', () => {
    expect(operationPath(search, { slug: 's', id: '1' }, { q: 'ana maría', page: 2, empty: '', none: undefined })).toBe(
      '/api/demo/cursos/s/grupos/1?q=ana+mar%C3%ADa&page=2',
    );
    expect(() => operationPath(note, {})).toThrow('falta el parámetro radicado');
    // '.' and '..' survive encoding and a browser resolves them: one would step up to another route.
    expect(() => operationPath(note, { radicado: '..' })).toThrow('no puede ser «..»');
    expect(() => operationPath(note, { radicado: '.' })).toThrow('no puede ser «.»');
    expect(operationPath(note, { radicado: '...' })).toBe('/api/demo/staff/casos/.../notas');
  });

  it('declares the domain as the tag and 200 as the status unless told', () => {
    expect(note.tags).toEqual(['demo']);
    expect(note.status).toBe(200);
    expect(note.roles).toEqual(['atencion']);
  });
});

describe('callOperation', () => {
  it('sends method, path and body through the client and gives its typed answer', async () => {
    const fake = fakeOperations(on(note, ok({ radicado: '7', notes: 1 })));
    const result = await callOperation(fake.client, note, { params: { radicado: '7' }, body: { body: 'hola' } });
    expect(fake.calls).toEqual([{ method: 'POST', path: '/api/demo/staff/casos/7/notas', body: { body: 'hola' }, token: undefined }]);
    if (result.kind !== 'ok') throw new Error('expected ok');
    const notes: number = result.data.notes;
    expect(notes).toBe(1);
  });

  it('needs no input for an operation without params or body', async () => {
    const fake = fakeOperations(on(plain, ok({ up: true })));
    expect(await callOperation(fake.client, plain)).toEqual(ok({ up: true }));
  });
});

describe('typed fakes', () => {
  it('answer any concrete path of an operation in turn, giving the decoded params and the body to a function', async () => {
    const seen: string[] = [];
    const fake = fakeOperations(
      on(
        note,
        ({ params, body }) => {
          seen.push(`${params.radicado}:${body.body}`);
          return ok({ radicado: params.radicado!, notes: 1 });
        },
        apiError(409, 'not_allowed', 'No'),
      ),
    );
    await callOperation(fake.client, note, { params: { radicado: 'a b' }, body: { body: 'uno' } });
    const second = await callOperation(fake.client, note, { params: { radicado: 'x' }, body: { body: 'dos' } });
    expect(seen).toEqual(['a b:uno']);
    expect(second.kind).toBe('error');
  });

  it('keep the string-keyed form, beside operations', async () => {
    const fake = fakeApiClient({ 'GET /api/demo/estado': ok({ up: false }) }, [on(note, ok({ radicado: '1', notes: 0 }))]);
    expect(await callOperation(fake.client, plain)).toEqual(ok({ up: false }));
    await expect(callOperation(fake.client, search, { params: { slug: 's', id: '1' } })).rejects.toThrow('nothing scripted');
  });

  it('refuse an answer of another type (compile time)', () => {
    // @ts-expect-error -- the operation answers { radicado, notes }
    on(note, ok({ up: true }));
    expect(true).toBe(true);
  });
});

const session = (token: string | null): StaffSession => ({
  email: 'ana@fundacion.org',
  name: null,
  roles: ['atencion'],
  admin: false,
  getIdToken: async () => token,
  signOut: async () => undefined,
});

describe('the staff client', () => {
  it('attaches the current token to every call, asking the session each time (it refreshes it)', async () => {
    const tokens = ['t1', 't2'];
    const fake = fakeOperations(on(note, ok({ radicado: '1', notes: 0 })));
    const client = staffApiClient(fake.client, async () => tokens.shift() ?? null);
    await callOperation(client, note, { params: { radicado: '1' }, body: { body: 'a' } });
    await callOperation(client, note, { params: { radicado: '1' }, body: { body: 'b' } });
    expect(fake.calls.map((c) => c.token)).toEqual(['t1', 't2']);
  });

  it('sends nothing once the session ended, and says so', async () => {
    const fake = fakeOperations(on(note, ok({ radicado: '1', notes: 0 })));
    const result = await callOperation(
      staffApiClient(fake.client, async () => null),
      note,
      {
        params: { radicado: '1' },
        body: { body: 'a' },
      },
    );
    expect(fake.calls).toEqual([]);
    expect(isSessionEnded(result)).toBe(true);
  });

  it('is what useOperationCall uses for a staff operation; a public one goes without a token', async () => {
    const fake = fakeOperations(on(note, ok({ radicado: '1', notes: 0 })), on(plain, ok({ up: true })));
    const wrapper = ({ children }: { children?: ReactNode }) =>
      createElement(
        StaffSessionContext.Provider,
        { value: session('token-de-ana') },
        createElement(ApiClientProvider, { client: fake.client }, children),
      );
    const { result } = renderHook(() => ({ note: useOperationCall(note), plain: useOperationCall(plain) }), { wrapper });
    await result.current.note({ params: { radicado: '1' }, body: { body: 'a' } });
    await result.current.plain();
    expect(fake.calls.map((c) => [c.path, c.token])).toEqual([
      ['/api/demo/staff/casos/1/notas', 'token-de-ana'],
      ['/api/demo/estado', undefined],
    ]);
  });
});

describe('downloadOperation (a declared file answer)', () => {
  const pdf = defineOperation({
    method: 'GET',
    path: '/api/demo/staff/certificados/:number/pdf',
    params: z.object({ number: z.string() }),
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF', format: 'binary' }),
    roles: ['finanzas'],
    summary: 'PDF',
  });

  it("builds the path as a call does, asks for the declared type, and the staff client attaches the session's token", async () => {
    const seen: Array<{ path: string; init: { accept: string; token?: string } }> = [];
    const base = {
      ...fakeApiClient({}).client,
      download: async (path: string, init: { accept: string; token?: string }) => {
        seen.push({ path, init });
        return new Blob(['%PDF']);
      },
    };
    const blob = await downloadOperation(
      staffApiClient(base, async () => 'token-de-ana'),
      pdf,
      { params: { number: 'CD 1/2' } },
    );
    expect(blob).not.toBeNull();
    expect(seen).toEqual([
      { path: '/api/demo/staff/certificados/CD%201%2F2/pdf', init: { accept: 'application/pdf', token: 'token-de-ana' } },
    ]);
  });

  it('sends nothing once the session ended: null, as a failed download', async () => {
    const { client, calls } = fakeApiClient({});
    expect(
      await downloadOperation(
        staffApiClient(client, async () => null),
        pdf,
        { params: { number: 'CD-1' } },
      ),
    ).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("signed-in calls outside the panel (a visitor's own data, the gate)", () => {
  const mine = defineOperation({ method: 'GET', path: '/api/demo/mios', response: z.object({ n: z.number() }), summary: 'Míos' });
  const file = defineOperation({
    method: 'GET',
    path: '/api/demo/mios/:id/pdf',
    params: z.object({ id: z.string() }),
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF' }),
    summary: 'PDF',
  });
  const wrapperOf =
    (client: ReturnType<typeof fakeApiClient>['client']) =>
    ({ children }: { children?: ReactNode }) =>
      createElement(ApiClientProvider, { client }, children);

  it("attach the session's current token to each call and download, asking the session each time", async () => {
    const tokens = ['t1', 't2'];
    const session = { getIdToken: async () => tokens.shift() ?? null };
    const fake = fakeOperations(on(mine, ok({ n: 1 })));
    const { result } = renderHook(() => ({ call: useSignedInCall(mine, session), download: useSignedInDownload(file, session) }), {
      wrapper: wrapperOf(fake.client),
    });
    expect(await result.current.call()).toEqual(ok({ n: 1 }));
    await result.current.download({ params: { id: 'A 1' } });
    expect(fake.calls.map((c) => [c.path, c.token])).toEqual([
      ['/api/demo/mios', 't1'],
      ['/api/demo/mios/A%201/pdf', 't2'],
    ]);
  });

  it('send nothing once the session ended, and say so', async () => {
    const session = { getIdToken: async () => null };
    const fake = fakeOperations(on(mine, ok({ n: 1 })));
    const { result } = renderHook(() => ({ call: useSignedInCall(mine, session), download: useSignedInDownload(file, session) }), {
      wrapper: wrapperOf(fake.client),
    });
    expect(isSessionEnded(await result.current.call())).toBe(true);
    expect(await result.current.download({ params: { id: '1' } })).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});

describe('a file asked for with a body (#32: an export that follows a search)', () => {
  const exportCsv = defineOperation({
    method: 'POST',
    path: '/api/demo/staff/casos/exportar',
    body: z.object({ q: z.optional(z.string()), status: z.string() }),
    response: fileAnswer({ accept: 'text/csv', description: 'CSV' }),
    roles: ['atencion'],
    summary: 'Exportar',
  });

  it('sends the body as JSON in a POST, and nothing of it in the address', async () => {
    const seen: Array<{ path: string; init: RequestInit & { method?: string; body?: string } }> = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (path: string, init: RequestInit & { method?: string; body?: string }) => {
      seen.push({ path, init });
      return { ok: true, blob: async () => new Blob(['a;b\r\n']) };
    }) as unknown as typeof fetch;
    try {
      const blob = await downloadOperation(createApiClient(), exportCsv, { body: { status: 'todas', q: 'Martínez' } });
      expect(blob).not.toBeNull();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/api/demo/staff/casos/exportar');
    expect(seen[0]?.init.method).toBe('POST');
    expect(JSON.parse(seen[0]?.init.body ?? '')).toEqual({ status: 'todas', q: 'Martínez' });
    expect(seen[0]?.init.headers).toMatchObject({ accept: 'text/csv', 'content-type': 'application/json' });
  });
});

/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, on } from 'shared/api/fake-client';
import type { CollectionItemState, CollectionItemSummary } from 'shared/publishing/document';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import { postDefaults, type Post } from '../../manifest/posts';
import { postsOperations, type postsCollection } from '../../manifest/posts-schema';
import StaffBlog, { bogotaToIso } from './blog';

type Schema = typeof postsCollection.schema;
const post: Post = postDefaults.puentes!;
const summary = (over: Partial<CollectionItemSummary<Schema>>): CollectionItemSummary<Schema> => ({
  key: 'puentes',
  body: post,
  live: true,
  published_at: null,
  scheduled_at: null,
  draft: false,
  archived: false,
  latest_revision: 0,
  ...over,
});
const state: CollectionItemState<Schema> = {
  key: 'nueva1',
  published: null,
  draft: {
    revision: 1,
    saved_by: 'ana@fundacion.org',
    saved_at: '2026-11-28T13:00:00.000Z',
    published_at: null,
    published_by: null,
    body: { ...post, title: 'Becas 2027', slug: 'becas-2027', date: undefined },
  },
  scheduled: null,
  defaults: null,
  history: [{ revision: 1, saved_by: 'ana@fundacion.org', saved_at: '2026-11-28T13:00:00.000Z', published_at: null, published_by: null }],
  latest_revision: 1,
  archived: false,
};

describe('StaffBlog (/equipo/blog)', () => {
  it('lists the posts with where each stands, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffBlog />, [
      on(
        postsOperations.list,
        ok({
          items: [
            summary({}),
            summary({
              key: 'b',
              body: { ...post, title: 'Programada', date: undefined },
              live: false,
              scheduled_at: '2026-12-01T14:30:00.000Z',
            }),
            summary({ key: 'c', body: { ...post, title: 'En borrador', date: undefined }, live: false, draft: true, latest_revision: 1 }),
          ],
        }),
      ),
    ]);
    const table = await screen.findByRole('table', { name: /Entradas del blog/ });
    expect(within(table).getByText('Publicada')).toBeTruthy();
    expect(within(table).getByText('Programada para el 1 de diciembre de 2026, 09:30')).toBeTruthy();
    expect(within(table).getByText('Borrador')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('previews a post as the page shows it, marked as a preview, and schedules it in Bogotá time', async () => {
    const { calls, container } = renderAsStaff(<StaffBlog />, [
      on(postsOperations.list, ok({ items: [summary({ key: 'nueva1', body: state.draft!.body, live: false, draft: true })] })),
      on(postsOperations.read, ok(state)),
      on(
        postsOperations.publish,
        ok({
          ...state,
          draft: null,
          scheduled: { ...state.draft!, revision: 2, published_at: '2026-12-01T14:30:00.000Z' },
          latest_revision: 2,
        }),
      ),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «Becas 2027»' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Vista previa' }));
    const preview = screen.getByRole('region', { name: /Vista previa/ });
    expect(within(preview).getByText('Vista previa — aún no está publicada.')).toBeTruthy();
    expect(within(preview).getByRole('heading', { name: 'Becas 2027' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Fecha y hora/), '2026-12-01T09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Versión 2 programada para el 1 de diciembre de 2026, 09:30.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('/api/site/staff/publicacion/blog/nueva1/publicar?base_revision=1&publish_at=2026-12-01T14%3A30%3A00.000Z');
  });

  it('saves a new post before previewing it, so the preview shows what the server stored', async () => {
    const { calls } = renderAsStaff(<StaffBlog />, [
      on(postsOperations.list, ok({ items: [] })),
      on(postsOperations.create, ok(state, 201)),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva entrada' }));
    await userEvent.type(screen.getByLabelText(/^Título de la entrada/), 'Becas 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    const preview = await screen.findByRole('region', { name: /Vista previa/ });
    expect(within(preview).getByRole('heading', { name: 'Becas 2027' })).toBeTruthy();
    expect(screen.getByText(/Borrador guardado \(versión 1\)\. Abajo, la vista previa/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/site/staff/publicacion/blog']);
  });

  it('reads a datetime-local value as Bogotá time', () => {
    expect(bogotaToIso('2026-12-01T09:30')).toBe('2026-12-01T14:30:00.000Z');
    expect(bogotaToIso('2026-12-01T23:30:15')).toBe('2026-12-02T04:30:15.000Z');
    expect(bogotaToIso('')).toBeNull();
  });
});

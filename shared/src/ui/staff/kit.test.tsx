/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import type { ApiResult } from 'shared/api/client';
import { StaffSessionContext } from 'shared/staff-session';
import { useKeysetListing, type ListingTexts } from './kit';
import { staffSession } from './testing';

interface Row {
  id: string;
}
interface RowsPage {
  items: Row[];
  nextCursor: string | null;
}

const texts: ListingTexts = {
  network: 'Sin conexión.',
  failed: 'No pudimos cargar la lista.',
  sessionEnded: 'Tu sesión terminó.',
  more: 'Cargar más',
  loadingMore: 'Cargando…',
  loadedMore: (n) => `${n} filas más`,
};

/** Each request's answer, handed over when the test wants, in any order. */
function answers() {
  const pending: Array<{ filter: string; cursor: string | undefined; resolve: (r: ApiResult<RowsPage>) => void }> = [];
  const page = (filter: string, cursor: string | undefined) =>
    new Promise<ApiResult<RowsPage>>((resolve) => pending.push({ filter, cursor, resolve }));
  const answer = async (index: number, ids: string[], next: string | null = null) => {
    await act(async () =>
      pending[index]?.resolve({ kind: 'ok', status: 200, data: { items: ids.map((id) => ({ id })), nextCursor: next } }),
    );
  };
  return { pending, page, answer };
}

function List({ page }: { page: (filter: string, cursor: string | undefined) => Promise<ApiResult<RowsPage>> }) {
  const stable = useCallback((f: { filter: string }, cursor: string | undefined) => page(f.filter, cursor), [page]);
  const { listing, apply, loadMore } = useKeysetListing({ initial: { filter: 'A' }, metaOf: () => null, texts, page: stable });
  return (
    <>
      <button type="button" onClick={() => apply({ filter: 'B' })}>
        Filtro B
      </button>
      {listing.kind === 'ready' ? (
        <>
          <ul aria-label="Filas">
            {listing.items.map((r) => (
              <li key={r.id}>{r.id}</li>
            ))}
          </ul>
          {listing.next ? (
            <button type="button" onClick={() => void loadMore()}>
              Cargar más
            </button>
          ) : null}
        </>
      ) : (
        <p>{listing.kind}</p>
      )}
    </>
  );
}

const renderList = (page: (filter: string, cursor: string | undefined) => Promise<ApiResult<RowsPage>>) =>
  render(
    <StaffSessionContext.Provider value={staffSession}>
      <List page={page} />
    </StaffSessionContext.Provider>,
  );

const rows = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('useKeysetListing keeps the list of the filters last applied', () => {
  it('drops a slow answer for filter A that arrives after the list of filter B', async () => {
    const { pending, page, answer } = answers();
    renderList(page);
    await userEvent.click(screen.getByRole('button', { name: 'Filtro B' }));
    expect(pending.map((p) => p.filter)).toEqual(['A', 'B']);
    await answer(1, ['b1']);
    expect(rows()).toEqual(['b1']);
    await answer(0, ['a1', 'a2']);
    expect(rows()).toEqual(['b1']);
  });

  it('drops the next page of filter A when filter B was applied while it loaded', async () => {
    const { pending, page, answer } = answers();
    renderList(page);
    await answer(0, ['a1'], 'cursor-a');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filtro B' }));
    expect(pending.map((p) => [p.filter, p.cursor])).toEqual([
      ['A', undefined],
      ['A', 'cursor-a'],
      ['B', undefined],
    ]);
    await answer(2, ['b1']);
    await answer(1, ['a2']);
    expect(rows()).toEqual(['b1']);
  });
});

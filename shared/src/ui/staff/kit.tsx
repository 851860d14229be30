import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useFocusOnMount } from 'shared/ui/submission-form';

/** The server's own message when it sent one, else the network line or the screen's fallback. */
export const messageOf = (result: ApiResult<unknown>, network: string, fallback: string) =>
  result.kind === 'error' && result.message ? result.message : result.kind === 'network' ? network : fallback;

/** A result line that takes focus when it appears (after an action), so keyboard and screen-reader users hear it. */
export function Notice({ text, kind = 'success', className }: { text: string; kind?: 'success' | 'error'; className?: string }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className={`alert alert--${kind}${className ? ` ${className}` : ''}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      {text}
    </div>
  );
}

/** Loading said as a status, or a failure said as an alert with a button to try again. */
export function LoadState({
  state,
  loading,
  retry,
  onRetry,
}: {
  state: { kind: string; message?: string };
  loading: string;
  retry: string;
  onRetry: () => void;
}) {
  if (state.kind === 'loading') return <p role="status">{loading}</p>;
  if (state.kind !== 'failed') return null;
  return (
    <div className="alert alert--error" role="alert">
      <p>{state.message}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}

/** What a listing screen says while it pages: the same words in each inbox's own voice. */
export interface ListingTexts {
  failed: string;
  network: string;
  sessionEnded: string;
  more: string;
  loadingMore: string;
  loadedMore: (n: number) => string;
}

export type Listing<I, M> =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; items: I[]; next: string | null; meta: M; loadingMore: boolean; added: number };

/** One page of a keyset listing as the API sends it. */
interface Page {
  items: unknown[];
  nextCursor: string | null;
}

/**
 * A filtered list loaded in keyset pages: the form's draft and the filters the list was loaded with (applied on submit),
 * the first page on each change, "Cargar más" appending the next one and focus on the first new row afterwards.
 * `page` — one page through the staff client (shared/api/staff-client, #27: no token in sight) — must be stable
 * (useCallback); `metaOf` keeps what a screen shows beside the rows (counts, a total).
 */
export function useKeysetListing<F, P extends Page, M>(options: {
  initial: F;
  metaOf: (page: P, previous: M | undefined) => M;
  texts: ListingTexts;
  page: (filters: F, cursor: string | undefined) => Promise<ApiResult<P>>;
}) {
  const { initial, metaOf, texts, page } = options;
  const [draft, setDraft] = useState<F>(initial);
  const [applied, setApplied] = useState<F>(initial);
  const [listing, setListing] = useState<Listing<P['items'][number], M>>({ kind: 'loading' });
  const firstNew = useRef<HTMLAnchorElement>(null);
  // The latest metaOf without reloading when a screen passes a new function each render.
  const meta = useRef(metaOf);
  meta.current = metaOf;
  // Each request's number: an answer that is not the latest request's (filters changed, the screen left) is dropped,
  // so a slow first filter never replaces the list of the one applied after it.
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const load = useCallback(
    async (filters: F) => {
      const n = ++latest.current;
      setListing({ kind: 'loading' });
      const result = await page(filters, undefined);
      if (n !== latest.current) return;
      if (isSessionEnded(result)) return setListing({ kind: 'failed', message: texts.sessionEnded });
      if (result.kind !== 'ok') return setListing({ kind: 'failed', message: messageOf(result, texts.network, texts.failed) });
      setListing({
        kind: 'ready',
        items: result.data.items,
        next: result.data.nextCursor,
        meta: meta.current(result.data, undefined),
        loadingMore: false,
        added: 0,
      });
    },
    [page, texts],
  );

  useEffect(() => {
    void load(applied);
  }, [load, applied]);

  const apply = (filters: F) => {
    setDraft(filters);
    setApplied({ ...filters });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const loadMore = async () => {
    if (listing.kind !== 'ready' || !listing.next) return;
    const current = listing;
    const n = ++latest.current;
    setListing({ ...current, loadingMore: true });
    const result = await page(applied, current.next ?? undefined);
    if (n !== latest.current) return;
    if (result.kind !== 'ok') {
      setListing({ kind: 'failed', message: isSessionEnded(result) ? texts.sessionEnded : messageOf(result, texts.network, texts.failed) });
      return;
    }
    setListing({
      kind: 'ready',
      items: [...current.items, ...result.data.items],
      next: result.data.nextCursor,
      meta: meta.current(result.data, current.meta),
      loadingMore: false,
      added: result.data.items.length,
    });
  };

  // After "Cargar más", focus goes to the first new row, so keyboard users go on from where they were.
  const firstNewIndex = listing.kind === 'ready' && listing.added ? listing.items.length - listing.added : -1;
  useEffect(() => {
    if (firstNewIndex >= 0) firstNew.current?.focus();
  }, [firstNewIndex]);

  return { draft, setDraft, applied, apply, onSubmit, listing, reload: () => void load(applied), loadMore, firstNew, firstNewIndex };
}

/** How many rows the last "Cargar más" added (said to screen readers), and the button while there are more. */
export function MoreRows({
  listing,
  texts,
  onMore,
}: {
  listing: { next: string | null; loadingMore: boolean; added: number };
  texts: ListingTexts;
  onMore: () => void;
}) {
  return (
    <>
      <p role="status" className="visually-hidden">
        {listing.added ? texts.loadedMore(listing.added) : ''}
      </p>
      {listing.next ? (
        <button type="button" className="btn btn--ghost" onClick={onMore} disabled={listing.loadingMore}>
          {listing.loadingMore ? texts.loadingMore : texts.more}
        </button>
      ) : null}
    </>
  );
}

/**
 * A panel table in its frame: scrolls sideways on a phone, is reachable by keyboard (a named region), and is named by
 * its caption; the rows are the children.
 */
/**
 * Writes each body cell's column header into its `data-label`, so that on a phone (screens.css) a row can be shown as a
 * card whose cells say what they are, while the element stays a real <table> for screen readers (which still hear the
 * headers, not the label: the label is drawn with empty alternative text). Header cells spanning several columns are
 * followed; a cell without a header text gets no label. The table's own roles are written out too: some browsers stop
 * exposing a table as one once CSS changes its `display`, and explicit roles keep rows, headers and cells announced.
 */
export function labelCells(table: HTMLTableElement): void {
  const headers: string[] = [];
  table.setAttribute('role', 'table');
  for (const group of [table.tHead, ...table.tBodies]) group?.setAttribute('role', 'rowgroup');
  for (const th of table.tHead?.rows[0]?.cells ?? []) {
    th.setAttribute('role', 'columnheader');
    for (let i = 0; i < th.colSpan; i++) headers.push(th.textContent?.trim() ?? '');
  }
  table.tHead?.rows[0]?.setAttribute('role', 'row');
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      row.setAttribute('role', 'row');
      let column = 0;
      for (const cell of row.cells) {
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        const label = headers[column];
        if (label) cell.setAttribute('data-label', label);
        else cell.removeAttribute('data-label');
        column += cell.colSpan;
      }
    }
  }
}

/**
 * A ref for a panel table whose cells are labelled by their column headers after every render (rows come and go with
 * 'Cargar más', filters and reloads). StaffTable uses it; a screen that writes its own <table className="staff-table">
 * gives it the ref.
 */
export function useCellLabels(): RefObject<HTMLTableElement | null> {
  const ref = useRef<HTMLTableElement | null>(null);
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  return ref;
}

export function StaffTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  const captionId = useId();
  const table = useCellLabels();
  return (
    <div className="staff-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table ref={table} className="staff-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A list's search box: its label, the hint saying how it matches, and at most 100 characters (the API's limit). */
export function SearchField({
  id,
  label,
  hint,
  value,
  onChange,
  className = 'staff-filters__search',
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  /** The screen's class for the wider search field. */
  className?: string;
}) {
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        maxLength={100}
        aria-describedby={`${id}-pista`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <small id={`${id}-pista`} className="field-hint">
        {hint}
      </small>
    </div>
  );
}

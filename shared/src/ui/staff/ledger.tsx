import { useCallback, useMemo, type ReactNode } from 'react';
import type { ApiResult } from 'shared/api/client';
import { CsvExport } from './csv-export';
import { LoadState, MoreRows, SearchField, StaffTable, useKeysetListing } from './kit';

/**
 * The panel's ledgers of anything payable (enrolments, donations, and whatever is paid next): a list with search,
 * filters, the CSV download of the current filter and keyset paging, described by each payable's texts, filters and
 * columns. A record's own screen uses record.tsx; the download is csv-export.tsx.
 */

/** What every ledger list says alike, whatever it lists. */
export const ledgerListTexts = {
  search: 'Buscar por nombre, documento, correo o referencia',
  searchHint: 'No importan las tildes ni las mayúsculas; el documento con o sin puntos.',
  payment: 'Estado del pago',
  anyPayment: 'Todos los pagos',
  apply: 'Aplicar filtros',
  clear: 'Limpiar',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  loadingMore: 'Cargando…',
} as const;

/** What a ledger says in its own words: its title, what it lists, and how it counts. */
export interface LedgerTexts {
  title: string;
  intro: string;
  filtersTitle: string;
  loading: string;
  failed: string;
  more: string;
  loadedMore: (n: number) => string;
  empty: string;
  emptyAll: string;
  caption: (shown: number, total: number | null) => string;
  exportHint: string;
}

/** A ledger's filters: the search and named choices, each kept as text ('' for any). */
export type LedgerFilterValues = { q: string };
type FilterKey<F> = Exclude<keyof F & string, 'q'>;

/** One choice of a select filter. */
export interface FilterOption {
  value: string;
  label: string;
}
/** The options of a label map (a status's words by its value), in the map's order. */
export const optionsOf = (labels: Readonly<Record<string, string>>): FilterOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** One filter beside a list's search: a choice among options, or a day. Its field id is `<prefix>-<key>`. */
export type FilterField<F> =
  | {
      kind: 'select';
      key: FilterKey<F>;
      label: string;
      /** The first option, meaning any value (''); without it every option is a value. */
      any?: string;
      options: (draft: F) => readonly FilterOption[];
      disabled?: (draft: F) => boolean;
      /** Filters that go back to any when this one changes (another course has other modules). */
      resets?: readonly FilterKey<F>[];
    }
  | { kind: 'date'; key: FilterKey<F>; label: string; min?: (draft: F) => string | undefined };

/** The labelled fields of a list's filters, bound to the form's draft. */
export function FilterFields<F extends LedgerFilterValues>({
  prefix,
  fields,
  draft,
  setDraft,
}: {
  prefix: string;
  fields: readonly FilterField<F>[];
  draft: F;
  setDraft: (filters: F) => void;
}) {
  const set = (field: FilterField<F>, value: string) => {
    const next: Record<string, unknown> = { ...draft, [field.key]: value };
    if (field.kind === 'select') for (const key of field.resets ?? []) next[key] = '';
    // The kit only ever writes an option's value, '' or a day into a text filter.
    setDraft(next as F);
  };
  return (
    <>
      {fields.map((field) => {
        const id = `${prefix}-${field.key}`;
        const value = String(draft[field.key]);
        return (
          <div className="field" key={field.key}>
            <label htmlFor={id}>{field.label}</label>
            {field.kind === 'select' ? (
              <select id={id} value={value} onChange={(e) => set(field, e.target.value)} disabled={field.disabled?.(draft)}>
                {field.any !== undefined ? <option value="">{field.any}</option> : null}
                {field.options(draft).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} type="date" min={field.min?.(draft) || undefined} value={value} onChange={(e) => set(field, e.target.value)} />
            )}
          </div>
        );
      })}
    </>
  );
}

/** The filters that are set, without the search: what the CSV export takes (a name never goes in a URL). */
export function chosenFilters<F extends LedgerFilterValues>(filters: F): { [K in FilterKey<F>]?: Exclude<F[K], ''> } {
  const chosen: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) if (key !== 'q' && value !== '') chosen[key] = value;
  // Only the keys of F whose value is not '' are kept.
  return chosen as { [K in FilterKey<F>]?: Exclude<F[K], ''> };
}

/** A list page's request: the chosen filters, the search when there is one, and the cursor of a further page. */
export const listBodyOf = <F extends LedgerFilterValues>(filters: F, cursor?: string) => ({
  ...chosenFilters(filters),
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  ...(cursor ? { cursor } : {}),
});

/** Nothing filtered and nothing searched. */
export const isUnfiltered = <F extends LedgerFilterValues>(filters: F) =>
  !filters.q.trim() && Object.keys(chosenFilters(filters)).length === 0;

/** One column of a ledger after its first (who: the record's link and e-mail). */
export interface LedgerColumn<I> {
  header: string;
  cell: (item: I) => ReactNode;
  /** Dates, money and documents stay on one line. */
  nowrap?: boolean;
}

/** What each row of a ledger has: its reference, and who paid. */
export interface LedgerItem {
  reference: string;
  name: string;
  email: string;
}

/**
 * A ledger of something payable (#14, #27): a summary above (counts, totals), the search and filters, the CSV export of
 * the applied filter, and the records newest first in keyset pages, each linking to its record. A new payable plugs in
 * with its texts, filters, columns and its declared operations (#27): `page` and `file`, stable (useCallback over
 * `useOperationCall` and `useOperationDownload`), so no screen handles a token.
 */
export function Ledger<F extends LedgerFilterValues, I extends LedgerItem, P extends { items: I[]; nextCursor: string | null }, M>({
  prefix,
  texts,
  initial,
  filters,
  filename,
  summaryOf,
  totalOf,
  whoColumn,
  columns,
  hrefOf,
  summary,
  filtersTitleHidden = false,
  page,
  file,
}: {
  /** The start of the ids of the screen's headings and fields (`inscripciones`). */
  prefix: string;
  texts: LedgerTexts;
  initial: F;
  filters: readonly FilterField<F>[];
  filename: () => string;
  /** What the first page says beside the rows (counts, a total); later pages keep it. */
  summaryOf: (page: P) => M;
  totalOf: (summary: M) => number | null;
  whoColumn: string;
  columns: readonly LedgerColumn<I>[];
  hrefOf: (item: I) => string;
  /** Shown above the filters, with the applied filters (and a way to apply others) and the first page's summary. */
  summary?: (applied: F, apply: (filters: F) => void, summary: M | null) => ReactNode;
  filtersTitleHidden?: boolean;
  /** A page through a declared operation (`useOperationCall`, #27): the staff client brings the token. */
  page: (body: ReturnType<typeof listBodyOf<F>>) => Promise<ApiResult<P>>;
  /**
   * The CSV through a declared file operation (`useOperationDownload`): null when it failed or the session ended. No
   * function at all (null) when the member may not export (the screen checks the operation's roles): no button then.
   */
  file: ((query: ReturnType<typeof chosenFilters<F>>) => Promise<Blob | null>) | null;
}) {
  const listPage = useCallback((f: F, cursor: string | undefined) => page(listBodyOf(f, cursor)), [page]);
  const listingTexts = useMemo(() => ({ ...ledgerListTexts, ...texts }), [texts]);
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial,
    page: listPage,
    metaOf: (page, previous: M | undefined) => (previous === undefined ? summaryOf(page) : previous),
    texts: listingTexts,
  });
  const meta = listing.kind === 'ready' ? listing.meta : null;

  return (
    <section className="staff-screen" aria-labelledby={`${prefix}-titulo`}>
      <header>
        <h1 id={`${prefix}-titulo`}>{texts.title}</h1>
        <p className="staff-screen__intro">{texts.intro}</p>
      </header>

      {summary?.(applied, apply, meta)}

      <form role="search" className="staff-filters" aria-labelledby={`${prefix}-filtros`} onSubmit={onSubmit}>
        <h2 id={`${prefix}-filtros`} className={filtersTitleHidden ? 'visually-hidden' : undefined}>
          {texts.filtersTitle}
        </h2>
        <SearchField
          id={`${prefix}-q`}
          label={ledgerListTexts.search}
          hint={ledgerListTexts.searchHint}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <FilterFields prefix={prefix} fields={filters} draft={draft} setDraft={setDraft} />
        <div className="staff-filters__actions">
          <button type="submit" className="btn">
            {ledgerListTexts.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initial })}>
            {ledgerListTexts.clear}
          </button>
        </div>
      </form>

      {file ? <CsvExport hint={texts.exportHint} filename={filename()} file={() => file(chosenFilters(applied))} /> : null}

      <LoadState state={listing} loading={texts.loading} retry={ledgerListTexts.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="staff-empty">
          {isUnfiltered(applied) ? texts.emptyAll : texts.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <StaffTable
            caption={texts.caption(listing.items.length, meta === null ? null : totalOf(meta))}
            columns={[whoColumn, ...columns.map((c) => c.header)]}
          >
            {listing.items.map((item, i) => (
              <tr key={item.reference}>
                <th scope="row">
                  <a ref={i === firstNewIndex ? firstNew : undefined} href={hrefOf(item)}>
                    {item.name}
                  </a>
                  <br />
                  <span className="staff-muted">{item.email}</span>
                </th>
                {columns.map((c) => (
                  <td key={c.header} className={c.nowrap ? 'staff-nowrap' : undefined}>
                    {c.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </StaffTable>
          <MoreRows listing={listing} texts={listingTexts} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

import { useCallback, useEffect, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { ApiResult } from 'shared/api/client';
import type { AnyOperation } from 'shared/api/operation';
import { useOperationCaller } from 'shared/api/use-operation';
import { useSearchParams } from 'shared/navigation';
import type { z } from 'shared/schemas/zod';
import { LoadState, MoreRows, StaffTable, useKeysetListing, type Listing, type ListingTexts } from 'shared/ui/staff/kit';
import { caseDueFilters, type CaseDueFilter } from '../schemas';
import type { CaseAssignedFilter, CaseAssignee } from '../assignment';
import {
  assignedFilterOf,
  assignedFilterOptions,
  assigneeLabel,
  BulkAssign,
  caseAssignmentScreenTexts as at,
  useSelection,
  type Selection,
} from './assign';
import type { CaseUrgency } from '../terms';
import { dateOf, dateTimeOf, type caseInboxTexts } from '../texts';
import { DeadlineTag } from './parts';

/**
 * A case inbox's parts, whatever the kind: the counts (each a button showing those cases), the search and filters, and
 * the table by due date with keyset pages (shared/ui/staff/kit's `useKeysetListing`). The kind brings its statuses,
 * its type or kind filter, and its columns.
 */

type InboxTexts = typeof caseInboxTexts;

/** The filters every inbox has; a kind adds its own (type, kind…). */
export interface CaseFilterValues {
  status: string;
  due: CaseDueFilter | '';
  q: string;
  /** "Mis casos", "Sin asignar" or an area (#32), for a kind with assignment. */
  assigned?: CaseAssignedFilter | '';
}

export interface CountChip {
  n: number;
  label: string;
  /** Overdue and due-soon chips carry an icon and a colour. */
  tone?: 'overdue' | 'soon';
  onClick: () => void;
}

/** The inbox's counts: open, overdue, due soon (the kit's), then the kind's own (`more`). */
export function CaseCounts({
  id,
  counts,
  texts: t,
  show,
  more,
}: {
  id: string;
  counts: { open: number; overdue: number; dueSoon: number };
  texts: InboxTexts;
  /** Shows the open cases, or those with this deadline. */
  show: (due: CaseDueFilter | '') => void;
  more: CountChip[];
}) {
  const chips: CountChip[] = [
    { n: counts.open, label: t.countOpen, onClick: () => show('') },
    { n: counts.overdue, label: t.countOverdue, tone: 'overdue', onClick: () => show('vencidas') },
    { n: counts.dueSoon, label: t.countSoon, tone: 'soon', onClick: () => show('pronto') },
    ...more,
  ];
  return (
    <section aria-labelledby={`${id}-resumen`} className="staff-chips">
      <h2 id={`${id}-resumen`} className="visually-hidden">
        {t.countsTitle}
      </h2>
      <ul>
        {chips.map((c) => (
          <li key={c.label}>
            <button type="button" className={`staff-chip case-count${c.tone ? ` case-count--${c.tone}` : ''}`} onClick={c.onClick}>
              {c.tone ? <span aria-hidden="true">{c.tone === 'overdue' ? '⚠ ' : '⏰ '}</span> : null}
              <span className="case-count__n">{c.n}</span> {c.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A labelled select of the filter bar; `any` adds the empty option first. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  any,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
  any?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search, status, the kind's own filter (`children`), deadline, and the buttons; applied on submit. */
export function CaseFilters<F extends CaseFilterValues>({
  id,
  texts: t,
  search,
  draft,
  setDraft,
  statusOptions,
  onSubmit,
  onClear,
  children,
}: {
  id: string;
  texts: InboxTexts;
  search: { label: string; hint: string };
  draft: F;
  setDraft: (draft: F) => void;
  statusOptions: ReadonlyArray<readonly [string, string]>;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <form role="search" className="staff-filters" aria-labelledby={`${id}-filtros`} onSubmit={onSubmit}>
      <h2 id={`${id}-filtros`} className="visually-hidden">
        {t.filtersTitle}
      </h2>
      <div className="field staff-filters__search">
        <label htmlFor={`${id}-q`}>{search.label}</label>
        <input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          maxLength={80}
          aria-describedby={`${id}-q-hint`}
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <small id={`${id}-q-hint`} className="field-hint">
          {search.hint}
        </small>
      </div>
      <FilterSelect
        id={`${id}-estado`}
        label={t.status}
        value={draft.status}
        onChange={(status) => setDraft({ ...draft, status })}
        options={statusOptions}
      />
      {children}
      <FilterSelect
        id={`${id}-plazo`}
        label={t.due}
        value={draft.due}
        onChange={(due) => setDraft({ ...draft, due: due as CaseDueFilter | '' })}
        options={caseDueFilters.map((d) => [d, t.dueOptions[d]] as const)}
        any={t.anyDue}
      />
      <div className="staff-filters__actions">
        <button type="submit" className="btn">
          {t.apply}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClear}>
          {t.clear}
        </button>
      </div>
    </form>
  );
}

/** What every inbox row has. */
export interface CaseInboxRow {
  radicado: string;
  createdAt: string;
  status: string;
  dueDate: string;
  extended: boolean;
  urgency: CaseUrgency | null;
  businessDaysLeft: number | null;
  /** Who has the case (#32), for a kind with assignment. */
  assignee?: CaseAssignee;
}

/**
 * The listing under the filters: loading or failure, the empty line (the "all done" one when nothing is filtered), or
 * the table by due date (radicado, due date with its tag, status, the kind's cells, filing date) and "Cargar más".
 */
export function CaseInboxListing<I extends CaseInboxRow, M>({
  listing,
  texts: t,
  reload,
  loadMore,
  unfiltered,
  caption,
  columns,
  link,
  cells,
  firstNew,
  firstNewIndex,
  selection,
  assignees,
}: {
  listing: Listing<I, M>;
  texts: InboxTexts & ListingTexts;
  reload: () => void;
  loadMore: () => Promise<void>;
  /** The default view (open cases, no filter): its empty line says all is done. */
  unfiltered: boolean;
  caption: (shown: number, more: boolean) => string;
  columns: readonly string[];
  link: (item: I) => { href: string; label: string };
  /** The kind's cells between the status and the filing date. */
  cells: (item: I) => ReactNode;
  firstNew: RefObject<HTMLAnchorElement | null>;
  firstNewIndex: number;
  /** The rows' checkboxes for a bulk action (#32): a first column. */
  selection?: Selection;
  /** The "Asignada a" column before the filing date (#32). */
  assignees?: boolean;
}) {
  const shownColumns = [
    ...(selection ? [at.selectColumn] : []),
    ...(assignees ? [...columns.slice(0, -1), at.column, ...columns.slice(-1)] : columns),
  ];
  return (
    <>
      <LoadState state={listing} loading={t.loading} retry={t.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="staff-empty">
          {unfiltered ? t.emptyOpen : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <StaffTable caption={caption(listing.items.length, Boolean(listing.next))} columns={shownColumns}>
            {listing.items.map((item, i) => {
              const to = link(item);
              return (
                <tr key={item.radicado} className={item.urgency ? `case-row--${item.urgency}` : undefined}>
                  {selection ? (
                    <td>
                      <input
                        type="checkbox"
                        className="case-select"
                        aria-label={at.select(item.radicado)}
                        checked={selection.selected.has(item.radicado)}
                        onChange={(e) => selection.toggle(item.radicado, e.target.checked)}
                      />
                    </td>
                  ) : null}
                  <th scope="row">
                    <a ref={i === firstNewIndex ? firstNew : undefined} href={to.href} aria-label={to.label}>
                      {item.radicado}
                    </a>
                  </th>
                  <td>
                    <span className="staff-nowrap">{dateOf(item.dueDate)}</span>
                    {item.extended ? <span className="staff-muted"> ({t.extended})</span> : null}{' '}
                    <DeadlineTag urgency={item.urgency} left={item.businessDaysLeft} />
                  </td>
                  <td>{item.status}</td>
                  {cells(item)}
                  {assignees ? <td>{assigneeLabel(item.assignee)}</td> : null}
                  <td className="staff-nowrap">{dateTimeOf(item.createdAt)}</td>
                </tr>
              );
            })}
          </StaffTable>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </>
  );
}

/** The page body every inbox sends: status, deadline, search and cursor (the kind adds its own filter). */
export const caseInboxBody = (f: CaseFilterValues, after?: string) => ({
  status: f.status,
  ...(f.due ? { due: f.due } : {}),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(f.assigned ? { assigned: f.assigned } : {}),
  ...(after ? { after } : {}),
});

/**
 * An inbox's listing: keyset pages of `list(bodyOf(filters, cursor))` (shared/ui/staff/kit's `useKeysetListing`), each
 * page bringing the whole inbox's counts as they are now.
 */
export function useCaseInbox<F, B, P extends { items: unknown[]; nextCursor: string | null; counts: unknown }>(
  list: CaseInboxList<B, P>,
  bodyOf: (filters: F, after?: string) => B,
  initial: F,
  texts: ListingTexts,
) {
  const call = useOperationCaller() as unknown as (op: AnyOperation, input: { body: B }) => Promise<ApiResult<P>>;
  const page = useCallback((filters: F, after: string | undefined) => call(list, { body: bodyOf(filters, after) }), [call, list, bodyOf]);
  const metaOf = (p: P): P['counts'] => p.counts;
  return useKeysetListing({ initial, page, metaOf, texts });
}

/** An inbox's page: its declared operation (shared/api/operation, #27), called through the staff client with the page's body. */
export type CaseInboxList<B, P> = AnyOperation & { readonly body: z.ZodMiniType<unknown, B>; readonly response: z.ZodMiniType<P> };

/** A kind's inbox words: the kit's, and its title, intro, search, caption and columns. */
export type CaseInboxWords = InboxTexts & {
  title: string;
  intro: string;
  search: string;
  searchHint: string;
  caption: (shown: number, more: boolean) => string;
  columns: readonly string[];
};

/**
 * A whole case inbox: its heading, the counts, the filters and the listing, loaded in keyset pages. The kind brings its
 * API call and body, its filters' initial values and status options, its own counts (`countsOf`), its own filter
 * (`filter`), and its row's link and cells.
 */
export function CaseInbox<
  F extends CaseFilterValues,
  B,
  C extends { open: number; overdue: number; dueSoon: number },
  I extends CaseInboxRow,
>({
  id,
  texts: t,
  countsOf,
  filter,
  link,
  cells,
  list,
  bodyOf,
  initial,
  statusOptions,
  unfiltered,
  links,
  exporter,
  assignment,
}: {
  /** The ids' prefix (`pqrsf`, `datos`…). */
  id: string;
  texts: CaseInboxWords;
  /** The kind's chips after open, overdue and due soon; `show` applies these filters over the initial ones. */
  countsOf: (counts: C, show: (filters: Partial<F>) => void) => CountChip[];
  /** The kind's own filter between status and deadline. */
  filter: (draft: F, setDraft: (draft: F) => void) => ReactNode;
  link: (item: I) => { href: string; label: string };
  cells: (item: I) => ReactNode;
  list: CaseInboxList<B, { items: I[]; nextCursor: string | null; counts: C }>;
  bodyOf: (filters: F, after?: string) => B;
  initial: F;
  statusOptions: ReadonlyArray<readonly [string, string]>;
  /** True when the kind's own filter is not set (the default view's empty line says all is done). */
  unfiltered: (applied: F) => boolean;
  /** The kind's other screens under the intro (the PQRSF report). */
  links?: ReactNode;
  /** A download of what the applied search and filters find (the PQRSF CSV), under the filters. */
  exporter?: (applied: F) => ReactNode;
  /**
   * Assignment (#32, shared/cases/assignment `caseAssignmentOperations`): the "Mis casos" button, the "Asignación"
   * filter, the "Asignada a" column, and the rows' checkboxes with the bulk reassignment.
   */
  assignment?: { assignMany: AnyOperation; assignees: AnyOperation };
}) {
  // A link may open the inbox on a deadline (`?plazo=vencidas`, from "Hoy"); clearing the filters goes back to `initial`.
  const params = useSearchParams();
  const due = params.get('plazo');
  // Or on the member's own cases (`?asignacion=mias`, from the assignment e-mail).
  const assigned = assignment ? assignedFilterOf(params.get('asignacion')) : '';
  const [start] = useState<F>(() => ({
    ...initial,
    ...((caseDueFilters as readonly string[]).includes(due ?? '') ? { due: due as CaseDueFilter } : {}),
    ...(assigned ? { assigned } : {}),
  }));
  const selection = useSelection();
  // What the form shows, and what the listing was loaded with (the form applies on submit).
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useCaseInbox(
    list,
    bodyOf,
    start,
    t,
  );
  const show = (filters: Partial<F>) => apply({ ...initial, ...filters });
  // A new filter shows other rows: no case stays selected out of sight.
  const { clear } = selection;
  useEffect(() => clear(), [applied, clear]);
  return (
    <section className="staff-screen case-staff" aria-labelledby={`${id}-bandeja-titulo`}>
      <header>
        <h1 id={`${id}-bandeja-titulo`}>{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
        {links}
        {assignment ? (
          <p>
            <button type="button" className="btn btn--ghost" onClick={() => show({ assigned: 'mias' } as Partial<F>)}>
              {at.filterOptions.mias}
            </button>
          </p>
        ) : null}
      </header>
      {listing.kind === 'ready' ? (
        <CaseCounts
          id={id}
          counts={listing.meta}
          texts={t}
          show={(due) => show({ due } as Partial<F>)}
          more={countsOf(listing.meta, show)}
        />
      ) : null}
      <CaseFilters
        id={id}
        texts={t}
        search={{ label: t.search, hint: t.searchHint }}
        draft={draft}
        setDraft={setDraft}
        statusOptions={statusOptions}
        onSubmit={onSubmit}
        onClear={() => apply({ ...initial })}
      >
        {filter(draft, setDraft)}
        {assignment ? (
          <FilterSelect
            id={`${id}-asignacion`}
            label={at.filter}
            value={draft.assigned ?? ''}
            onChange={(value) => setDraft({ ...draft, assigned: value as CaseAssignedFilter | '' })}
            options={assignedFilterOptions}
            any={at.anyAssignee}
          />
        ) : null}
      </CaseFilters>
      {exporter ? exporter(applied) : null}
      {assignment ? (
        <BulkAssign
          id={id}
          radicados={listing.kind === 'ready' ? listing.items.map((i) => i.radicado) : []}
          selection={selection}
          assignMany={assignment.assignMany}
          assignees={assignment.assignees}
          onDone={reload}
        />
      ) : null}
      <CaseInboxListing
        listing={listing}
        texts={t}
        reload={reload}
        loadMore={loadMore}
        unfiltered={applied.status === 'abiertas' && !applied.q && !applied.due && !applied.assigned && unfiltered(applied)}
        caption={t.caption}
        columns={t.columns}
        link={link}
        cells={cells}
        firstNew={firstNew}
        firstNewIndex={firstNewIndex}
        {...(assignment ? { selection, assignees: true } : {})}
      />
    </section>
  );
}

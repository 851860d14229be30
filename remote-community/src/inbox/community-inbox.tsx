import 'shared/ui/staff/screens.css';
import './inbox.css';
import { useCallback, useMemo, useState } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import {
  contactFilters,
  inboxListColumns,
  workshopNames,
  type ContactFilter,
  type InboxListRequest,
  type InboxSummaryResponse,
} from './schemas';
import type { WorkshopSlug } from '../forms/schemas';
import { useSearchParams } from 'shared/navigation';
import { staffPath } from 'shared/staff-routes';
import { communityInboxKinds, type CommunityInboxKind } from './schemas';
import { communityInboxOperations as ops } from './operations';
import { ContactStatus, Notice } from './parts';
import { LoadState, MoreRows, SearchField, useCellLabels, useKeysetListing } from 'shared/ui/staff/kit';
import { useStaffResource } from 'shared/ui/staff/resource';
import { CsvExport } from 'shared/ui/staff/csv-export';
import { FilterFields, optionsOf, type FilterField } from 'shared/ui/staff/ledger';
import { dateTimeOf, inboxScreenTexts as t, isInboxKind } from './texts';

type Filters = {
  q: string;
  estado: ContactFilter;
  taller: WorkshopSlug | '';
};
const initialFilters: Filters = { q: '', estado: 'todos', taller: '' };
const isInitial = (f: Filters) => !f.q.trim() && f.estado === 'todos' && !f.taller;

/** Contacted or not, and (for workshop inquiries) which workshop. */
const statusField: FilterField<Filters> = {
  kind: 'select',
  key: 'estado',
  label: t.status,
  options: () => (Object.keys(contactFilters) as ContactFilter[]).map((s) => ({ value: s, label: t.statusOptions[s] })),
};
const workshopField: FilterField<Filters> = {
  kind: 'select',
  key: 'taller',
  label: t.workshop,
  any: t.anyWorkshop,
  options: () => optionsOf(workshopNames),
};

/** The kit's download in this screen's frame: under the kind's heading, with its spacing. */
const exportFrame = {
  id: 'comunidad-exportar',
  level: 'h3',
  className: 'community-export',
  notice: 'community-notice',
  hint: 'community-staff__intro',
} as const;

const bodyOf = (f: Filters, cursor?: string): InboxListRequest => ({
  estado: f.estado,
  ...(f.taller ? { taller: f.taller } : {}),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(cursor ? { cursor } : {}),
});

/** The kinds with their counts, as links; the current one is marked for assistive technology and in words. */
function KindNav({ current, summary }: { current: CommunityInboxKind | null; summary: InboxSummaryResponse | null }) {
  const counts = new Map(summary?.kinds.map((k) => [k.kind, k]) ?? []);
  return (
    <nav aria-labelledby="comunidad-tipos" className="community-kinds">
      <h2 id="comunidad-tipos" className="visually-hidden">
        {t.kindsTitle}
      </h2>
      <ul>
        {(Object.keys(communityInboxKinds) as CommunityInboxKind[]).map((kind) => {
          const count = counts.get(kind);
          return (
            <li key={kind}>
              <a
                className="community-kind"
                href={staffPath('/equipo/comunidad/:kind', { kind })}
                aria-current={kind === current ? 'page' : undefined}
              >
                <span className="community-kind__label">{communityInboxKinds[kind]}</span>
                {/* Two lines on screen (a grid ignores the space), two words in the link's text. */}
                {count ? ' ' : null}
                {count ? (
                  <span className="community-kind__counts">
                    {t.total(count.total)}
                    {count.pending ? ` · ${t.pending(count.pending)}` : ''}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * `community/StaffCommunityInbox` (`/equipo/comunidad[/:kind]`): the kinds of community records with their counts;
 * for a kind, its records newest first with search, contact-status (and workshop) filters, keyset pages loaded on
 * request, and the CSV download for Excel. Whether a record was contacted is said in words, not only by colour.
 */
export default function StaffCommunityInbox({ kind: kindParam }: { kind?: string }) {
  const kind = isInboxKind(kindParam) ? kindParam : null;
  // The counts only help; the list says what went wrong if anything does.
  const summaryOf = useOperationCall(ops.summary);
  const { data: summary } = useStaffResource(
    useMemo(() => ({ load: () => summaryOf() }), [summaryOf]),
    t,
  );

  return (
    <section className="staff-screen community-staff" aria-labelledby="comunidad-titulo">
      <header>
        <h1 id="comunidad-titulo">{t.title}</h1>
        <p className="community-staff__intro">{t.intro}</p>
      </header>
      <KindNav current={kind} summary={summary} />
      {kind ? <KindListing kind={kind} /> : kindParam ? <Notice kind="error" text={t.unknownKind} /> : <p>{t.chooseKind}</p>}
    </section>
  );
}

function KindListing({ kind }: { kind: CommunityInboxKind }) {
  const list = useOperationCall(ops.list);
  const download = useOperationDownload(ops.exportCsv);
  const label = communityInboxKinds[kind];
  const columns = inboxListColumns[kind];
  const table = useCellLabels();
  const page = useCallback(
    (filters: Filters, cursor: string | undefined) => list({ params: { kind }, body: bodyOf(filters, cursor) }),
    [kind, list],
  );
  // A link may open the list on a contact status (`?contacto=pendientes`, from "Hoy"); clearing goes back to all.
  const contact = useSearchParams().get('contacto');
  const [start] = useState<Filters>(() =>
    contact && Object.hasOwn(contactFilters, contact) ? { ...initialFilters, estado: contact as ContactFilter } : initialFilters,
  );
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: start,
    page,
    // The total is counted with the first page; later pages keep it.
    metaOf: (page, total: number | null | undefined) => (total === undefined ? page.total : total),
    texts: t,
  });

  return (
    <section className="community-listing" aria-labelledby="comunidad-lista-titulo">
      <h2 id="comunidad-lista-titulo">{label}</h2>

      <form role="search" className="community-filters" aria-labelledby="comunidad-filtros" onSubmit={onSubmit}>
        <h3 id="comunidad-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h3>
        <SearchField
          id={`comunidad-q-${kind}`}
          className="community-filters__search"
          label={t.search[kind]}
          hint={t.searchHint}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <FilterFields
          prefix="comunidad"
          fields={kind === 'talleres' ? [statusField, workshopField] : kind === 'boletin' ? [] : [statusField]}
          draft={draft}
          setDraft={setDraft}
        />
        <div className="community-filters__actions">
          <button type="submit" className="btn">
            {t.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initialFilters })}>
            {t.clear}
          </button>
        </div>
      </form>

      <CsvExport
        hint={t.exportHint(label, Boolean(applied.q.trim()))}
        filename={`comunidad-${kind}-${colombianDate(new Date())}.csv`}
        // What the list shows: the applied filters and search (a POST body: the search never goes in a URL).
        file={() => download({ params: { kind }, body: bodyOf(applied) })}
        texts={t}
        frame={exportFrame}
      />

      <LoadState state={listing} loading={t.loading} retry={t.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="community-empty">
          {isInitial(applied) ? t.emptyKind(label) : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <div className="community-table-wrap" role="region" aria-labelledby="comunidad-tabla" tabIndex={0}>
            <table ref={table} className="community-table">
              <caption id="comunidad-tabla">{t.caption(label, listing.items.length, listing.meta)}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name ?? t.columns.email}</th>
                  {columns.name ? <th scope="col">{t.columns.email}</th> : null}
                  {columns.extra ? <th scope="col">{columns.extra}</th> : null}
                  <th scope="col">{t.columns.date}</th>
                  {kind === 'boletin' ? null : <th scope="col">{t.columns.status}</th>}
                </tr>
              </thead>
              <tbody>
                {listing.items.map((item, i) => {
                  const who = item.name ?? item.email;
                  return (
                    <tr key={item.id} className={item.contact?.contacted ? 'community-row--contacted' : undefined}>
                      <th scope="row">
                        <a
                          ref={i === firstNewIndex ? firstNew : undefined}
                          href={staffPath('/equipo/comunidad/:kind/:id', { kind, id: item.id })}
                        >
                          {who}
                        </a>
                      </th>
                      {columns.name ? <td className="community-break">{item.email}</td> : null}
                      {columns.extra ? <td>{item.extra}</td> : null}
                      <td className="community-nowrap">{dateTimeOf(item.createdAt)}</td>
                      {item.contact ? (
                        <td>
                          <ContactStatus contact={item.contact} />
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

import 'shared/ui/staff/screens.css';
import './community-staff.css';
import { useCallback, useState } from 'react';
import { colombianDate } from 'shared/format/business-days';
import {
  contactFilters,
  inboxListColumns,
  workshopNames,
  type ContactFilter,
  type InboxListRequest,
  type InboxSummaryResponse,
} from 'shared/schemas/community-inbox-api';
import type { WorkshopSlug } from 'shared/schemas/community';
import { communityInboxKinds, staffPath, type CommunityInboxKind } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { useExportCommunityInbox } from '../../api/export-community-inbox';
import { useGetCommunityInboxSummary } from '../../api/get-community-inbox-summary';
import { useListCommunityInbox } from '../../api/list-community-inbox';
import { ContactStatus, Notice } from './community-parts';
import { LoadState, MoreRows, useKeysetListing } from 'shared/ui/staff/kit';
import { useStaffResource } from 'shared/ui/staff/resource';
import { saveFile } from 'shared/ui/staff/ledger';
import { dateTimeOf, inboxScreenTexts as t, isInboxKind } from './community-texts';

interface Filters {
  q: string;
  estado: ContactFilter;
  taller: WorkshopSlug | '';
}
const initialFilters: Filters = { q: '', estado: 'todos', taller: '' };
const isInitial = (f: Filters) => !f.q.trim() && f.estado === 'todos' && !f.taller;

type Download = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; filename: string; n: number } | { kind: 'failed'; n: number };

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
  const { data: summary } = useStaffResource(useGetCommunityInboxSummary(), t);

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
  const session = useStaffSession();
  const list = useListCommunityInbox();
  const download = useExportCommunityInbox();
  const label = communityInboxKinds[kind];
  const columns = inboxListColumns[kind];
  const fetchPage = useCallback(
    (filters: Filters, cursor: string | undefined, token: string) => list(kind, bodyOf(filters, cursor), token),
    [kind, list],
  );
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: initialFilters,
    fetchPage,
    // The total is counted with the first page; later pages keep it.
    metaOf: (page, total: number | null | undefined) => (total === undefined ? page.total : total),
    texts: t,
  });
  const [file, setFile] = useState<Download>({ kind: 'idle' });

  const exportFile = async () => {
    const n = file.kind === 'done' || file.kind === 'failed' ? file.n + 1 : 0;
    setFile({ kind: 'busy' });
    const token = await session.getIdToken();
    const blob = token
      ? await download(kind, { estado: applied.estado, ...(applied.taller ? { taller: applied.taller } : {}) }, token)
      : null;
    if (!blob) return setFile({ kind: 'failed', n });
    const filename = `comunidad-${kind}-${colombianDate(new Date())}.csv`;
    saveFile(blob, filename);
    setFile({ kind: 'done', filename, n });
  };

  const searchId = `comunidad-q-${kind}`;
  return (
    <section className="community-listing" aria-labelledby="comunidad-lista-titulo">
      <h2 id="comunidad-lista-titulo">{label}</h2>

      <form role="search" className="community-filters" aria-labelledby="comunidad-filtros" onSubmit={onSubmit}>
        <h3 id="comunidad-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h3>
        <div className="field community-filters__search">
          <label htmlFor={searchId}>{t.search[kind]}</label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            maxLength={100}
            aria-describedby={`${searchId}-pista`}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <small id={`${searchId}-pista`} className="field-hint">
            {t.searchHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="comunidad-estado">{t.status}</label>
          <select
            id="comunidad-estado"
            value={draft.estado}
            onChange={(e) => setDraft({ ...draft, estado: e.target.value as ContactFilter })}
          >
            {(Object.keys(contactFilters) as ContactFilter[]).map((s) => (
              <option key={s} value={s}>
                {t.statusOptions[s]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'talleres' ? (
          <div className="field">
            <label htmlFor="comunidad-taller">{t.workshop}</label>
            <select
              id="comunidad-taller"
              value={draft.taller}
              onChange={(e) => setDraft({ ...draft, taller: e.target.value as WorkshopSlug | '' })}
            >
              <option value="">{t.anyWorkshop}</option>
              {(Object.keys(workshopNames) as WorkshopSlug[]).map((w) => (
                <option key={w} value={w}>
                  {workshopNames[w]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="community-filters__actions">
          <button type="submit" className="btn">
            {t.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initialFilters })}>
            {t.clear}
          </button>
        </div>
      </form>

      <section className="community-export" aria-labelledby="comunidad-exportar">
        <h3 id="comunidad-exportar">{t.exportTitle}</h3>
        <p className="community-staff__intro">{t.exportHint(label, t.statusOptions[applied.estado])}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void exportFile()} disabled={file.kind === 'busy'}>
          {file.kind === 'busy' ? t.exporting : t.exportButton}
        </button>
        {file.kind === 'done' ? <Notice key={`ok-${file.n}`} text={t.exported(file.filename)} /> : null}
        {file.kind === 'failed' ? <Notice key={`error-${file.n}`} kind="error" text={t.exportFailed} /> : null}
      </section>

      <LoadState state={listing} loading={t.loading} retry={t.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="community-empty">
          {isInitial(applied) ? t.emptyKind(label) : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <div className="community-table-wrap" role="region" aria-labelledby="comunidad-tabla" tabIndex={0}>
            <table className="community-table">
              <caption id="comunidad-tabla">{t.caption(label, listing.items.length, listing.meta)}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name ?? t.columns.email}</th>
                  {columns.name ? <th scope="col">{t.columns.email}</th> : null}
                  {columns.extra ? <th scope="col">{columns.extra}</th> : null}
                  <th scope="col">{t.columns.date}</th>
                  <th scope="col">{t.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {listing.items.map((item, i) => {
                  const who = item.name ?? item.email;
                  return (
                    <tr key={item.id} className={item.contacted ? 'community-row--contacted' : undefined}>
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
                      <td>
                        <ContactStatus mark={item.contacted} />
                      </td>
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

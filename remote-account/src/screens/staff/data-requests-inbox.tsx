import 'shared/ui/staff/screens.css';
import './data-requests.css';
import { useCallback } from 'react';
import {
  dataInboxDueFilters,
  dataInboxStatusFilters,
  dataRequestKinds,
  type DataInboxCounts,
  type DataInboxDueFilter,
  type DataInboxRequest,
  type DataInboxStatusFilter,
  type DataRequestKind,
  type DataUrgency,
} from 'shared/schemas/data-requests-api';
import { staffPath } from 'shared/staff-routes';
import { LoadState, MoreRows, StaffTable, useKeysetListing } from 'shared/ui/staff/kit';
import { useListStaffDataRequests } from '../../api/list-staff-data-requests';
import { dataInboxTexts as t, dateOf, dateTimeOf, deadlineWords, kindNames } from './data-requests-texts';

interface Filters {
  status: DataInboxStatusFilter;
  kind: DataRequestKind | '';
  due: DataInboxDueFilter | '';
  q: string;
}
const initialFilters: Filters = { status: 'abiertas', kind: '', due: '', q: '' };

const bodyOf = (f: Filters, after?: string): DataInboxRequest => ({
  status: f.status,
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.due ? { due: f.due } : {}),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(after ? { after } : {}),
});

/** How close the deadline is, in words with an icon: overdue and due-soon requests never stand out by colour alone. */
export function DeadlineTag({ urgency, left }: { urgency: DataUrgency | null; left: number | null }) {
  const words = deadlineWords(urgency, left);
  if (!words) return null;
  return (
    <span className={`data-tag data-tag--${urgency ?? 'ok'}`}>
      {urgency ? <span aria-hidden="true">{urgency === 'vencida' ? '⚠ ' : '⏰ '}</span> : null}
      {words}
    </span>
  );
}

/**
 * `account/StaffDataRequests` (/equipo/datos-personales): the data subject's requests by due date, with counts (open,
 * overdue, due within 3 business days, answered), filters (status, kind, deadline), search, and keyset pages.
 */
export default function StaffDataRequests() {
  const list = useListStaffDataRequests();
  const fetchPage = useCallback(
    (filters: Filters, after: string | undefined, token: string) => list(bodyOf(filters, after), token),
    [list],
  );
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: initialFilters,
    fetchPage,
    metaOf: (page): DataInboxCounts => page.counts,
    texts: t,
  });
  const counts = listing.kind === 'ready' ? listing.meta : null;

  return (
    <section className="staff-screen data-staff" aria-labelledby="datos-bandeja-titulo">
      <header>
        <h1 id="datos-bandeja-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      {counts ? (
        <section aria-labelledby="datos-resumen" className="staff-chips">
          <h2 id="datos-resumen" className="visually-hidden">
            {t.countsTitle}
          </h2>
          <ul>
            <li>
              <button type="button" className="staff-chip data-count" onClick={() => apply({ ...initialFilters })}>
                <span className="data-count__n">{counts.open}</span> {t.countOpen}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="staff-chip data-count data-count--overdue"
                onClick={() => apply({ ...initialFilters, due: 'vencidas' })}
              >
                <span aria-hidden="true">⚠ </span>
                <span className="data-count__n">{counts.overdue}</span> {t.countOverdue}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="staff-chip data-count data-count--soon"
                onClick={() => apply({ ...initialFilters, due: 'pronto' })}
              >
                <span aria-hidden="true">⏰ </span>
                <span className="data-count__n">{counts.dueSoon}</span> {t.countSoon}
              </button>
            </li>
            <li>
              <button type="button" className="staff-chip data-count" onClick={() => apply({ ...initialFilters, status: 'Respondida' })}>
                <span className="data-count__n">{counts.answered}</span> {t.countAnswered}
              </button>
            </li>
            <li>
              <button type="button" className="staff-chip data-count" onClick={() => apply({ ...initialFilters, status: 'Incompleta' })}>
                <span className="data-count__n">{counts.incomplete}</span> {t.countIncomplete}
              </button>
            </li>
          </ul>
        </section>
      ) : null}

      <form role="search" className="staff-filters" aria-labelledby="datos-filtros" onSubmit={onSubmit}>
        <h2 id="datos-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h2>
        <div className="field staff-filters__search">
          <label htmlFor="datos-q">{t.search}</label>
          <input
            id="datos-q"
            type="search"
            autoComplete="off"
            maxLength={80}
            aria-describedby="datos-q-hint"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <small id="datos-q-hint" className="field-hint">
            {t.searchHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="datos-estado">{t.status}</label>
          <select
            id="datos-estado"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as DataInboxStatusFilter })}
          >
            {dataInboxStatusFilters.map((s) => (
              <option key={s} value={s}>
                {t.statusOptions[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="datos-tipo">{t.kind}</label>
          <select id="datos-tipo" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as DataRequestKind | '' })}>
            <option value="">{t.anyKind}</option>
            {dataRequestKinds.map((k) => (
              <option key={k} value={k}>
                {kindNames[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="datos-plazo">{t.due}</label>
          <select
            id="datos-plazo"
            value={draft.due}
            onChange={(e) => setDraft({ ...draft, due: e.target.value as DataInboxDueFilter | '' })}
          >
            <option value="">{t.anyDue}</option>
            {dataInboxDueFilters.map((d) => (
              <option key={d} value={d}>
                {t.dueOptions[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="btn">
            {t.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initialFilters })}>
            {t.clear}
          </button>
        </div>
      </form>

      <LoadState state={listing} loading={t.loading} retry={t.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="staff-empty">
          {applied.status === 'abiertas' && !applied.q && !applied.kind && !applied.due ? t.emptyOpen : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <StaffTable caption={t.caption(listing.items.length, Boolean(listing.next))} columns={t.columns}>
            {listing.items.map((item, i) => (
              <tr key={item.radicado} className={item.urgency ? `data-row--${item.urgency}` : undefined}>
                <th scope="row">
                  <a
                    ref={i === firstNewIndex ? firstNew : undefined}
                    href={staffPath('/equipo/datos-personales/:radicado', { radicado: item.radicado })}
                    aria-label={t.openRequest(item.radicado, item.name)}
                  >
                    {item.radicado}
                  </a>
                </th>
                <td>
                  <span className="staff-nowrap">{dateOf(item.dueDate)}</span>
                  {item.extended ? <span className="staff-muted"> ({t.extended})</span> : null}{' '}
                  <DeadlineTag urgency={item.urgency} left={item.businessDaysLeft} />
                </td>
                <td>{item.status}</td>
                <td>{kindNames[item.kind]}</td>
                <td>{item.name ?? <span className="staff-muted">{t.noName}</span>}</td>
                <td className="staff-nowrap">{dateTimeOf(item.createdAt)}</td>
              </tr>
            ))}
          </StaffTable>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

import 'shared/ui/staff/screens.css';
import './pqrsf-staff.css';
import { useCallback } from 'react';
import { requestTypes } from 'shared/schemas/common';
import {
  inboxDueFilters,
  inboxStatusFilters,
  type InboxDueFilter,
  type InboxStatusFilter,
  type PqrsfInboxCounts,
  type PqrsfInboxRequest,
} from 'shared/schemas/pqrsf-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useListPqrsfStaffInbox } from '../../api/list-pqrsf-staff-inbox';
import { DeadlineTag } from './pqrsf-parts';
import { LoadState, MoreRows, useKeysetListing } from 'shared/ui/staff/kit';
import { dateOf, dateTimeOf, inboxTexts as t } from './pqrsf-texts';

interface Filters {
  status: InboxStatusFilter;
  type: string;
  due: InboxDueFilter | '';
  q: string;
}
const initialFilters: Filters = { status: 'abiertas', type: '', due: '', q: '' };

const bodyOf = (f: Filters, after?: string): PqrsfInboxRequest => ({
  status: f.status,
  ...(f.type ? { type: f.type as PqrsfInboxRequest['type'] } : {}),
  ...(f.due ? { due: f.due } : {}),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(after ? { after } : {}),
});

/**
 * `community/StaffPqrsfInbox`: the PQRSF cases by due date, with the inbox's counts, filters (status, type, deadline),
 * search by radicado, name or document, and keyset pages loaded on request. Overdue and due-soon cases say so in words
 * and with an icon, not only in colour.
 */
export default function StaffPqrsfInbox() {
  const list = useListPqrsfStaffInbox();
  const fetchPage = useCallback(
    (filters: Filters, after: string | undefined, token: string) => list(bodyOf(filters, after), token),
    [list],
  );
  // What the form shows, and what the listing was loaded with (the form applies on submit).
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: initialFilters,
    fetchPage,
    // Each page brings the inbox's counts as they are now.
    metaOf: (page): PqrsfInboxCounts => page.counts,
    texts: t,
  });

  const counts = listing.kind === 'ready' ? listing.meta : null;

  return (
    <section className="staff-screen pqrsf-staff" aria-labelledby="pqrsf-bandeja-titulo">
      <header>
        <h1 id="pqrsf-bandeja-titulo">{t.title}</h1>
        <p className="pqrsf-staff__intro">{t.intro}</p>
      </header>

      {counts ? (
        <section aria-labelledby="pqrsf-resumen" className="pqrsf-counts">
          <h2 id="pqrsf-resumen" className="visually-hidden">
            {t.countsTitle}
          </h2>
          <ul>
            <li>
              <button type="button" className="pqrsf-count" onClick={() => apply({ ...initialFilters })}>
                <span className="pqrsf-count__n">{counts.open}</span> {t.countOpen}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="pqrsf-count pqrsf-count--overdue"
                onClick={() => apply({ ...initialFilters, due: 'vencidas' })}
              >
                <span aria-hidden="true">⚠ </span>
                <span className="pqrsf-count__n">{counts.overdue}</span> {t.countOverdue}
              </button>
            </li>
            <li>
              <button type="button" className="pqrsf-count pqrsf-count--soon" onClick={() => apply({ ...initialFilters, due: 'pronto' })}>
                <span aria-hidden="true">⏰ </span>
                <span className="pqrsf-count__n">{counts.dueSoon}</span> {t.countSoon}
              </button>
            </li>
            {(['Respondida', 'Trasladada', 'Cerrada'] as const).map((s) => (
              <li key={s}>
                <button type="button" className="pqrsf-count" onClick={() => apply({ ...initialFilters, status: s })}>
                  <span className="pqrsf-count__n">{counts.byStatus[s]}</span> {t.statusOptions[s]}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <form role="search" className="pqrsf-filters" aria-labelledby="pqrsf-filtros" onSubmit={onSubmit}>
        <h2 id="pqrsf-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h2>
        <div className="field pqrsf-filters__search">
          <label htmlFor="pqrsf-q">{t.search}</label>
          <input
            id="pqrsf-q"
            type="search"
            autoComplete="off"
            maxLength={80}
            aria-describedby="pqrsf-q-hint"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <small id="pqrsf-q-hint" className="field-hint">
            {t.searchHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="pqrsf-status">{t.status}</label>
          <select
            id="pqrsf-status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as InboxStatusFilter })}
          >
            {inboxStatusFilters.map((s) => (
              <option key={s} value={s}>
                {t.statusOptions[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pqrsf-type">{t.type}</label>
          <select id="pqrsf-type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
            <option value="">{t.anyType}</option>
            {requestTypes.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pqrsf-due">{t.due}</label>
          <select id="pqrsf-due" value={draft.due} onChange={(e) => setDraft({ ...draft, due: e.target.value as InboxDueFilter | '' })}>
            <option value="">{t.anyDue}</option>
            {inboxDueFilters.map((d) => (
              <option key={d} value={d}>
                {t.dueOptions[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="pqrsf-filters__actions">
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
        <p role="status" className="pqrsf-empty">
          {applied.status === 'abiertas' && !applied.q && !applied.type && !applied.due ? t.emptyOpen : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <div className="pqrsf-table-wrap" role="region" aria-labelledby="pqrsf-tabla" tabIndex={0}>
            <table className="pqrsf-table">
              <caption id="pqrsf-tabla">{t.caption(listing.items.length, Boolean(listing.next))}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.radicado}</th>
                  <th scope="col">{t.columns.due}</th>
                  <th scope="col">{t.columns.status}</th>
                  <th scope="col">{t.columns.type}</th>
                  <th scope="col">{t.columns.name}</th>
                  <th scope="col">{t.columns.filed}</th>
                </tr>
              </thead>
              <tbody>
                {listing.items.map((item, i) => (
                  <tr key={item.radicado} className={item.urgency ? `pqrsf-row--${item.urgency}` : undefined}>
                    <th scope="row">
                      <a
                        ref={i === firstNewIndex ? firstNew : undefined}
                        href={staffPath('/equipo/pqrsf/:radicado', { radicado: item.radicado })}
                        aria-label={t.openCase(item.radicado, item.name)}
                      >
                        {item.radicado}
                      </a>
                    </th>
                    <td>
                      <span className="pqrsf-nowrap">{dateOf(item.dueDate)}</span>
                      {item.extended ? <span className="pqrsf-muted"> ({t.extended})</span> : null}
                      <DeadlineTag urgency={item.urgency} left={item.businessDaysLeft} />
                    </td>
                    <td>{item.status}</td>
                    <td>{item.requestType}</td>
                    <td>{item.name}</td>
                    <td className="pqrsf-nowrap">{dateTimeOf(item.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

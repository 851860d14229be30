import './pqrsf-staff.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import { requestTypes } from 'shared/schemas/common';
import {
  inboxDueFilters,
  inboxStatusFilters,
  type InboxDueFilter,
  type InboxStatusFilter,
  type PqrsfInboxCounts,
  type PqrsfInboxItem,
  type PqrsfInboxRequest,
} from 'shared/schemas/pqrsf-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { useListPqrsfStaffInbox } from '../../api/list-pqrsf-staff-inbox';
import { DeadlineTag } from './pqrsf-parts';
import { dateOf, dateTimeOf, inboxTexts as t } from './pqrsf-texts';

interface Filters {
  status: InboxStatusFilter;
  type: string;
  due: InboxDueFilter | '';
  q: string;
}
const initialFilters: Filters = { status: 'abiertas', type: '', due: '', q: '' };

type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; items: PqrsfInboxItem[]; next: string | null; counts: PqrsfInboxCounts; loadingMore: boolean; added: number };

const messageOf = (result: ApiResult<unknown>) =>
  result.kind === 'error' && result.message ? result.message : result.kind === 'network' ? t.network : t.failed;

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
  const session = useStaffSession();
  const list = useListPqrsfStaffInbox();
  // What the form shows, and what the listing was loaded with (the form applies on submit).
  const [draft, setDraft] = useState<Filters>(initialFilters);
  const [applied, setApplied] = useState<Filters>(initialFilters);
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const firstNew = useRef<HTMLAnchorElement>(null);

  const load = useCallback(
    async (filters: Filters) => {
      setListing({ kind: 'loading' });
      const token = await session.getIdToken();
      if (!token) return setListing({ kind: 'failed', message: t.sessionEnded });
      const result = await list(bodyOf(filters), token);
      if (result.kind !== 'ok') return setListing({ kind: 'failed', message: messageOf(result) });
      setListing({
        kind: 'ready',
        items: result.data.items,
        next: result.data.nextCursor,
        counts: result.data.counts,
        loadingMore: false,
        added: 0,
      });
    },
    [list, session],
  );

  useEffect(() => {
    void load(applied);
  }, [load, applied]);

  const apply = (filters: Filters) => {
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
    setListing({ ...current, loadingMore: true });
    const token = await session.getIdToken();
    const result = token ? await list(bodyOf(applied, current.next ?? undefined), token) : null;
    if (!result || result.kind !== 'ok') {
      setListing({ kind: 'failed', message: result ? messageOf(result) : t.sessionEnded });
      return;
    }
    setListing({
      kind: 'ready',
      items: [...current.items, ...result.data.items],
      next: result.data.nextCursor,
      counts: result.data.counts,
      loadingMore: false,
      added: result.data.items.length,
    });
  };

  const firstNewIndex = listing.kind === 'ready' && listing.added ? listing.items.length - listing.added : -1;
  useEffect(() => {
    if (firstNewIndex >= 0) firstNew.current?.focus();
  }, [firstNewIndex]);

  const counts = listing.kind === 'ready' ? listing.counts : null;

  return (
    <section className="pqrsf-staff" aria-labelledby="pqrsf-bandeja-titulo">
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

      {listing.kind === 'loading' ? <p role="status">{t.loading}</p> : null}
      {listing.kind === 'failed' ? (
        <div className="alert alert--error" role="alert">
          <p>{listing.message}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void load(applied)}>
            {t.retry}
          </button>
        </div>
      ) : null}
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
          <p role="status" className="visually-hidden">
            {listing.added ? t.loadedMore(listing.added) : ''}
          </p>
          {listing.next ? (
            <button type="button" className="btn btn--ghost" onClick={() => void loadMore()} disabled={listing.loadingMore}>
              {listing.loadingMore ? t.loadingMore : t.more}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

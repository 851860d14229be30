import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { useCallback } from 'react';
import { CaseCounts, CaseFilters, CaseInboxListing, FilterSelect } from 'shared/cases/ui/inbox';
import {
  dataInboxStatusFilters,
  dataRequestKinds,
  type DataInboxCounts,
  type DataInboxDueFilter,
  type DataInboxRequest,
  type DataInboxStatusFilter,
  type DataRequestKind,
} from 'shared/schemas/data-requests-api';
import { staffPath } from 'shared/staff-routes';
import { useKeysetListing } from 'shared/ui/staff/kit';
import { useListStaffDataRequests } from '../../api/list-staff-data-requests';
import { dataInboxTexts as t, kindNames } from './data-requests-texts';

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

/**
 * `account/StaffDataRequests` (/equipo/datos-personales): the data subject's requests by due date, with counts (open,
 * overdue, due within 3 business days, answered, waiting for the person), filters (status, kind, deadline), search,
 * and keyset pages (the legal-case kit's inbox parts).
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
    <section className="staff-screen case-staff" aria-labelledby="datos-bandeja-titulo">
      <header>
        <h1 id="datos-bandeja-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      {counts ? (
        <CaseCounts
          id="datos"
          counts={counts}
          texts={t}
          show={(due) => apply({ ...initialFilters, due })}
          more={[
            { n: counts.answered, label: t.countAnswered, onClick: () => apply({ ...initialFilters, status: 'Respondida' }) },
            { n: counts.incomplete, label: t.countIncomplete, onClick: () => apply({ ...initialFilters, status: 'Incompleta' }) },
          ]}
        />
      ) : null}

      <CaseFilters
        id="datos"
        texts={t}
        search={{ label: t.search, hint: t.searchHint }}
        draft={draft}
        setDraft={setDraft}
        statusOptions={dataInboxStatusFilters.map((s) => [s, t.statusOptions[s]] as const)}
        onSubmit={onSubmit}
        onClear={() => apply({ ...initialFilters })}
      >
        <FilterSelect
          id="datos-tipo"
          label={t.kind}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind: kind as DataRequestKind | '' })}
          options={dataRequestKinds.map((k) => [k, kindNames[k]] as const)}
          any={t.anyKind}
        />
      </CaseFilters>

      <CaseInboxListing
        listing={listing}
        texts={t}
        reload={reload}
        loadMore={loadMore}
        unfiltered={applied.status === 'abiertas' && !applied.q && !applied.kind && !applied.due}
        caption={t.caption}
        columns={t.columns}
        link={(item) => ({
          href: staffPath('/equipo/datos-personales/:radicado', { radicado: item.radicado }),
          label: t.openRequest(item.radicado, item.name),
        })}
        cells={(item) => (
          <>
            <td>{kindNames[item.kind]}</td>
            <td>{item.name ?? <span className="staff-muted">{t.noName}</span>}</td>
          </>
        )}
        firstNew={firstNew}
        firstNewIndex={firstNewIndex}
      />
    </section>
  );
}

import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { useCallback } from 'react';
import { CaseCounts, CaseFilters, CaseInboxListing, FilterSelect } from 'shared/cases/ui/inbox';
import { requestTypes } from 'shared/schemas/common';
import {
  inboxStatusFilters,
  type InboxDueFilter,
  type InboxStatusFilter,
  type PqrsfInboxCounts,
  type PqrsfInboxRequest,
} from 'shared/schemas/pqrsf-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useKeysetListing } from 'shared/ui/staff/kit';
import { useListPqrsfStaffInbox } from '../../api/list-pqrsf-staff-inbox';
import { inboxTexts as t } from './pqrsf-texts';

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
 * search by radicado, name or document, and keyset pages loaded on request (the legal-case kit's inbox parts). Overdue
 * and due-soon cases say so in words and with an icon, not only in colour.
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
    <section className="staff-screen case-staff" aria-labelledby="pqrsf-bandeja-titulo">
      <header>
        <h1 id="pqrsf-bandeja-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      {counts ? (
        <CaseCounts
          id="pqrsf"
          counts={counts}
          texts={t}
          show={(due) => apply({ ...initialFilters, due })}
          more={(['Respondida', 'Trasladada', 'Cerrada'] as const).map((s) => ({
            n: counts.byStatus[s],
            label: t.statusOptions[s],
            onClick: () => apply({ ...initialFilters, status: s }),
          }))}
        />
      ) : null}

      <CaseFilters
        id="pqrsf"
        texts={t}
        search={{ label: t.search, hint: t.searchHint }}
        draft={draft}
        setDraft={setDraft}
        statusOptions={inboxStatusFilters.map((s) => [s, t.statusOptions[s]] as const)}
        onSubmit={onSubmit}
        onClear={() => apply({ ...initialFilters })}
      >
        <FilterSelect
          id="pqrsf-tipo"
          label={t.type}
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type })}
          options={requestTypes.map((r) => [r, r] as const)}
          any={t.anyType}
        />
      </CaseFilters>

      <CaseInboxListing
        listing={listing}
        texts={t}
        reload={reload}
        loadMore={loadMore}
        unfiltered={applied.status === 'abiertas' && !applied.q && !applied.type && !applied.due}
        caption={t.caption}
        columns={t.columns}
        link={(item) => ({
          href: staffPath('/equipo/pqrsf/:radicado', { radicado: item.radicado }),
          label: t.openCase(item.radicado, item.name),
        })}
        cells={(item) => (
          <>
            <td>{item.requestType}</td>
            <td>{item.name}</td>
          </>
        )}
        firstNew={firstNew}
        firstNewIndex={firstNewIndex}
      />
    </section>
  );
}

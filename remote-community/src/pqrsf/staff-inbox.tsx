import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { CaseInbox, caseInboxBody, FilterSelect } from 'shared/cases/ui/inbox';
import { requestTypes } from 'shared/schemas/common';
import { inboxStatusFilters, type InboxDueFilter, type InboxStatusFilter, type PqrsfInboxRequest } from './staff-schemas';
import { staffPath } from 'shared/staff-routes';
import { pqrsfStaffOperations } from './staff-operations';
import { inboxTexts as t } from './staff-texts';
import { reportScreenTexts } from './report-texts';
import { InboxExport } from './inbox-export';

interface Filters {
  status: InboxStatusFilter;
  type: string;
  due: InboxDueFilter | '';
  q: string;
  assigned?: PqrsfInboxRequest['assigned'] | '';
}
const initialFilters: Filters = { status: 'abiertas', type: '', due: '', q: '' };

const bodyOf = (f: Filters, after?: string): PqrsfInboxRequest => ({
  ...caseInboxBody(f, after),
  status: f.status,
  ...(f.type ? { type: f.type as PqrsfInboxRequest['type'] } : {}),
});

/** The closed statuses' counts, after the kit's open, overdue and due-soon ones. */
const closedStatuses = ['Respondida', 'Trasladada', 'Cerrada'] as const;

/**
 * `community/StaffPqrsfInbox`: the PQRSF cases by due date, with the inbox's counts, filters (status, type, deadline),
 * search by radicado, name or document, and keyset pages loaded on request (the legal-case kit's inbox). Overdue and
 * due-soon cases say so in words and with an icon, not only in colour.
 */
export default function StaffPqrsfInbox() {
  return (
    <CaseInbox
      id="pqrsf"
      texts={t}
      countsOf={(counts, show) =>
        closedStatuses.map((status) => ({ n: counts.byStatus[status], label: t.statusOptions[status], onClick: () => show({ status }) }))
      }
      filter={(draft, setDraft) => (
        <FilterSelect
          id="pqrsf-tipo"
          label={t.type}
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type })}
          options={requestTypes.map((r) => [r, r] as const)}
          any={t.anyType}
        />
      )}
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
      list={pqrsfStaffOperations.inbox}
      bodyOf={bodyOf}
      initial={initialFilters}
      statusOptions={inboxStatusFilters.map((s) => [s, t.statusOptions[s]] as const)}
      unfiltered={(applied) => !applied.type}
      exporter={(applied) => <InboxExport body={bodyOf(applied)} />}
      assignment={{ assignMany: pqrsfStaffOperations.assignMany, assignees: pqrsfStaffOperations.assignees }}
      links={
        <p>
          <a href={staffPath('/equipo/pqrsf/informe')}>{reportScreenTexts.inboxLink}</a>
        </p>
      }
    />
  );
}

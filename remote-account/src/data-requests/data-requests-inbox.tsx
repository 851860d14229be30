import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { CaseInbox, caseInboxBody, FilterSelect } from 'shared/cases/ui/inbox';
import {
  dataInboxStatusFilters,
  dataRequestKinds,
  type DataInboxDueFilter,
  type DataInboxRequest,
  type DataInboxStatusFilter,
  type DataRequestKind,
} from './schemas';
import { staffPath } from 'shared/staff-routes';
import { dataRequestsStaffOperations } from './staff-operations';
import { dataInboxTexts as t, kindNames } from './data-requests-texts';

interface Filters {
  status: DataInboxStatusFilter;
  kind: DataRequestKind | '';
  due: DataInboxDueFilter | '';
  q: string;
  assigned?: DataInboxRequest['assigned'] | '';
}
const initialFilters: Filters = { status: 'abiertas', kind: '', due: '', q: '' };

const bodyOf = (f: Filters, after?: string): DataInboxRequest => ({
  ...caseInboxBody(f, after),
  status: f.status,
  ...(f.kind ? { kind: f.kind } : {}),
});

/**
 * `account/StaffDataRequests` (/equipo/datos-personales): the data subject's requests by due date, with counts (open,
 * overdue, due within 3 business days, answered, waiting for the person), filters (status, kind, deadline), search,
 * and keyset pages (the legal-case kit's inbox).
 */
export default function StaffDataRequests() {
  return (
    <CaseInbox
      id="datos"
      texts={t}
      countsOf={(counts, show) => [
        { n: counts.answered, label: t.countAnswered, onClick: () => show({ status: 'Respondida' }) },
        { n: counts.incomplete, label: t.countIncomplete, onClick: () => show({ status: 'Incompleta' }) },
      ]}
      filter={(draft, setDraft) => (
        <FilterSelect
          id="datos-tipo"
          label={t.kind}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind: kind as DataRequestKind | '' })}
          options={dataRequestKinds.map((k) => [k, kindNames[k]] as const)}
          any={t.anyKind}
        />
      )}
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
      list={dataRequestsStaffOperations.inbox}
      bodyOf={bodyOf}
      initial={initialFilters}
      statusOptions={dataInboxStatusFilters.map((s) => [s, t.statusOptions[s]] as const)}
      unfiltered={(applied) => !applied.kind}
      assignment={{ assignMany: dataRequestsStaffOperations.assignMany, assignees: dataRequestsStaffOperations.assignees }}
    />
  );
}

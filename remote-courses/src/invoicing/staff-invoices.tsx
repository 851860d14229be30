import 'shared/ui/staff/screens.css';
import './invoices.css';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime, formatMonth } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { staffPath } from 'shared/staff-routes';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { CsvExport, exportUiTexts } from 'shared/ui/staff/csv-export';
import { StaffTable } from 'shared/ui/staff/kit';
import { ledgerListTexts, optionsOf } from 'shared/ui/staff/ledger';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { invoicingStaffOperations as ops } from './operations';
import { invoiceTexts, type InvoiceListQuery, type InvoiceState, type InvoiceSummary } from './schemas';

export const staffInvoicesTexts = {
  title: 'Facturas electrónicas',
  intro:
    'Las facturas electrónicas y notas crédito de las inscripciones a los cursos, con su estado ante la DIAN. Abre una para ver su CUFE, descargar el PDF o, si la DIAN la rechazó, corregir el comprador y reenviarla.',
  filtersTitle: 'Filtrar facturas',
  month: 'Mes',
  monthHint: 'El de expedición; las que aún no se expiden, el mes en que se crearon. Déjalo vacío para ver todos los meses.',
  state: 'Estado ante la DIAN',
  anyState: 'Todos los estados',
  apply: ledgerListTexts.apply,
  clear: ledgerListTexts.clear,
  loading: 'Cargando las facturas…',
  failed: 'No pudimos cargar las facturas.',
  attentionTitle: 'Por atender',
  rejected: (n: number) =>
    n === 1 ? '1 factura rechazada por la DIAN espera corrección.' : `${n} facturas rechazadas por la DIAN esperan corrección.`,
  showRejected: 'Ver las rechazadas',
  waiting: (n: number) =>
    n === 1 ? '1 espera al proveedor de facturación; se reintenta sola.' : `${n} esperan al proveedor de facturación; se reintentan solas.`,
  caption: (n: number, month: string) =>
    `Facturas y notas crédito ${month ? `de ${formatMonth(month)}` : 'de todos los meses'}: ${n}, de la más reciente a la más antigua`,
  buyer: 'Comprador',
  columns: ['Tipo', 'Número', 'Estado', 'Curso', 'Total', 'Expedición (Bogotá)'] as const,
  noNumber: '—',
  notIssued: 'Sin expedir',
  nextAttempt: (when: string) => `Próximo intento: ${when}`,
  empty: 'Ninguna factura coincide con los filtros.',
  emptyMonth: (month: string) => `No hay facturas ni notas crédito de ${formatMonth(month)}.`,
  truncated: 'La lista muestra solo las 500 más recientes. Elige un mes (o un estado) para ver las demás.',
  exportTitle: 'Exportar para el contador',
  exportButton: 'Exportar CSV del mes',
  exportHint: (month: string) =>
    `Todas las facturas y notas crédito de ${formatMonth(month)} (el estado elegido no se aplica), con base, IVA y total. Queda registrado en la auditoría.`,
  exportNeedsMonth: 'Elige un mes y aplica los filtros para exportar sus facturas a CSV.',
} as const;
const t = staffInvoicesTexts;

type Filters = { mes: string; estado: InvoiceState | '' };

/** The current month in Bogotá (`YYYY-MM`): the list opens on it. */
const currentMonth = () => colombianDate(new Date()).slice(0, 7);

/** What the list asks for: the chosen month and state, nothing for "any". */
const queryOf = (filters: Filters): InvoiceListQuery => ({
  ...(filters.mes ? { mes: filters.mes } : {}),
  ...(filters.estado ? { estado: filters.estado } : {}),
});

/** A document's state as a badge (its words, not only its colour). */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <span className={`invoice-badge invoice-badge--${state}`}>{invoiceTexts.states[state]}</span>;
}

/** When it was issued, or while it is not, when it is tried next. */
function IssueCell({ item }: { item: InvoiceSummary }) {
  if (item.issuedAt) return <>{formatColombianDateTime(item.issuedAt)}</>;
  return (
    <>
      {t.notIssued}
      {item.nextAttemptAt ? (
        <>
          <br />
          <span className="staff-muted">{t.nextAttempt(formatColombianDateTime(item.nextAttemptAt))}</span>
        </>
      ) : null}
    </>
  );
}

/**
 * `courses/StaffInvoices` (`/equipo/facturas`): the courses' electronic invoices and credit notes (#30) of a month, by
 * state, with what needs attention (rejected by DIAN, waiting on the provider), the numbering resolution's warning and,
 * for Finanzas, the month's CSV for the accountant.
 */
export default function StaffInvoices() {
  const session = useStaffSession();
  const list = useOperationCall(ops.invoices);
  const download = useOperationDownload(ops.exportInvoices);
  const initial = useMemo<Filters>(() => ({ mes: currentMonth(), estado: '' }), []);
  const [draft, setDraft] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list({ query: queryOf(applied) }) }), [list, applied]),
    t,
  );
  // The export is Finanzas' (the server refuses it to anyone else): the others are not offered a button that fails.
  const mayExport = holdsRoleFor(session, ops.exportInvoices);
  const exportMonth = applied.mes;
  const file = useCallback(() => download({ query: { mes: exportMonth } }), [download, exportMonth]);

  const apply = (filters: Filters) => {
    setDraft(filters);
    setApplied({ ...filters });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const data = resource.data;
  const { attention } = data ?? { attention: { rejected: 0, waiting: 0 } };

  return (
    <section className="staff-screen" aria-labelledby="facturas-titulo">
      <header>
        <h1 id="facturas-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      {data?.resolutionWarning ? (
        <div className="alert alert--warning" role="status">
          {data.resolutionWarning}
        </div>
      ) : null}
      {attention.rejected > 0 || attention.waiting > 0 ? (
        <section className="alert alert--warning invoice-attention" role="status" aria-labelledby="facturas-atencion">
          <h2 id="facturas-atencion" className="visually-hidden">
            {t.attentionTitle}
          </h2>
          {attention.rejected > 0 ? (
            <p>
              {t.rejected(attention.rejected)}{' '}
              {applied.estado === 'rejected' && !applied.mes ? null : (
                <button type="button" className="btn btn--ghost" onClick={() => apply({ mes: '', estado: 'rejected' })}>
                  {t.showRejected}
                </button>
              )}
            </p>
          ) : null}
          {attention.waiting > 0 ? <p>{t.waiting(attention.waiting)}</p> : null}
        </section>
      ) : null}

      <form role="search" className="staff-filters" aria-labelledby="facturas-filtros" onSubmit={onSubmit}>
        <h2 id="facturas-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h2>
        <div className="field">
          <label htmlFor="facturas-mes">{t.month}</label>
          <input
            id="facturas-mes"
            type="month"
            aria-describedby="facturas-mes-pista"
            value={draft.mes}
            onChange={(e) => setDraft({ ...draft, mes: e.target.value })}
          />
          <small id="facturas-mes-pista" className="field-hint">
            {t.monthHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="facturas-estado">{t.state}</label>
          <select
            id="facturas-estado"
            value={draft.estado}
            onChange={(e) => setDraft({ ...draft, estado: e.target.value as Filters['estado'] })}
          >
            <option value="">{t.anyState}</option>
            {optionsOf(invoiceTexts.states).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="btn">
            {t.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initial })}>
            {t.clear}
          </button>
        </div>
      </form>

      {mayExport ? (
        exportMonth ? (
          <CsvExport
            hint={t.exportHint(exportMonth)}
            filename={`facturas-${exportMonth}.csv`}
            texts={{ ...exportUiTexts, exportTitle: t.exportTitle, exportButton: t.exportButton }}
            file={file}
          />
        ) : (
          <section className="staff-export" aria-labelledby="registro-exportar">
            <h2 id="registro-exportar">{t.exportTitle}</h2>
            <p className="staff-screen__intro">{t.exportNeedsMonth}</p>
          </section>
        )
      ) : null}

      <ResourceState resource={resource} loading={t.loading} />
      {data && data.items.length === 0 ? (
        <p role="status" className="staff-empty">
          {applied.mes && !applied.estado ? t.emptyMonth(applied.mes) : t.empty}
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <StaffTable caption={t.caption(data.items.length, applied.mes)} columns={[t.buyer, ...t.columns]}>
            {data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <a href={staffPath('/equipo/facturas/:id', { id: String(item.id) })}>{item.buyerName}</a>
                  <br />
                  <span className="staff-muted">{item.buyerDocument}</span>
                </th>
                <td>{invoiceTexts.kinds[item.kind]}</td>
                <td className="staff-nowrap">{item.number ?? t.noNumber}</td>
                <td>
                  <InvoiceStateBadge state={item.state} />
                </td>
                <td>{item.courseTitle}</td>
                <td className="staff-nowrap">{formatCOP(item.total)}</td>
                <td>
                  <IssueCell item={item} />
                </td>
              </tr>
            ))}
          </StaffTable>
          {data.truncated ? (
            <p role="status" className="alert alert--warning">
              {t.truncated}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

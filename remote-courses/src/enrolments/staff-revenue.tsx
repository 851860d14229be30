import { useCallback, useId, useMemo, useState } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { formatMonth } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { CsvExport, type ExportTexts } from 'shared/ui/staff/csv-export';
import { StaffTable } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { revenueStaffOperations as ops } from './revenue-operations';
import { revenueTexts as t, type RevenueRow } from './revenue-schemas';

/** The download's words: totals only, so no warning about personal data. */
const exportTexts: ExportTexts = {
  exportTitle: 'Exportar ingresos a Excel (CSV)',
  exportButton: t.download,
  exporting: 'Preparando el archivo…',
  exported: (filename: string) => `Descargamos ${filename}.`,
  exportFailed: 'No pudimos generar el archivo. Intenta de nuevo.',
};

const sum = (rows: RevenueRow[], key: 'payments' | 'gross' | 'reversals' | 'net') => rows.reduce((a, r) => a + r[key], 0);

/** One month's table: a row per course with movement, and the month's total. */
function MonthTable({ month, rows }: { month: string; rows: RevenueRow[] }) {
  return (
    <StaffTable caption={t.caption(formatMonth(month))} columns={t.columns}>
      {rows.map((r) => (
        <tr key={r.course}>
          <td>{r.courseTitle}</td>
          <td>{r.payments}</td>
          <td className="staff-nowrap">{formatCOP(r.gross)}</td>
          <td className="staff-nowrap">{formatCOP(r.reversals)}</td>
          <td className="staff-nowrap">{formatCOP(r.net)}</td>
        </tr>
      ))}
      {rows.length > 1 ? (
        <tr>
          <th scope="row">{t.total}</th>
          <td>{sum(rows, 'payments')}</td>
          <td className="staff-nowrap">{formatCOP(sum(rows, 'gross'))}</td>
          <td className="staff-nowrap">{formatCOP(sum(rows, 'reversals'))}</td>
          <td className="staff-nowrap">{formatCOP(sum(rows, 'net'))}</td>
        </tr>
      ) : null}
    </StaffTable>
  );
}

/** The months with movement, newest first, each a table per course, and the CSV: loaded when the section opens. */
function RevenueTables() {
  const get = useOperationCall(ops.courseRevenue);
  const download = useOperationDownload(ops.exportCourseRevenue);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => get() }), [get]),
    t,
  );
  const file = useCallback(() => download(), [download]);
  const data = resource.data;
  const months = data ? data.months.filter((m) => data.rows.some((r) => r.month === m)) : [];
  return (
    <>
      <ResourceState resource={resource} loading={t.loading} />
      {data ? (
        months.length ? (
          months.map((m) => <MonthTable key={m} month={m} rows={data.rows.filter((r) => r.month === m)} />)
        ) : (
          <p className="staff-empty">{t.empty}</p>
        )
      ) : null}
      {data ? (
        <CsvExport
          hint={t.intro}
          filename={`ingresos-cursos-${data.months[0] ?? ''}.csv`}
          texts={exportTexts}
          frame={{ id: 'ingresos-exportar', level: 'h3', className: 'staff-export', notice: 'staff-notice', hint: 'staff-screen__intro' }}
          file={file}
        />
      ) : null}
    </>
  );
}

/**
 * Course revenue per Bogotá month (#31), a section of the enrolments ledger for Finanzas (the ledger shows it only to
 * whoever holds the operation's role). Closed at first: the totals are asked for only when someone opens it.
 */
export function StaffRevenue() {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <section aria-labelledby="ingresos-cursos" className="staff-screen">
      <h2 id="ingresos-cursos">{t.title}</h2>
      <p className="staff-screen__intro">{t.intro}</p>
      <div>
        <button type="button" className="btn btn--ghost" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {open ? t.hide : t.show}
        </button>
      </div>
      <div id={panel} hidden={!open} className="staff-screen">
        {open ? <RevenueTables /> : null}
      </div>
    </section>
  );
}

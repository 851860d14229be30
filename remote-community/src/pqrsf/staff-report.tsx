import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { useMemo, useState, type FormEvent } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate, monthNames } from 'shared/format/dates';
import { FilterSelect } from 'shared/cases/ui/inbox';
import { staffPath } from 'shared/staff-routes';
import { CsvExport } from 'shared/ui/staff/csv-export';
import { StaffTable } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import type { PqrsfReport } from './report-schemas';
import { reportGenerated, reportNumber, reportScope, reportScreenTexts as t, reportTables } from './report-texts';
import { pqrsfStaffOperations as ops } from './staff-operations';

const FIRST_YEAR = 2020;

/** The semester of today in Bogotá (`2026-S1`): what the screen opens on. */
function currentSemester(): { year: string; part: string } {
  const today = colombianDate(new Date());
  return { year: today.slice(0, 4), part: Number(today.slice(5, 7)) <= 6 ? 'S1' : 'S2' };
}

/**
 * `community/StaffPqrsfReport` (`/equipo/pqrsf/informe`, #32): the PQRSF figures of a month or a semester, computed by
 * the server (counts only), in captioned tables that scroll in their own region on a narrow screen, with the CSV and
 * the PDF to publish of the same figures.
 */
export default function StaffPqrsfReport() {
  const [start] = useState(currentSemester);
  const [draft, setDraft] = useState(start);
  const [periodo, setPeriodo] = useState(`${start.year}-${start.part}`);
  const load = useOperationCall(ops.report);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => load({ query: { periodo } }) }), [load, periodo]),
    t,
  );
  const csv = useOperationDownload(ops.reportCsv);
  const pdf = useOperationDownload(ops.reportPdf);
  const years = useMemo(() => {
    const last = Number(colombianDate(new Date()).slice(0, 4));
    return Array.from({ length: last - FIRST_YEAR + 1 }, (_, i) => String(last - i));
  }, []);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPeriodo(`${draft.year}-${draft.part}`);
  };
  const report = resource.data;

  return (
    <section className="staff-screen case-staff" aria-labelledby="pqrsf-informe-titulo">
      <header>
        <p>
          <a href={staffPath('/equipo/pqrsf')}>{t.back}</a>
        </p>
        <h1 id="pqrsf-informe-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      <form className="staff-filters" aria-labelledby="pqrsf-informe-periodo" onSubmit={onSubmit}>
        <h2 id="pqrsf-informe-periodo" className="visually-hidden">
          {t.formTitle}
        </h2>
        <FilterSelect
          id="pqrsf-informe-anio"
          label={t.year}
          value={draft.year}
          onChange={(year) => setDraft({ ...draft, year })}
          options={years.map((y) => [y, y] as const)}
        />
        <div className="field">
          <label htmlFor="pqrsf-informe-parte">{t.period}</label>
          <select id="pqrsf-informe-parte" value={draft.part} onChange={(e) => setDraft({ ...draft, part: e.target.value })}>
            <optgroup label={t.semesterGroup}>
              <option value="S1">{t.semesters.S1}</option>
              <option value="S2">{t.semesters.S2}</option>
            </optgroup>
            <optgroup label={t.monthGroup}>
              {monthNames.map((name, i) => (
                <option key={name} value={String(i + 1).padStart(2, '0')}>
                  {name.charAt(0).toUpperCase() + name.slice(1)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="btn">
            {t.show}
          </button>
        </div>
      </form>

      <ResourceState resource={resource} loading={t.loading} />
      {report ? <ReportFigures report={report} /> : null}
      {report ? (
        <>
          <CsvExport
            hint={t.csvHint}
            filename={`informe-pqrsf-${report.period.key}.csv`}
            file={() => csv({ query: { periodo: report.period.key } })}
            texts={t.csv}
            frame={{ id: 'pqrsf-informe-csv', level: 'h2', className: 'staff-export', notice: 'staff-notice', hint: 'staff-screen__intro' }}
          />
          <CsvExport
            hint={t.pdfHint}
            filename={`informe-pqrsf-${report.period.key}.pdf`}
            file={() => pdf({ query: { periodo: report.period.key } })}
            texts={t.pdf}
            frame={{ id: 'pqrsf-informe-pdf', level: 'h2', className: 'staff-export', notice: 'staff-notice', hint: 'staff-screen__intro' }}
          />
        </>
      ) : null}
    </section>
  );
}

function ReportFigures({ report }: { report: PqrsfReport }) {
  return (
    <section aria-labelledby="pqrsf-informe-cifras">
      <h2 id="pqrsf-informe-cifras">{report.period.label}</h2>
      <p className="staff-screen__intro">{reportScope(report, formatLongDate)}</p>
      <p>
        <strong>{t.total(report.total)}</strong>
      </p>
      {reportTables(report).map((table) => (
        <div key={table.key} className="pqrsf-report__table">
          <StaffTable caption={table.caption} columns={[table.head, table.valueHead]}>
            {table.rows.map((row) => (
              <tr key={row.label}>
                {/* The label heads its row, so a screen reader says which figure it reads. */}
                <th scope="row">{row.total ? <strong>{row.label}</strong> : row.label}</th>
                <td>{row.total ? <strong>{reportNumber(row.value)}</strong> : reportNumber(row.value)}</td>
              </tr>
            ))}
          </StaffTable>
          {table.note ? <p className="staff-screen__intro">{table.note}</p> : null}
        </div>
      ))}
      <p className="staff-screen__intro">{reportGenerated(report)}</p>
    </section>
  );
}

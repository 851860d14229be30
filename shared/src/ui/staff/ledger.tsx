import { useState, type ReactNode } from 'react';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import {
  discrepancyKinds,
  paymentSources,
  paymentStatusLabel,
  type Discrepancy,
  type PaymentEvent,
} from 'shared/schemas/enrolments-staff-api';
import { useStaffSession } from 'shared/staff-session';
import { Notice, StaffTable } from './kit';

/**
 * What the panel's ledgers of enrolments and donations (#14) show alike: a record's facts as a description list, its
 * payment history and discrepancies, and the CSV download of the current filter.
 */

export const ledgerUiTexts = {
  historyTitle: 'Historia del pago',
  historyCaption: 'Cada estado que informó la pasarela, del primero al último',
  historyEmpty: 'La pasarela aún no ha informado ningún pago para este registro.',
  historyColumns: ['Visto (Bogotá)', 'Pago', 'Estado', 'Valor', 'Cómo llegó', '¿Se aplicó?'] as const,
  applied: 'Sí',
  notApplied: 'No (repetido, fuera de orden o con diferencia)',
  discrepanciesTitle: 'Diferencias',
  discrepanciesCaption: 'Pagos de este registro que el sitio no aplicó',
  discrepancyColumns: ['Detectada (Bogotá)', 'Pago', 'Qué pasó', 'Esperado', 'Informado'] as const,
  exportTitle: 'Exportar a Excel (CSV)',
  exportButton: 'Descargar CSV',
  exporting: 'Preparando el archivo…',
  exported: (filename: string) => `Descargamos ${filename}. Contiene datos personales: guárdalo solo donde la fundación lo permita.`,
  exportFailed: 'No pudimos generar el archivo. Intenta de nuevo.',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
} as const;

const t = ledgerUiTexts;

/** Hands a downloaded file to the browser under a name, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A record's facts, label and value, as a description list (two columns on a wide screen). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="staff-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const money = (value: number | null, currency: string | null) =>
  value === null ? '—' : currency && currency.toUpperCase() !== 'COP' ? `${value} ${currency}` : formatCOP(value);

/** Every status the provider reported for the record, and the payments the site refused to apply to it. */
export function PaymentHistory({ history, discrepancies }: { history: PaymentEvent[]; discrepancies: Discrepancy[] }) {
  return (
    <>
      <section aria-labelledby="registro-historia">
        <h2 id="registro-historia">{t.historyTitle}</h2>
        {history.length ? (
          <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
            {history.map((e) => (
              <tr key={`${e.paymentId}-${e.status}`}>
                <td className="staff-nowrap">{formatColombianDateTime(e.seenAt)}</td>
                <td>{e.paymentId}</td>
                <td>
                  {paymentStatusLabel(e.status)}
                  {e.statusDetail ? <span className="staff-muted"> ({e.statusDetail})</span> : null}
                </td>
                <td>{money(e.amount, e.currency)}</td>
                <td>{paymentSources[e.source] ?? e.source}</td>
                <td>{e.applied ? t.applied : t.notApplied}</td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="staff-empty">{t.historyEmpty}</p>
        )}
      </section>
      {discrepancies.length ? (
        <section aria-labelledby="registro-diferencias">
          <h2 id="registro-diferencias">{t.discrepanciesTitle}</h2>
          <StaffTable caption={t.discrepanciesCaption} columns={t.discrepancyColumns}>
            {discrepancies.map((d) => (
              <tr key={`${d.paymentId}-${d.kind}-${d.reportedStatus ?? ''}`}>
                <td className="staff-nowrap">{formatColombianDateTime(d.detectedAt)}</td>
                <td>{d.paymentId}</td>
                <td>{discrepancyKinds[d.kind] ?? d.kind}</td>
                <td>{money(d.expectedAmount, 'COP')}</td>
                <td>
                  {money(d.reportedAmount, d.reportedCurrency)}
                  {d.reportedStatus ? <span className="staff-muted"> ({paymentStatusLabel(d.reportedStatus)})</span> : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
    </>
  );
}

type Download = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; filename: string; n: number } | { kind: 'failed'; n: number };

/**
 * The CSV download of what the list shows (its filter, never its search: a name does not go in a URL). The server
 * records each export in the audit log; the line after it says so and where the file went.
 */
export function CsvExport({
  hint,
  filename,
  download,
}: {
  hint: string;
  filename: string;
  download: (token: string) => Promise<Blob | null>;
}) {
  const session = useStaffSession();
  const [file, setFile] = useState<Download>({ kind: 'idle' });
  const run = async () => {
    const n = file.kind === 'done' || file.kind === 'failed' ? file.n + 1 : 0;
    setFile({ kind: 'busy' });
    const token = await session.getIdToken();
    const blob = token ? await download(token) : null;
    if (!blob) return setFile({ kind: 'failed', n });
    saveFile(blob, filename);
    setFile({ kind: 'done', filename, n });
  };
  return (
    <section className="staff-export" aria-labelledby="registro-exportar">
      <h2 id="registro-exportar">{t.exportTitle}</h2>
      <p className="staff-screen__intro">{hint}</p>
      <button type="button" className="btn btn--ghost" onClick={() => void run()} disabled={file.kind === 'busy'}>
        {file.kind === 'busy' ? t.exporting : t.exportButton}
      </button>
      {file.kind === 'done' ? <Notice key={`ok-${file.n}`} className="staff-notice" text={t.exported(file.filename)} /> : null}
      {file.kind === 'failed' ? <Notice key={`error-${file.n}`} className="staff-notice" kind="error" text={t.exportFailed} /> : null}
    </section>
  );
}

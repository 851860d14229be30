import { useState } from 'react';
import { useOperationDownload } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { certificateKinds, type Certificate } from './schemas';
import { Notice, StaffTable } from 'shared/ui/staff/kit';
import { saveFile } from 'shared/ui/staff/csv-export';
import { certificateStaffOperations as ops } from './operations';

export const certificatePartsTexts = {
  columns: ['Número', 'Tipo', 'Donante', 'Valor', 'Expedido (Bogotá)', 'Estado', 'PDF'] as const,
  valid: 'Vigente',
  voided: (when: string) => `Anulado el ${when}`,
  issuedBy: (who: string) => `por ${who}`,
  donations: (n: number) => `${n} ${n === 1 ? 'donación' : 'donaciones'}`,
  download: 'Descargar',
  downloadLabel: (number: string) => `Descargar el certificado ${number} en PDF`,
  downloading: 'Descargando…',
  downloaded: (number: string) => `Descargamos el certificado ${number}.`,
  downloadFailed: 'No pudimos descargar el certificado. Intenta de nuevo.',
} as const;
const t = certificatePartsTexts;

/** Certificates in a table with their state in words and a PDF download for each valid one. */
export function CertificateTable({ caption, certificates }: { caption: string; certificates: Certificate[] }) {
  const download = useOperationDownload(ops.certificatePdf);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);

  const fetchPdf = async (number: string) => {
    setBusy(number);
    // Null when it is gone, offline, or the session ended (then nothing was sent).
    const blob = await download({ params: { number } });
    setBusy(null);
    if (!blob) return setNotice({ text: t.downloadFailed, kind: 'error', at: Date.now() });
    saveFile(blob, `certificado-donacion-${number}.pdf`);
    setNotice({ text: t.downloaded(number), kind: 'success', at: Date.now() });
  };

  return (
    <>
      {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} kind={notice.kind} /> : null}
      <StaffTable caption={caption} columns={t.columns}>
        {certificates.map((c) => (
          <tr key={c.number}>
            <th scope="row" className="staff-nowrap">
              {c.number}
            </th>
            <td>
              {certificateKinds[c.kind]}
              {c.kind === 'annual' ? <span className="staff-muted"> ({t.donations(c.donations)})</span> : null}
            </td>
            <td>
              {c.donorName}
              <br />
              <span className="staff-muted">{c.donorDocument}</span>
            </td>
            <td className="staff-nowrap">{formatCOP(c.amount)}</td>
            <td>
              {formatColombianDateTime(c.issuedAt)}
              <br />
              <span className="staff-muted">{t.issuedBy(c.issuedBy)}</span>
            </td>
            <td>{c.voidedAt ? t.voided(formatColombianDateTime(c.voidedAt)) : t.valid}</td>
            <td>
              {c.voidedAt ? (
                '—'
              ) : (
                <button
                  type="button"
                  className="btn btn--ghost"
                  aria-label={t.downloadLabel(c.number)}
                  disabled={busy !== null}
                  onClick={() => void fetchPdf(c.number)}
                >
                  {busy === c.number ? t.downloading : t.download}
                </button>
              )}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

import 'shared/ui/staff/screens.css';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'shared/navigation';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { certificateStaffOperations as ops } from './operations';
import { CertificateTable } from './certificate-parts';

export const staffCertificatesTexts = {
  title: 'Certificados de donación',
  intro:
    'Los certificados para que los donantes soliciten el descuento tributario (Estatuto Tributario art. 257). Cada donante recibe en el correo del comprobante un enlace personal al de su donación; aquí se expiden los anuales consolidados y se descargan todos. Un certificado de una donación reembolsada queda anulado.',
  year: 'Año de las donaciones',
  pendingData:
    'Faltan datos de la fundación para los certificados (NIT, ciudad, destinación o firmantes): Administración los completa en «Datos de la fundación» del panel. Mientras falten, los certificados salen marcados como ESPÉCIMEN fuera de producción y no se expiden en producción.',
  summary: (donations: number, without: number) =>
    `${donations} ${donations === 1 ? 'donación aprobada' : 'donaciones aprobadas'} en el año; ${without} ${without === 1 ? 'donante sin' : 'donantes sin'} certificado anual.`,
  batchTitle: 'Certificados anuales',
  batchHint: (year: number) =>
    `Expide el certificado anual de cada donante de ${year} que aún no lo tiene, con sus donaciones aprobadas del año. Los números son consecutivos y no se pueden deshacer.`,
  batchNotEnded: (year: number) => `El año ${year} aún no termina: los certificados anuales se expiden desde el 1 de enero siguiente.`,
  batch: (year: number) => `Expedir los certificados anuales de ${year}`,
  batchConfirmTitle: (year: number) => `¿Expedir los certificados anuales de ${year}?`,
  batchConfirmBody: (n: number) =>
    `Se expedirán ${n} ${n === 1 ? 'certificado' : 'certificados'} con número consecutivo. Queda registrado en la auditoría.`,
  batchConfirm: 'Sí, expedirlos',
  batchBusy: 'Expidiendo…',
  batchDone: (issued: number, existing: number, held: number) =>
    `Expedimos ${issued} ${issued === 1 ? 'certificado' : 'certificados'}${existing ? `; ${existing} ya existían` : ''}.${
      held
        ? ` ${held} ${held === 1 ? 'donante quedó' : 'donantes quedaron'} sin certificado anual: sus donaciones tienen nombres distintos con el mismo documento; revísalas en Donaciones.`
        : ''
    }`,
  cancel: 'Cancelar',
  listCaption: (year: number, n: number) => `Certificados de ${year} (${n}), del más reciente al más antiguo`,
  empty: (year: number) => `Aún no hay certificados de ${year}.`,
  loading: 'Cargando los certificados…',
  failed: 'No pudimos cargar los certificados.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  actionFailed: 'No pudimos expedir los certificados.',
} as const;
const t = staffCertificatesTexts;

/**
 * `giving/StaffCertificates` (`/equipo/certificados`): a year's certificates with their state and PDFs, how many donors
 * still lack the annual one, and the batch that issues them once the year is over (confirmed in a dialog).
 */
export default function StaffCertificates() {
  const list = useOperationCall(ops.certificates);
  const batch = useOperationCall(ops.issueCertificateBatch);
  const currentYear = Number(colombianDate(new Date()).slice(0, 4));
  const years = Array.from({ length: 6 }, (_, i) => currentYear - i);
  // A link may name the year (`?anio=2026`, from "Hoy"); otherwise last year's, the one whose certificates are due.
  const asked = Number(useSearchParams().get('anio'));
  const [year, setYear] = useState(years.includes(asked) ? asked : currentYear - 1);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list({ query: { anio: String(year) } }) }), [list, year]),
    t,
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);

  const runBatch = async () => {
    setBusy(true);
    const result = await batch({ body: { anio: year } });
    setBusy(false);
    if (isSessionEnded(result)) return setDialogError(t.sessionEnded);
    if (result.kind !== 'ok') return setDialogError(messageOf(result, t.network, t.actionFailed));
    setConfirming(false);
    setDialogError(null);
    setNotice({ text: t.batchDone(result.data.issued, result.data.existing, result.data.held), at: Date.now() });
    await resource.reload();
  };

  const data = resource.data;
  const ended = year < currentYear;
  return (
    <section className="staff-screen" aria-labelledby="certificados-titulo">
      <header>
        <h1 id="certificados-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>
      <div className="field">
        <label htmlFor="certificados-anio">{t.year}</label>
        <select id="certificados-anio" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} /> : null}
      <ResourceState resource={resource} loading={t.loading} />
      {data ? (
        <>
          {data.dataComplete ? null : (
            <p className="alert alert--error" role="note">
              {t.pendingData}
            </p>
          )}
          <p>{t.summary(data.approvedDonations, data.donorsWithoutAnnual)}</p>
          <section aria-labelledby="certificados-lote" className="staff-actions">
            <h2 id="certificados-lote">{t.batchTitle}</h2>
            <p className="staff-muted">{ended ? t.batchHint(year) : t.batchNotEnded(year)}</p>
            {ended && data.donorsWithoutAnnual > 0 ? (
              <button type="button" className="btn" onClick={() => setConfirming(true)}>
                {t.batch(year)}
              </button>
            ) : null}
          </section>
          {data.certificates.length ? (
            <CertificateTable caption={t.listCaption(year, data.certificates.length)} certificates={data.certificates} />
          ) : (
            <p className="staff-empty">{t.empty(year)}</p>
          )}
          {confirming ? (
            <ConfirmDialog
              title={t.batchConfirmTitle(year)}
              confirmLabel={t.batchConfirm}
              busyLabel={t.batchBusy}
              cancelLabel={t.cancel}
              busy={busy}
              error={dialogError}
              onConfirm={() => void runBatch()}
              onCancel={() => {
                setConfirming(false);
                setDialogError(null);
              }}
            >
              <p>{t.batchConfirmBody(data.donorsWithoutAnnual)}</p>
            </ConfirmDialog>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

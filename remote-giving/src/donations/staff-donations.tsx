import 'shared/ui/staff/screens.css';
import { useCallback, useMemo } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime, formatMonth } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { DonationExportQueryInput, DonationListRequest, DonationListResponse } from './schemas';
import { paymentStatuses, paymentStatusLabel, type PaymentStatus } from 'shared/payments/ledger';
import { AppLink } from 'shared/navigation';
import { staffPath } from 'shared/staff-routes';
import { StaffTable } from 'shared/ui/staff/kit';
import { useStaffResource } from 'shared/ui/staff/resource';
import { Ledger, ledgerListTexts, optionsOf, type FilterField, type LedgerColumn } from 'shared/ui/staff/ledger';
import { donationStaffOperations as ops } from './operations';

export const staffDonationsTexts = {
  title: 'Donaciones',
  intro:
    'Las donaciones recibidas, con los totales aprobados por mes y por año (hora de Bogotá). Los totales cuentan solo pagos aprobados: un reembolso o un contracargo los descuenta.',
  totalsTitle: 'Totales aprobados',
  totalsRange: (from: string, to: string) =>
    from || to ? `Entre ${from || 'el inicio'} y ${to || 'hoy'}, según los filtros aplicados.` : 'Desde la primera donación.',
  yearsTitle: 'Por año',
  yearLabel: (year: string) => `Año ${year}`,
  donationsCount: (n: number) => `${n} ${n === 1 ? 'donación' : 'donaciones'}`,
  monthsCaption: 'Donaciones aprobadas por mes, del más reciente al más antiguo',
  monthColumns: ['Mes', 'Donaciones', 'Total'] as const,
  totalsEmpty: 'Aún no hay donaciones aprobadas en ese periodo.',
  totalsFailed: 'No pudimos cargar los totales.',
  filtersTitle: 'Filtrar donaciones',
  from: 'Desde',
  to: 'Hasta',
  loading: 'Cargando las donaciones…',
  failed: 'No pudimos cargar las donaciones.',
  more: 'Cargar más donaciones',
  loadedMore: (n: number) => `Se cargaron ${n} donaciones más.`,
  empty: 'Ninguna donación coincide con los filtros.',
  emptyAll: 'Aún no hay donaciones.',
  caption: (shown: number, total: number | null) =>
    total === null ? `Donaciones (${shown} mostradas)` : `Donaciones: ${shown} de ${total}, de la más reciente a la más antigua`,
  donor: 'Donante',
  exportHint:
    'El archivo tiene las donaciones del estado de pago y las fechas elegidas (la búsqueda no se aplica). Queda registrado en la auditoría.',
  monthly: 'Ver las donaciones mensuales (ingreso recurrente, cancelaciones)',
} as const;
const t = staffDonationsTexts;
const totalsTexts = { failed: t.totalsFailed, network: t.totalsFailed, sessionEnded: t.totalsFailed };

type Filters = {
  q: string;
  pago: PaymentStatus | '';
  desde: string;
  hasta: string;
};
const initialFilters: Filters = { q: '', pago: '', desde: '', hasta: '' };

const filters: readonly FilterField<Filters>[] = [
  {
    kind: 'select',
    key: 'pago',
    label: ledgerListTexts.payment,
    any: ledgerListTexts.anyPayment,
    options: () => optionsOf(paymentStatuses),
  },
  { kind: 'date', key: 'desde', label: t.from },
  { kind: 'date', key: 'hasta', label: t.to, min: (draft) => draft.desde },
];

const columns: readonly LedgerColumn<DonationListResponse['items'][number]>[] = [
  { header: 'Documento', cell: (item) => item.document, nowrap: true },
  { header: 'Valor', cell: (item) => formatCOP(item.amount), nowrap: true },
  { header: 'Pago', cell: (item) => paymentStatusLabel(item.paymentStatus) },
  { header: 'Fecha (Bogotá)', cell: (item) => formatColombianDateTime(item.createdAt), nowrap: true },
  { header: 'Aprobada (Bogotá)', cell: (item) => (item.approvedAt ? formatColombianDateTime(item.approvedAt) : '—'), nowrap: true },
];

/** Approved totals per year (cards) and month (a table), for the applied date range. */
function DonationTotals({ desde, hasta }: { desde: string; hasta: string }) {
  const getTotals = useOperationCall(ops.donationTotals);
  const { state: totals } = useStaffResource(
    useMemo(
      () => ({ load: () => getTotals({ query: { ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) } }) }),
      [desde, getTotals, hasta],
    ),
    // The list below says more if the connection or the session is the trouble.
    totalsTexts,
  );

  return (
    <section aria-labelledby="donaciones-totales">
      <h2 id="donaciones-totales">{t.totalsTitle}</h2>
      <p className="staff-screen__intro">{t.totalsRange(desde, hasta)}</p>
      {totals.kind === 'loading' ? <p className="staff-muted">{t.loading}</p> : null}
      {totals.kind === 'failed' ? (
        <p className="alert alert--error" role="alert">
          {totals.message}
        </p>
      ) : null}
      {totals.kind === 'ready' && totals.data.years.length === 0 ? <p className="staff-empty">{t.totalsEmpty}</p> : null}
      {totals.kind === 'ready' && totals.data.years.length > 0 ? (
        <>
          <h3>{t.yearsTitle}</h3>
          <ul className="staff-totals">
            {totals.data.years.map((y) => (
              <li key={y.year}>
                {t.yearLabel(y.year)}
                <strong>{formatCOP(y.amount)}</strong>
                <span className="staff-muted">{t.donationsCount(y.count)}</span>
              </li>
            ))}
          </ul>
          <StaffTable caption={t.monthsCaption} columns={t.monthColumns}>
            {totals.data.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month)}</th>
                <td>{m.count}</td>
                <td className="staff-nowrap">{formatCOP(m.amount)}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}
    </section>
  );
}

/**
 * `giving/StaffDonations` (`/equipo/donaciones`): approved totals per month and year, then every donation newest first
 * with search, payment-status and date filters, keyset pages on request and the CSV download.
 */
export default function StaffDonations() {
  const list = useOperationCall(ops.donations);
  const session = useStaffSession();
  const download = useOperationDownload(ops.exportDonations);
  const page = useCallback((body: DonationListRequest) => list({ body }), [list]);
  const file = useCallback((query: DonationExportQueryInput) => download({ query }), [download]);
  return (
    <Ledger
      prefix="donaciones"
      texts={t}
      initial={initialFilters}
      filters={filters}
      page={page}
      file={holdsRoleFor(session, ops.exportDonations) ? file : null}
      filename={() => `donaciones-${colombianDate(new Date())}.csv`}
      summaryOf={(page) => page.total}
      totalOf={(total) => total}
      whoColumn={t.donor}
      columns={columns}
      hrefOf={(item) => staffPath('/equipo/donaciones/:reference', { reference: item.reference })}
      summary={(applied) => (
        <>
          <p>
            <AppLink to="/equipo/donaciones-mensuales">{t.monthly}</AppLink>
          </p>
          <DonationTotals desde={applied.desde} hasta={applied.hasta} />
        </>
      )}
    />
  );
}

import 'shared/ui/staff/screens.css';
import { useCallback, useEffect, useState } from 'react';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { DonationListRequest, DonationTotalsResponse } from 'shared/schemas/donations-staff-api';
import { paymentStatuses, paymentStatusLabel, type PaymentStatus } from 'shared/schemas/enrolments-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { LoadState, MoreRows, SearchField, StaffTable, useKeysetListing } from 'shared/ui/staff/kit';
import { CsvExport } from 'shared/ui/staff/ledger';
import { useExportStaffDonations } from '../../api/export-staff-donations';
import { useGetStaffDonationTotals } from '../../api/get-staff-donation-totals';
import { useListStaffDonations } from '../../api/list-staff-donations';

const monthNames = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

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
  monthName: (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} de ${month.slice(0, 4)}`,
  totalsEmpty: 'Aún no hay donaciones aprobadas en ese periodo.',
  totalsFailed: 'No pudimos cargar los totales.',
  filtersTitle: 'Filtrar donaciones',
  search: 'Buscar por nombre, documento, correo o referencia',
  searchHint: 'No importan las tildes ni las mayúsculas; el documento con o sin puntos.',
  payment: 'Estado del pago',
  anyPayment: 'Todos los pagos',
  from: 'Desde',
  to: 'Hasta',
  apply: 'Aplicar filtros',
  clear: 'Limpiar',
  loading: 'Cargando las donaciones…',
  failed: 'No pudimos cargar las donaciones.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  more: 'Cargar más donaciones',
  loadingMore: 'Cargando…',
  loadedMore: (n: number) => `Se cargaron ${n} donaciones más.`,
  empty: 'Ninguna donación coincide con los filtros.',
  emptyAll: 'Aún no hay donaciones.',
  caption: (shown: number, total: number | null) =>
    total === null ? `Donaciones (${shown} mostradas)` : `Donaciones: ${shown} de ${total}, de la más reciente a la más antigua`,
  columns: ['Donante', 'Documento', 'Valor', 'Pago', 'Fecha (Bogotá)', 'Aprobada (Bogotá)'] as const,
  exportHint:
    'El archivo tiene las donaciones del estado de pago y las fechas elegidas (la búsqueda no se aplica). Queda registrado en la auditoría.',
} as const;
const t = staffDonationsTexts;

interface Filters {
  q: string;
  pago: PaymentStatus | '';
  desde: string;
  hasta: string;
}
const initialFilters: Filters = { q: '', pago: '', desde: '', hasta: '' };
const isInitial = (f: Filters) => !f.q.trim() && !f.pago && !f.desde && !f.hasta;

const exportQueryOf = (f: Filters) => ({
  ...(f.pago ? { pago: f.pago } : {}),
  ...(f.desde ? { desde: f.desde } : {}),
  ...(f.hasta ? { hasta: f.hasta } : {}),
});
const bodyOf = (f: Filters, cursor?: string): DonationListRequest => ({
  ...exportQueryOf(f),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(cursor ? { cursor } : {}),
});

type Totals = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: DonationTotalsResponse };

/** Approved totals per year (cards) and month (a table), for the applied date range. */
function DonationTotals({ desde, hasta }: { desde: string; hasta: string }) {
  const session = useStaffSession();
  const getTotals = useGetStaffDonationTotals();
  const [totals, setTotals] = useState<Totals>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      setTotals({ kind: 'loading' });
      const token = await session.getIdToken();
      const result = token ? await getTotals({ ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) }, token) : null;
      if (!live) return;
      if (result?.kind === 'ok') setTotals({ kind: 'ready', data: result.data });
      else setTotals({ kind: 'failed', message: result?.kind === 'error' && result.message ? result.message : t.totalsFailed });
    })();
    return () => {
      live = false;
    };
  }, [desde, getTotals, hasta, session]);

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
                <th scope="row">{t.monthName(m.month)}</th>
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
  const list = useListStaffDonations();
  const download = useExportStaffDonations();
  const fetchPage = useCallback(
    (filters: Filters, cursor: string | undefined, token: string) => list(bodyOf(filters, cursor), token),
    [list],
  );
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: initialFilters,
    fetchPage,
    metaOf: (page, previous: number | null | undefined) => (previous === undefined ? page.total : previous),
    texts: t,
  });

  return (
    <section className="staff-screen" aria-labelledby="donaciones-titulo">
      <header>
        <h1 id="donaciones-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      <DonationTotals desde={applied.desde} hasta={applied.hasta} />

      <form role="search" className="staff-filters" aria-labelledby="donaciones-filtros" onSubmit={onSubmit}>
        <h2 id="donaciones-filtros">{t.filtersTitle}</h2>
        <SearchField id="donaciones-q" label={t.search} hint={t.searchHint} value={draft.q} onChange={(q) => setDraft({ ...draft, q })} />
        <div className="field">
          <label htmlFor="donaciones-pago">{t.payment}</label>
          <select
            id="donaciones-pago"
            value={draft.pago}
            onChange={(e) => setDraft({ ...draft, pago: e.target.value as PaymentStatus | '' })}
          >
            <option value="">{t.anyPayment}</option>
            {(Object.keys(paymentStatuses) as PaymentStatus[]).map((s) => (
              <option key={s} value={s}>
                {paymentStatuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="donaciones-desde">{t.from}</label>
          <input id="donaciones-desde" type="date" value={draft.desde} onChange={(e) => setDraft({ ...draft, desde: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="donaciones-hasta">{t.to}</label>
          <input
            id="donaciones-hasta"
            type="date"
            min={draft.desde || undefined}
            value={draft.hasta}
            onChange={(e) => setDraft({ ...draft, hasta: e.target.value })}
          />
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="btn">
            {t.apply}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => apply({ ...initialFilters })}>
            {t.clear}
          </button>
        </div>
      </form>

      <CsvExport
        hint={t.exportHint}
        filename={`donaciones-${colombianDate(new Date())}.csv`}
        download={(token) => download(exportQueryOf(applied), token)}
      />

      <LoadState state={listing} loading={t.loading} retry={t.retry} onRetry={reload} />
      {listing.kind === 'ready' && listing.items.length === 0 ? (
        <p role="status" className="staff-empty">
          {isInitial(applied) ? t.emptyAll : t.empty}
        </p>
      ) : null}
      {listing.kind === 'ready' && listing.items.length > 0 ? (
        <>
          <StaffTable caption={t.caption(listing.items.length, listing.meta ?? null)} columns={t.columns}>
            {listing.items.map((item, i) => (
              <tr key={item.reference}>
                <th scope="row">
                  <a
                    ref={i === firstNewIndex ? firstNew : undefined}
                    href={staffPath('/equipo/donaciones/:reference', { reference: item.reference })}
                  >
                    {item.name}
                  </a>
                  <br />
                  <span className="staff-muted">{item.email}</span>
                </th>
                <td className="staff-nowrap">{item.document}</td>
                <td className="staff-nowrap">{formatCOP(item.amount)}</td>
                <td>{paymentStatusLabel(item.paymentStatus)}</td>
                <td className="staff-nowrap">{formatColombianDateTime(item.createdAt)}</td>
                <td className="staff-nowrap">{item.approvedAt ? formatColombianDateTime(item.approvedAt) : '—'}</td>
              </tr>
            ))}
          </StaffTable>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

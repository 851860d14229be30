import 'shared/ui/staff/screens.css';
import { useCallback, useMemo } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate, formatMonth } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { staffPath } from 'shared/staff-routes';
import { StaffTable } from 'shared/ui/staff/kit';
import { Ledger, optionsOf, type FilterField, type LedgerColumn } from 'shared/ui/staff/ledger';
import { useStaffResource } from 'shared/ui/staff/resource';
import { monthlyStaffOperations as ops } from './staff-operations';
import {
  monthlyStateLabel,
  monthlyStates,
  type MonthlyExportQueryInput,
  type MonthlyListRequest,
  type MonthlyListResponse,
  type MonthlyState,
} from './staff-schemas';

export const staffMonthlyGiftsTexts = {
  title: 'Donaciones mensuales',
  intro:
    'Las donaciones mensuales con tarjeta: las activas, las que tienen un cobro rechazado (Mercado Pago lo reintenta), las pausadas, las canceladas y las que el donante nunca autorizó. Cada cobro aprobado es además una donación del libro de donaciones.',
  oneTime: 'Ver las donaciones (cada cobro mensual es una)',
  metricsTitle: 'Ingreso mensual recurrente y cancelaciones',
  metricsHelp:
    'Ingreso mensual recurrente: la suma de los valores mensuales actuales de las donaciones activas al cierre de cada mes (hora de Bogotá). Una donación cuenta desde que el donante la autorizó y hasta que se pausa o se cancela; la que tiene un cobro rechazado sigue contando mientras Mercado Pago lo reintenta. Una pausa anterior ya reanudada no se descuenta. Tasa de cancelación: las donaciones autorizadas canceladas en el mes (por el donante, por el equipo o por Mercado Pago) sobre las activas al empezar el mes.',
  metricsCaption: 'Donaciones mensuales por mes (hora de Bogotá), del más reciente al más antiguo',
  metricsColumns: ['Mes', 'Ingreso mensual recurrente', 'Activas al cierre', 'Nuevas', 'Canceladas', 'Tasa de cancelación'] as const,
  metricsFailed: 'No pudimos cargar las cifras por mes.',
  metricsLoading: 'Cargando las cifras por mes…',
  noChurn: '—',
  churn: (value: number) => `${value.toLocaleString('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`,
  filtersTitle: 'Filtrar donaciones mensuales',
  state: 'Estado',
  anyState: 'Todos los estados',
  loading: 'Cargando las donaciones mensuales…',
  failed: 'No pudimos cargar las donaciones mensuales.',
  more: 'Cargar más donaciones mensuales',
  loadedMore: (n: number) => `Se cargaron ${n} donaciones mensuales más.`,
  empty: 'Ninguna donación mensual coincide con los filtros.',
  emptyAll: 'Aún no hay donaciones mensuales.',
  caption: (shown: number, total: number | null) =>
    total === null
      ? `Donaciones mensuales (${shown} mostradas)`
      : `Donaciones mensuales: ${shown} de ${total}, de la más reciente a la más antigua`,
  donor: 'Donante',
  exportHint: 'El archivo tiene las donaciones mensuales del estado elegido (la búsqueda no se aplica). Queda registrado en la auditoría.',
} as const;
const t = staffMonthlyGiftsTexts;
const metricsTexts = { failed: t.metricsFailed, network: t.metricsFailed, sessionEnded: t.metricsFailed };

type Filters = { q: string; estado: MonthlyState | '' };
const initialFilters: Filters = { q: '', estado: '' };

const filters: readonly FilterField<Filters>[] = [
  { kind: 'select', key: 'estado', label: t.state, any: t.anyState, options: () => optionsOf(monthlyStates) },
];

/** A provider's instant as the Bogotá calendar day it falls on. */
export const bogotaDay = (iso: string | null) => (iso ? formatLongDate(colombianDate(new Date(iso))) : '—');

const columns: readonly LedgerColumn<MonthlyListResponse['items'][number]>[] = [
  { header: 'Documento', cell: (item) => item.document, nowrap: true },
  { header: 'Valor mensual', cell: (item) => formatCOP(item.amount), nowrap: true },
  { header: 'Estado', cell: (item) => monthlyStateLabel(item.state) },
  { header: 'Próximo cobro', cell: (item) => bogotaDay(item.nextPaymentDate), nowrap: true },
  { header: 'Cobros', cell: (item) => item.charges },
  { header: 'Total aprobado', cell: (item) => formatCOP(item.approvedTotal), nowrap: true },
];

/** The last 12 Bogotá months' recurring revenue, active, new and cancelled gifts and churn, with what they mean. */
function MonthlyMetrics() {
  const getMetrics = useOperationCall(ops.monthlyMetrics);
  const { state } = useStaffResource(
    useMemo(() => ({ load: () => getMetrics({ query: {} }) }), [getMetrics]),
    // The list below says more if the connection or the session is the trouble.
    metricsTexts,
  );
  return (
    <section aria-labelledby="mensuales-cifras">
      <h2 id="mensuales-cifras">{t.metricsTitle}</h2>
      <p className="staff-screen__intro" id="mensuales-cifras-ayuda">
        {t.metricsHelp}
      </p>
      {state.kind === 'loading' ? <p className="staff-muted">{t.metricsLoading}</p> : null}
      {state.kind === 'failed' ? (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        <StaffTable caption={t.metricsCaption} columns={t.metricsColumns}>
          {state.data.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td className="staff-nowrap">{formatCOP(m.mrr)}</td>
              <td>{m.active}</td>
              <td>{m.started}</td>
              <td>{m.cancelled}</td>
              <td className="staff-nowrap">{m.churn === null ? t.noChurn : t.churn(m.churn)}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}

/**
 * `giving/StaffMonthlyGifts` (`/equipo/donaciones-mensuales`): the monthly recurring revenue and churn of the last 12
 * months, then every monthly gift newest first with search, a state filter, keyset pages and the CSV download.
 */
export default function StaffMonthlyGifts() {
  const list = useOperationCall(ops.monthlyGifts);
  const session = useStaffSession();
  const download = useOperationDownload(ops.exportMonthlyGifts);
  const page = useCallback((body: MonthlyListRequest) => list({ body }), [list]);
  const file = useCallback((query: MonthlyExportQueryInput) => download({ query }), [download]);
  return (
    <Ledger
      prefix="mensuales"
      texts={t}
      initial={initialFilters}
      filters={filters}
      page={page}
      file={holdsRoleFor(session, ops.exportMonthlyGifts) ? file : null}
      filename={() => `donaciones-mensuales-${colombianDate(new Date())}.csv`}
      summaryOf={(page) => page.total}
      totalOf={(total) => total}
      whoColumn={t.donor}
      columns={columns}
      hrefOf={(item) => staffPath('/equipo/donaciones-mensuales/:reference', { reference: item.reference })}
      summary={() => (
        <>
          <p>
            <AppLink to="/equipo/donaciones">{t.oneTime}</AppLink>
          </p>
          <MonthlyMetrics />
        </>
      )}
    />
  );
}

import 'shared/ui/staff/screens.css';
import { useCallback, useMemo } from 'react';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import {
  enrolmentStatuses,
  enrolmentStatusLabel,
  type EnrolmentExportQueryInput,
  type EnrolmentListRequest,
  type EnrolmentListResponse,
  type EnrolmentOptionsResponse,
  type EnrolmentStatus,
} from './schemas';
import { paymentStatuses, paymentStatusLabel, type PaymentStatus } from 'shared/payments/ledger';
import { staffPath } from 'shared/staff-routes';
import { useStaffResource } from 'shared/ui/staff/resource';
import { Ledger, ledgerListTexts, optionsOf, type FilterField, type LedgerColumn } from 'shared/ui/staff/ledger';
import { enrolmentsStaffOperations as ops } from './operations';
import { manualEnrolmentOperations } from './manual-operations';
import { AppLink } from 'shared/navigation';
import { revenueStaffOperations } from './revenue-operations';
import { StaffRevenue } from './staff-revenue';

export const staffEnrolmentsTexts = {
  title: 'Inscripciones',
  manual: 'Nueva inscripción manual (beca o pago fuera del sitio)',
  intro:
    'Quién se inscribió a qué curso, módulo y cohorte, y en qué va su pago. Abre una inscripción para ver la historia del pago, marcarla como completada o reenviar el comprobante.',
  filtersTitle: 'Filtrar inscripciones',
  course: 'Curso',
  anyCourse: 'Todos los cursos',
  module: 'Módulo',
  anyModule: 'Todos los módulos',
  cohort: 'Cohorte',
  anyCohort: 'Todas las cohortes',
  status: 'Estado de la inscripción',
  anyStatus: 'Todos los estados',
  countsTitle: 'Inscripciones por estado',
  countLabel: (n: number, status: string) => `${n} ${status}`,
  loading: 'Cargando las inscripciones…',
  failed: 'No pudimos cargar las inscripciones.',
  more: 'Cargar más inscripciones',
  loadedMore: (n: number) => `Se cargaron ${n} inscripciones más.`,
  empty: 'Ninguna inscripción coincide con los filtros.',
  emptyAll: 'Aún no hay inscripciones.',
  caption: (shown: number, total: number | null) =>
    total === null ? `Inscripciones (${shown} mostradas)` : `Inscripciones: ${shown} de ${total}, de la más reciente a la más antigua`,
  student: 'Estudiante',
  exportHint:
    'El archivo tiene las inscripciones del curso, módulo, cohorte y estados elegidos (la búsqueda no se aplica). Queda registrado en la auditoría.',
  noCohort: 'Sin cohorte',
} as const;
const t = staffEnrolmentsTexts;

type Filters = {
  q: string;
  curso: string;
  modulo: string;
  cohorte: string;
  estado: EnrolmentStatus | '';
  pago: PaymentStatus | '';
};
const initialFilters: Filters = { q: '', curso: '', modulo: '', cohorte: '', estado: '', pago: '' };

type Counts = NonNullable<EnrolmentListResponse['counts']>;
type Item = EnrolmentListResponse['items'][number];

const columns: readonly LedgerColumn<Item>[] = [
  { header: 'Documento', cell: (item) => item.document, nowrap: true },
  {
    header: 'Curso y módulo',
    cell: (item) => (
      <>
        {item.courseTitle}
        <br />
        <span className="staff-muted">{item.module}</span>
      </>
    ),
  },
  { header: 'Inicio', cell: (item) => (item.cohortStart ? formatLongDate(item.cohortStart) : t.noCohort), nowrap: true },
  { header: 'Valor', cell: (item) => formatCOP(item.price), nowrap: true },
  { header: 'Inscripción', cell: (item) => enrolmentStatusLabel(item.enrolmentStatus) },
  // An enrolment the team entered shows its origin (#31: "Beca: …", "Pago externo: …") instead of a payment.
  { header: 'Pago', cell: (item) => item.origin ?? paymentStatusLabel(item.paymentStatus) },
  { header: 'Fecha (Bogotá)', cell: (item) => formatColombianDateTime(item.createdAt), nowrap: true },
];

/** The course, module, cohort and status filters; the first three offer what the options call found (else only 'Todos'). */
function filtersOf(options: EnrolmentOptionsResponse | null): FilterField<Filters>[] {
  const courseOf = (draft: Filters) => options?.courses.find((c) => c.slug === draft.curso);
  return [
    {
      kind: 'select',
      key: 'curso',
      label: t.course,
      any: t.anyCourse,
      options: () => options?.courses.map((c) => ({ value: c.slug, label: c.title })) ?? [],
      // Another course has other modules and cohorts.
      resets: ['modulo', 'cohorte'],
    },
    {
      kind: 'select',
      key: 'modulo',
      label: t.module,
      any: t.anyModule,
      options: (draft) => courseOf(draft)?.modules.map((m) => ({ value: m, label: m })) ?? [],
      disabled: (draft) => !courseOf(draft),
    },
    {
      kind: 'select',
      key: 'cohorte',
      label: t.cohort,
      any: t.anyCohort,
      options: (draft) =>
        (options?.cohorts.filter((c) => !draft.curso || c.course === draft.curso) ?? []).map((c) => ({
          value: String(c.id),
          label: draft.curso ? c.label : `${options?.courses.find((x) => x.slug === c.course)?.title ?? c.course} · ${c.label}`,
        })),
    },
    { kind: 'select', key: 'estado', label: t.status, any: t.anyStatus, options: () => optionsOf(enrolmentStatuses) },
    {
      kind: 'select',
      key: 'pago',
      label: ledgerListTexts.payment,
      any: ledgerListTexts.anyPayment,
      options: () => optionsOf(paymentStatuses),
    },
  ];
}

/** The counts per enrolment status, as buttons that filter by it. */
function StatusCounts({ counts, applied, apply }: { counts: Counts; applied: Filters; apply: (filters: Filters) => void }) {
  return (
    <section aria-labelledby="inscripciones-resumen" className="staff-chips">
      <h2 id="inscripciones-resumen" className="visually-hidden">
        {t.countsTitle}
      </h2>
      <ul>
        {(Object.keys(enrolmentStatuses) as EnrolmentStatus[]).map((status) => (
          <li key={status}>
            <button
              type="button"
              className="staff-chip"
              aria-pressed={applied.estado === status}
              onClick={() => apply({ ...applied, estado: applied.estado === status ? '' : status })}
            >
              {t.countLabel(counts.byStatus[status] ?? 0, enrolmentStatuses[status])}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `courses/StaffEnrolments` (`/equipo/inscripciones`): every enrolment newest first, with counts per status (buttons
 * that filter), search, filters by course, module, cohort and statuses, keyset pages on request and the CSV download.
 */
export default function StaffEnrolments() {
  const list = useOperationCall(ops.enrolments);
  const getOptions = useOperationCall(ops.enrolmentOptions);
  const session = useStaffSession();
  const download = useOperationDownload(ops.exportEnrolments);
  const page = useCallback((body: EnrolmentListRequest) => list({ body }), [list]);
  const file = useCallback((query: EnrolmentExportQueryInput) => download({ query }), [download]);
  // Without them the course, module and cohort filters offer only 'Todos'; the list still works (and says what failed).
  const { data: options } = useStaffResource(
    useMemo(() => ({ load: () => getOptions() }), [getOptions]),
    t,
  );

  const ledger = (
    <Ledger
      prefix="inscripciones"
      texts={t}
      initial={initialFilters}
      filters={filtersOf(options)}
      filtersTitleHidden
      page={page}
      file={holdsRoleFor(session, ops.exportEnrolments) ? file : null}
      filename={() => `inscripciones-${colombianDate(new Date())}.csv`}
      // Counted with the first page; later pages keep them.
      summaryOf={(page) => page.counts}
      totalOf={(counts) => counts?.total ?? null}
      whoColumn={t.student}
      columns={columns}
      hrefOf={(item) => staffPath('/equipo/inscripciones/:reference', { reference: item.reference })}
      summary={(applied, apply, counts) => (
        <>
          {/* Cursos enrols a scholarship or an outside payment by hand (#31). */}
          {holdsRoleFor(session, manualEnrolmentOperations.createManualEnrolment) ? (
            <p>
              <AppLink className="btn" to="/equipo/inscripciones/nueva">
                {t.manual}
              </AppLink>
            </p>
          ) : null}
          {counts ? <StatusCounts counts={counts} applied={applied} apply={apply} /> : null}
        </>
      )}
    />
  );
  // Course revenue per month (#31): for whoever holds its role (Finanzas), below the ledger.
  return holdsRoleFor(session, revenueStaffOperations.courseRevenue) ? (
    <div className="staff-screen">
      {ledger}
      <StaffRevenue />
    </div>
  ) : (
    ledger
  );
}

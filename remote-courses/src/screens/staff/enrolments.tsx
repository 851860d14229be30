import 'shared/ui/staff/screens.css';
import { useCallback, useEffect, useState } from 'react';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import {
  enrolmentStatuses,
  enrolmentStatusLabel,
  paymentStatuses,
  paymentStatusLabel,
  type EnrolmentListRequest,
  type EnrolmentListResponse,
  type EnrolmentOptionsResponse,
  type EnrolmentStatus,
  type PaymentStatus,
} from 'shared/schemas/enrolments-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { LoadState, MoreRows, SearchField, StaffTable, useKeysetListing } from 'shared/ui/staff/kit';
import { CsvExport } from 'shared/ui/staff/ledger';
import { useExportStaffEnrolments } from '../../api/export-staff-enrolments';
import { useGetStaffEnrolmentOptions } from '../../api/get-staff-enrolment-options';
import { useListStaffEnrolments } from '../../api/list-staff-enrolments';

export const staffEnrolmentsTexts = {
  title: 'Inscripciones',
  intro:
    'Quién se inscribió a qué curso, módulo y cohorte, y en qué va su pago. Abre una inscripción para ver la historia del pago, marcarla como completada o reenviar el comprobante.',
  filtersTitle: 'Filtrar inscripciones',
  search: 'Buscar por nombre, documento, correo o referencia',
  searchHint: 'No importan las tildes ni las mayúsculas; el documento con o sin puntos.',
  course: 'Curso',
  anyCourse: 'Todos los cursos',
  module: 'Módulo',
  anyModule: 'Todos los módulos',
  cohort: 'Cohorte',
  anyCohort: 'Todas las cohortes',
  status: 'Estado de la inscripción',
  anyStatus: 'Todos los estados',
  payment: 'Estado del pago',
  anyPayment: 'Todos los pagos',
  apply: 'Aplicar filtros',
  clear: 'Limpiar',
  countsTitle: 'Inscripciones por estado',
  countLabel: (n: number, status: string) => `${n} ${status}`,
  loading: 'Cargando las inscripciones…',
  failed: 'No pudimos cargar las inscripciones.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  more: 'Cargar más inscripciones',
  loadingMore: 'Cargando…',
  loadedMore: (n: number) => `Se cargaron ${n} inscripciones más.`,
  empty: 'Ninguna inscripción coincide con los filtros.',
  emptyAll: 'Aún no hay inscripciones.',
  caption: (shown: number, total: number | null) =>
    total === null ? `Inscripciones (${shown} mostradas)` : `Inscripciones: ${shown} de ${total}, de la más reciente a la más antigua`,
  columns: ['Estudiante', 'Documento', 'Curso y módulo', 'Inicio', 'Valor', 'Inscripción', 'Pago', 'Fecha (Bogotá)'] as const,
  exportHint:
    'El archivo tiene las inscripciones del curso, módulo, cohorte y estados elegidos (la búsqueda no se aplica). Queda registrado en la auditoría.',
  noCohort: 'Sin cohorte',
} as const;
const t = staffEnrolmentsTexts;

interface Filters {
  q: string;
  curso: string;
  modulo: string;
  cohorte: string;
  estado: EnrolmentStatus | '';
  pago: PaymentStatus | '';
}
const initialFilters: Filters = { q: '', curso: '', modulo: '', cohorte: '', estado: '', pago: '' };
const isInitial = (f: Filters) => !f.q.trim() && !f.curso && !f.modulo && !f.cohorte && !f.estado && !f.pago;

/** The export's query: the filter without the search. */
const exportQueryOf = (f: Filters) => ({
  ...(f.curso ? { curso: f.curso } : {}),
  ...(f.modulo ? { modulo: f.modulo } : {}),
  ...(f.cohorte ? { cohorte: f.cohorte } : {}),
  ...(f.estado ? { estado: f.estado } : {}),
  ...(f.pago ? { pago: f.pago } : {}),
});
const bodyOf = (f: Filters, cursor?: string): EnrolmentListRequest => ({
  ...exportQueryOf(f),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(cursor ? { cursor } : {}),
});

type Counts = EnrolmentListResponse['counts'];

/**
 * `courses/StaffEnrolments` (`/equipo/inscripciones`): every enrolment newest first, with counts per status (buttons
 * that filter), search, filters by course, module, cohort and statuses, keyset pages on request and the CSV download.
 */
export default function StaffEnrolments() {
  const session = useStaffSession();
  const list = useListStaffEnrolments();
  const getOptions = useGetStaffEnrolmentOptions();
  const download = useExportStaffEnrolments();
  const [options, setOptions] = useState<EnrolmentOptionsResponse | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const token = await session.getIdToken();
      const result = token ? await getOptions(token) : null;
      // Without them the course, module and cohort filters offer only 'Todos'; the list still works.
      if (live && result?.kind === 'ok') setOptions(result.data);
    })();
    return () => {
      live = false;
    };
  }, [getOptions, session]);

  const fetchPage = useCallback(
    (filters: Filters, cursor: string | undefined, token: string) => list(bodyOf(filters, cursor), token),
    [list],
  );
  const { draft, setDraft, applied, apply, onSubmit, listing, reload, loadMore, firstNew, firstNewIndex } = useKeysetListing({
    initial: initialFilters,
    fetchPage,
    // Counted with the first page; later pages keep them.
    metaOf: (page, previous: Counts | undefined) => (previous === undefined ? page.counts : previous),
    texts: t,
  });

  const course = options?.courses.find((c) => c.slug === draft.curso);
  const cohorts = options?.cohorts.filter((c) => !draft.curso || c.course === draft.curso) ?? [];
  const counts = listing.kind === 'ready' ? listing.meta : null;

  return (
    <section className="staff-screen" aria-labelledby="inscripciones-titulo">
      <header>
        <h1 id="inscripciones-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>

      {counts ? (
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
      ) : null}

      <form role="search" className="staff-filters" aria-labelledby="inscripciones-filtros" onSubmit={onSubmit}>
        <h2 id="inscripciones-filtros" className="visually-hidden">
          {t.filtersTitle}
        </h2>
        <SearchField
          id="inscripciones-q"
          label={t.search}
          hint={t.searchHint}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <div className="field">
          <label htmlFor="inscripciones-curso">{t.course}</label>
          <select
            id="inscripciones-curso"
            value={draft.curso}
            // Another course has other modules and cohorts.
            onChange={(e) => setDraft({ ...draft, curso: e.target.value, modulo: '', cohorte: '' })}
          >
            <option value="">{t.anyCourse}</option>
            {options?.courses.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inscripciones-modulo">{t.module}</label>
          <select
            id="inscripciones-modulo"
            value={draft.modulo}
            onChange={(e) => setDraft({ ...draft, modulo: e.target.value })}
            disabled={!course}
          >
            <option value="">{t.anyModule}</option>
            {course?.modules.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inscripciones-cohorte">{t.cohort}</label>
          <select id="inscripciones-cohorte" value={draft.cohorte} onChange={(e) => setDraft({ ...draft, cohorte: e.target.value })}>
            <option value="">{t.anyCohort}</option>
            {cohorts.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {draft.curso ? c.label : `${options?.courses.find((x) => x.slug === c.course)?.title ?? c.course} · ${c.label}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inscripciones-estado">{t.status}</label>
          <select
            id="inscripciones-estado"
            value={draft.estado}
            onChange={(e) => setDraft({ ...draft, estado: e.target.value as EnrolmentStatus | '' })}
          >
            <option value="">{t.anyStatus}</option>
            {(Object.keys(enrolmentStatuses) as EnrolmentStatus[]).map((s) => (
              <option key={s} value={s}>
                {enrolmentStatuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inscripciones-pago">{t.payment}</label>
          <select
            id="inscripciones-pago"
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
        filename={`inscripciones-${colombianDate(new Date())}.csv`}
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
          <StaffTable caption={t.caption(listing.items.length, listing.meta?.total ?? null)} columns={t.columns}>
            {listing.items.map((item, i) => (
              <tr key={item.reference}>
                <th scope="row">
                  <a
                    ref={i === firstNewIndex ? firstNew : undefined}
                    href={staffPath('/equipo/inscripciones/:reference', { reference: item.reference })}
                  >
                    {item.name}
                  </a>
                  <br />
                  <span className="staff-muted">{item.email}</span>
                </th>
                <td className="staff-nowrap">{item.document}</td>
                <td>
                  {item.courseTitle}
                  <br />
                  <span className="staff-muted">{item.module}</span>
                </td>
                <td className="staff-nowrap">{item.cohortStart ? formatLongDate(item.cohortStart) : t.noCohort}</td>
                <td className="staff-nowrap">{formatCOP(item.price)}</td>
                <td>{enrolmentStatusLabel(item.enrolmentStatus)}</td>
                <td>{paymentStatusLabel(item.paymentStatus)}</td>
                <td className="staff-nowrap">{formatColombianDateTime(item.createdAt)}</td>
              </tr>
            ))}
          </StaffTable>
          <MoreRows listing={listing} texts={t} onMore={() => void loadMore()} />
        </>
      ) : null}
    </section>
  );
}

import { useId, useMemo, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { AppLink } from 'shared/navigation';
import { staffPath } from 'shared/staff-routes';
import { useFocusOnMount } from 'shared/ui/submission-form';
import { messageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { resourceTexts, ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { enrolmentsStaffOperations } from '../enrolments/operations';
import { moduleOperations as ops } from './operations';
import type { CohortProgress, ProgressRow } from './schemas';

export const progressTexts = {
  open: 'Avance por módulo',
  openLabel: (date: string) => `Avance por módulo de la cohorte del ${date}`,
  title: (course: string, date: string) => `Avance por módulo: ${course}, cohorte del ${date}`,
  intro:
    'Marca cada módulo que un estudiante completó: lo ve en Mis Cursos como «Completado». Cada cambio queda en la auditoría. Cuando completa todos sus módulos puedes marcar el curso como completado (desde la fecha de finalización), lo que expide su certificado.',
  loading: 'Cargando el avance…',
  failed: 'No pudimos cargar el avance de la cohorte.',
  actionFailed: 'No pudimos guardar el cambio.',
  caption: (course: string) => `Módulos completados por estudiante: ${course}`,
  student: 'Estudiante',
  course: 'Curso',
  empty: 'Esta cohorte aún no tiene estudiantes inscritos con el pago aprobado.',
  notIncluded: 'No incluido',
  checkbox: (module: string, student: string) => `${module}: completado por ${student}`,
  saved: (module: string, student: string, done: boolean) =>
    done ? `${module} registrado como completado por ${student}.` : `${module} ya no figura como completado por ${student}.`,
  courseCompleted: 'Curso completado',
  undoHint: 'Para deshacerlo (con motivo), abre la inscripción.',
  openEnrolment: 'Ver la inscripción',
  openEnrolmentLabel: (student: string) => `Ver la inscripción de ${student}`,
  inProgress: 'En curso',
  completeCourse: 'Marcar el curso como completado',
  completeCourseLabel: (student: string) => `Marcar el curso de ${student} como completado y expedir su certificado`,
  completing: 'Marcando…',
  completed: (student: string) => `Curso de ${student} marcado como completado: su certificado está expedido.`,
  close: 'Cerrar',
} as const;
const t = progressTexts;

/**
 * Completion per module of one cohort (#31, Cursos), opened from /equipo/cursos: its students × the course's modules as
 * checkboxes (a module a student's enrolment does not include says so), each change saved and audited at once; a row
 * whose every module is done offers marking the course complete (the ledger's action: its end-date rule, its
 * certificate). Before the cohort starts the checkboxes are disabled and the screen says why.
 */
export function CohortModuleProgress({ cohortId, onClose }: { cohortId: number; onClose: () => void }) {
  const read = useOperationCall(ops.cohortProgress);
  const save = useOperationCall(ops.setModuleCompletion);
  const complete = useOperationCall(enrolmentsStaffOperations.completeEnrolment);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => read({ params: { id: cohortId } }) }), [read, cohortId]),
    t,
  );
  const headingId = useId();
  // Opened from a button further down: the keyboard comes here.
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [busy, setBusy] = useState<string | null>(null);
  // A checkbox shows its new state at once while it is saved; a refusal puts it back.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  // Checkbox changes are said politely without moving the keyboard; an action's result takes the focus (Notice).
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);
  const data = resource.data;
  const failedText = (result: Parameters<typeof messageOf>[0]) =>
    isSessionEnded(result) ? resourceTexts.sessionEnded : messageOf(result, resourceTexts.network, t.actionFailed);

  const toggle = async (row: ProgressRow, module: { number: number; name: string }, completed: boolean) => {
    const key = `${row.reference}:${module.number}`;
    // One save at a time per checkbox (not disabled meanwhile: a disabled checkbox would drop the keyboard's focus).
    if (busy === key) return;
    setBusy(key);
    setNotice(null);
    setPending((p) => ({ ...p, [key]: completed }));
    const result = await save({ params: { id: cohortId }, body: { reference: row.reference, module: module.number, completed } });
    setBusy(null);
    setPending(({ [key]: _done, ...rest }) => rest);
    if (result.kind !== 'ok') return setNotice({ text: failedText(result), kind: 'error', at: Date.now() });
    resource.set(result.data);
    setStatus(t.saved(module.name, row.name, completed));
  };

  const completeCourse = async (row: ProgressRow) => {
    setBusy(row.reference);
    setNotice(null);
    const result = await complete({ params: { reference: row.reference } });
    setBusy(null);
    if (result.kind !== 'ok') return setNotice({ text: failedText(result), kind: 'error', at: Date.now() });
    setNotice({ text: t.completed(row.name), kind: 'success', at: Date.now() });
    void resource.refresh();
  };

  const courseCell = (row: ProgressRow, cohort: CohortProgress) => {
    const enrolment = (
      <AppLink to={staffPath('/equipo/inscripciones/:reference', { reference: row.reference })} aria-label={t.openEnrolmentLabel(row.name)}>
        {t.openEnrolment}
      </AppLink>
    );
    if (row.course_completed)
      return (
        <>
          <strong>{t.courseCompleted}</strong>
          <br />
          <span className="staff-muted">{t.undoHint}</span> {enrolment}
        </>
      );
    if (!row.all_modules_completed)
      return (
        <>
          {t.inProgress}
          <br />
          {enrolment}
        </>
      );
    if (cohort.completion_locked)
      return (
        <>
          <span className="staff-muted">{cohort.completion_locked}</span>
          <br />
          {enrolment}
        </>
      );
    return (
      <>
        <button
          type="button"
          className="btn"
          aria-label={t.completeCourseLabel(row.name)}
          disabled={busy === row.reference}
          aria-busy={busy === row.reference || undefined}
          onClick={() => void completeCourse(row)}
        >
          {busy === row.reference ? t.completing : t.completeCourse}
        </button>
        <br />
        {enrolment}
      </>
    );
  };

  return (
    <section aria-labelledby={headingId} className="staff-screen module-progress">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {data ? t.title(data.cohort.course_title, formatLongDate(data.cohort.start_date)) : t.open}
      </h2>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice key={notice.at} text={notice.text} kind={notice.kind} /> : null}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <ResourceState resource={resource} loading={t.loading} />
      {data ? (
        <>
          {data.locked ? <p className="alert alert--warning">{data.locked}</p> : null}
          <StaffTable
            caption={t.caption(data.cohort.course_title)}
            columns={[t.student, ...data.modules.map((m) => `Módulo ${m.number}: ${m.name}`), t.course]}
          >
            {data.students.length ? (
              data.students.map((row) => (
                <tr key={row.reference}>
                  <th scope="row">{row.name}</th>
                  {row.modules.map((cell) => {
                    const module = data.modules.find((m) => m.number === cell.number) ?? {
                      number: cell.number,
                      name: `Módulo ${cell.number}`,
                    };
                    return (
                      <td key={cell.number}>
                        {cell.included ? (
                          <input
                            type="checkbox"
                            className="module-progress__check"
                            aria-label={t.checkbox(module.name, row.name)}
                            checked={pending[`${row.reference}:${cell.number}`] ?? cell.completed}
                            disabled={Boolean(data.locked) || row.course_completed}
                            aria-busy={busy === `${row.reference}:${cell.number}` || undefined}
                            onChange={(e) => void toggle(row, module, e.currentTarget.checked)}
                          />
                        ) : (
                          <span className="staff-muted">{t.notIncluded}</span>
                        )}
                      </td>
                    );
                  })}
                  <td>{courseCell(row, data)}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={data.modules.length + 2} className="staff-empty">
                  {t.empty}
                </td>
              </tr>
            )}
          </StaffTable>
        </>
      ) : null}
      <p>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t.close}
        </button>
      </p>
    </section>
  );
}

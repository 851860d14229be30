import 'shared/ui/staff/screens.css';
import './staff-cohorts.css';
import { useMemo, useRef, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { courseBySlug } from '../../manifest/catalogue';
import { classDayNames, classDays, describeWeeklyClasses, weeklyClasses, type ClassDay } from '../../manifest/class-schedule';
import { formatLongDate } from 'shared/format/dates';
import { courseSlugs, type CohortStatus, type StaffCohort } from './schemas';
import { CheckboxField, SelectField, TextAreaField, TextField } from 'shared/ui/form';
import { StaffForm, useStaffForm } from 'shared/ui/staff/form';
import { messageOf as kitMessageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import type { ApiResult } from 'shared/api/client';
import { cohortsStaffOperations as ops } from './staff-operations';
import { CohortMessage } from './staff-cohort-message';
import { cohortMessageTexts } from './message-schemas';
import { ModuleMaterials, materialTexts } from '../modules/staff-module-materials';
import { CohortModuleProgress, progressTexts } from '../modules/staff-module-progress';

export const staffCohortsTexts = {
  title: 'Cohortes de los cursos',
  intro:
    'Cada curso vende cupos en la cohorte que pongas a la venta o, si no eliges una (o la elegida se cierra, empieza o se llena), en su próxima cohorte abierta (la más cercana que no haya empezado). Un cupo está ocupado por un pago aprobado o en trámite (PSE, Efecty) y reservado mientras alguien está en la pasarela.',
  loading: 'Cargando las cohortes…',
  failed: 'No pudimos cargar las cohortes.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  actionFailed: 'No pudimos guardar la cohorte.',
  caption: (course: string) => `Cohortes de ${course}`,
  empty: 'Este curso no tiene cohortes.',
  columns: ['Inicio', 'Horario', 'Cupo', 'Ocupados', 'Reservados', 'Disponibles', 'Estado', 'Acciones'] as const,
  status: { open: 'Abierta', closed: 'Cerrada' } as Record<CohortStatus, string>,
  edit: 'Editar',
  editLabel: (date: string) => `Editar la cohorte del ${date}`,
  open: 'Abrir',
  close: 'Cerrar',
  toggleLabel: (verb: string, date: string) => `${verb} la cohorte del ${date}`,
  newTitle: 'Nueva cohorte',
  editTitle: (course: string, date: string) => `Editar la cohorte de ${course} del ${date}`,
  course: 'Curso',
  startDate: 'Fecha de inicio (hora de Bogotá)',
  endDate: 'Fecha de finalización (última clase)',
  endDateHint:
    'Desde ese día se puede marcar a sus estudiantes como completados y expedir su certificado. Déjala vacía si aún no la conoces.',
  endsOn: (date: string) => `Termina el ${date}`,
  schedule: 'Horario',
  capacity: 'Cupo',
  capacityHint: (taken: number) => `No puede ser menor que los cupos ocupados (${taken}).`,
  instructions: 'Instrucciones de acceso',
  instructionsHint: 'Se envían por correo a cada estudiante inscrito 24 horas antes del inicio (enlace de la clase, qué preparar).',
  // The course page (#31): the weekly classes and how to join, which Mis Cursos, the .ics and the reminders show.
  classesLegend: 'Horario semanal (hora de Bogotá)',
  classesHint:
    'Días y horas de cada clase: con ellos el estudiante ve su horario en Mis Cursos y puede añadir las clases a su calendario. Deja todo vacío si aún no los conoces.',
  classStart: 'Hora de inicio',
  classEnd: 'Hora de finalización',
  joinLegend: 'Cómo unirse a las clases',
  joinUrl: 'Enlace de la clase en línea (https)',
  joinUrlHint: 'Solo lo ven los estudiantes inscritos en esta cohorte, en Mis Cursos y en sus correos.',
  joinPlace: 'Lugar de las clases presenciales (dirección)',
  changeNotice:
    'Si cambias las fechas, el horario o cómo unirse, cada estudiante inscrito en la cohorte recibe un correo con lo que cambió.',
  weeklyOf: (text: string) => `Semanal: ${text}`,
  statusLabel: 'Estado',
  create: 'Crear cohorte',
  save: 'Guardar cambios',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  created: (course: string, date: string) => `Cohorte de ${course} del ${date} creada.`,
  updated: (date: string) => `Cohorte del ${date} actualizada.`,
  reminderSent: 'Recordatorio enviado',
  selling: 'En venta',
  chosenNotSelling: 'Elegida para la venta, pero no se puede vender (cerrada, empezada o sin cupos)',
  putOnSale: 'Poner a la venta',
  putOnSaleLabel: (date: string) => `Poner a la venta la cohorte del ${date}`,
  stopSale: 'Quitar de la venta',
  stopSaleLabel: (date: string) => `Quitar de la venta la cohorte del ${date} (se vende la más próxima)`,
  onSale: (course: string, date: string) => `${course} vende ahora la cohorte del ${date}.`,
  offSale: (course: string) => `${course} vuelve a vender su próxima cohorte abierta.`,
} as const;
const t = staffCohortsTexts;

/** The cohort's weekly classes worded, when set. */
const weekly = (c: StaffCohort) => {
  const classes = weeklyClasses({ class_days: c.class_days.join(','), class_start: c.class_start, class_end: c.class_end });
  return classes ? describeWeeklyClasses(classes) : null;
};
const titleOf = (slug: string) => courseBySlug(slug)?.title ?? slug;
const messageOf = (result: ApiResult<unknown>) => kitMessageOf(result, t.network, t.actionFailed);
// The titles as published now (#28): read when the form renders, never kept.
const courseOptions = () => courseSlugs.map((slug) => ({ value: slug, label: titleOf(slug) }));
const statusOptions = (['open', 'closed'] as const).map((status) => ({ value: status, label: t.status[status] }));

type Draft = {
  course_name: string;
  start_date: string;
  end_date: string;
  schedule: string;
  capacity: string;
  status: CohortStatus;
  access_instructions: string;
  class_days: ClassDay[];
  class_start: string;
  class_end: string;
  join_url: string;
  join_place: string;
};

const emptyDraft: Draft = {
  course_name: courseSlugs[0],
  start_date: '',
  end_date: '',
  schedule: '3 clases por semana de 2 horas',
  capacity: '30',
  status: 'open',
  access_instructions: '',
  class_days: [],
  class_start: '',
  class_end: '',
  join_url: '',
  join_place: '',
};

/** The cohort form on the form kit: create (with the course) or edit one cohort. Field errors come from the server, by field. */
function CohortForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: StaffCohort | null;
  onSaved: (cohort: StaffCohort, message: string) => void;
  onCancel?: () => void;
}) {
  const create = useOperationCall(ops.createCohort);
  const update = useOperationCall(ops.updateCohort);
  const { form, field, ...submission } = useStaffForm<Draft, { cohort: StaffCohort }>({
    defaultValues: editing
      ? {
          course_name: editing.course_name,
          start_date: editing.start_date,
          end_date: editing.end_date ?? '',
          schedule: editing.schedule,
          capacity: String(editing.capacity),
          status: editing.status,
          access_instructions: editing.access_instructions,
          class_days: editing.class_days,
          class_start: editing.class_start ?? '',
          class_end: editing.class_end ?? '',
          join_url: editing.join_url ?? '',
          join_place: editing.join_place ?? '',
        }
      : emptyDraft,
    // The staff client brings the session's token (shared/api/staff-client).
    send: (draft) => {
      const body = {
        start_date: draft.start_date,
        end_date: draft.end_date,
        schedule: draft.schedule,
        capacity: Number(draft.capacity),
        status: draft.status,
        access_instructions: draft.access_instructions,
        // A checkbox group gives an array (or false when none is checked, a lone one a string): always an array here.
        class_days: classDays.filter((d) => ([] as unknown[]).concat(draft.class_days || []).includes(d)),
        class_start: draft.class_start,
        class_end: draft.class_end,
        join_url: draft.join_url,
        join_place: draft.join_place,
      };
      return editing
        ? update({ params: { id: editing.id }, body })
        : create({ body: { ...body, course_name: draft.course_name as (typeof courseSlugs)[number] } });
    },
    onSent: ({ cohort: saved }, draft) => {
      const date = formatLongDate(saved.start_date);
      if (!editing) form.reset({ ...emptyDraft, course_name: draft.course_name });
      onSaved(saved, editing ? t.updated(date) : t.created(titleOf(saved.course_name), date));
    },
    texts: { ...t, failed: t.actionFailed },
  });

  const formId = editing ? `cohorte-${editing.id}` : 'cohorte-nueva';
  const daysError = field('class_days').error;
  return (
    <StaffForm
      id={formId}
      title={editing ? t.editTitle(titleOf(editing.course_name), formatLongDate(editing.start_date)) : t.newTitle}
      focusTitle={editing !== null}
      submission={submission}
      submitLabel={editing ? t.save : t.create}
      busyLabel={t.saving}
      cancel={onCancel ? { label: t.cancel, onCancel } : undefined}
    >
      <div className="form-grid">
        {editing ? null : <SelectField label={t.course} placeholder={null} options={courseOptions()} {...field('course_name')} />}
        <TextField label={t.startDate} type="date" required unmarked {...field('start_date')} />
        <TextField label={t.endDate} hint={t.endDateHint} type="date" {...field('end_date')} />
        <TextField label={t.schedule} required unmarked maxLength={200} {...field('schedule')} />
        <TextField
          label={t.capacity}
          hint={editing ? t.capacityHint(editing.seats_taken) : undefined}
          type="number"
          inputMode="numeric"
          min={Math.max(1, editing?.seats_taken ?? 1)}
          required
          unmarked
          {...field('capacity')}
        />
        <SelectField label={t.statusLabel} placeholder={null} options={statusOptions} {...field('status')} />
      </div>
      <fieldset className="cohort-fieldset" aria-describedby={`${formId}-dias-ayuda`}>
        <legend>{t.classesLegend}</legend>
        <p id={`${formId}-dias-ayuda`} className="field-hint">
          {t.classesHint}
        </p>
        <div className="cohort-days">
          {classDays.map((day) => {
            const { error: _error, ...input } = field('class_days');
            return <CheckboxField key={day} label={classDayNames[day]} value={day} {...input} />;
          })}
        </div>
        {daysError ? (
          <p className="field-error" role="alert">
            {daysError}
          </p>
        ) : null}
        <div className="form-grid">
          <TextField label={t.classStart} type="time" step={300} {...field('class_start')} />
          <TextField label={t.classEnd} type="time" step={300} {...field('class_end')} />
        </div>
      </fieldset>
      <fieldset className="cohort-fieldset">
        <legend>{t.joinLegend}</legend>
        <div className="form-grid">
          <TextField label={t.joinUrl} hint={t.joinUrlHint} type="url" inputMode="url" maxLength={500} {...field('join_url')} />
          <TextField label={t.joinPlace} maxLength={300} {...field('join_place')} />
        </div>
      </fieldset>
      <TextAreaField label={t.instructions} hint={t.instructionsHint} rows={3} maxLength={2000} {...field('access_instructions')} />
      {editing ? <p className="staff-muted">{t.changeNotice}</p> : null}
    </StaffForm>
  );
}

/** StaffCohorts (/equipo/cursos): each course's cohorts with their seats; create, edit, open and close them. */
export default function StaffCohorts() {
  const update = useOperationCall(ops.updateCohort);
  const putOnSale = useOperationCall(ops.cohortOnSale);
  const list = useOperationCall(ops.cohorts);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list() }), [list]),
    t,
  );
  const cohorts = resource.data?.cohorts;
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const [editing, setEditing] = useState<StaffCohort | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  // The cohort whose message is being written (#31, staff-cohort-message.tsx).
  const [messaging, setMessaging] = useState<StaffCohort | null>(null);
  // The course whose modules' materials are open, and the cohort whose progress per module is (#31, ../modules).
  const [materialsOf, setMaterialsOf] = useState<(typeof courseSlugs)[number] | null>(null);
  const [progressOf, setProgressOf] = useState<StaffCohort | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openPanel = (button: HTMLElement, open: () => void) => {
    opener.current = button;
    setNotice(null);
    open();
  };
  const closePanel = (close: () => void) => {
    close();
    opener.current?.focus();
  };
  const returnFocus = useRef<HTMLElement | null>(null);

  const saved = (_cohort: StaffCohort, message: string) => {
    setEditing(null);
    setNotice({ text: message, kind: 'success' });
    void resource.refresh();
  };
  const startEditing = (cohort: StaffCohort, button: HTMLElement) => {
    returnFocus.current = button;
    setNotice(null);
    setEditing(cohort);
  };
  const stopEditing = () => {
    setEditing(null);
    returnFocus.current?.focus();
  };
  const sell = async (cohort: StaffCohort, onSale: boolean) => {
    setToggling(cohort.id);
    setNotice(null);
    const result = await putOnSale({ params: { id: cohort.id }, body: { on_sale: onSale } });
    setToggling(null);
    if (isSessionEnded(result)) return setNotice({ text: t.sessionEnded, kind: 'error' });
    if (result.kind !== 'ok') return setNotice({ text: messageOf(result), kind: 'error' });
    const course = titleOf(cohort.course_name);
    setNotice({ text: onSale ? t.onSale(course, formatLongDate(cohort.start_date)) : t.offSale(course), kind: 'success' });
    void resource.refresh();
  };
  const toggle = async (cohort: StaffCohort) => {
    setToggling(cohort.id);
    setNotice(null);
    const status: CohortStatus = cohort.status === 'open' ? 'closed' : 'open';
    const result = await update({
      params: { id: cohort.id },
      body: {
        start_date: cohort.start_date,
        schedule: cohort.schedule,
        capacity: cohort.capacity,
        status,
        access_instructions: cohort.access_instructions,
      },
    });
    setToggling(null);
    if (isSessionEnded(result)) return setNotice({ text: t.sessionEnded, kind: 'error' });
    if (result.kind !== 'ok') return setNotice({ text: messageOf(result), kind: 'error' });
    setNotice({ text: t.updated(formatLongDate(cohort.start_date)), kind: 'success' });
    void resource.refresh();
  };

  return (
    <section className="staff-screen" aria-labelledby="cohortes-titulo">
      <h1 id="cohortes-titulo">{t.title}</h1>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice text={notice.text} kind={notice.kind} /> : null}
      <ResourceState resource={resource} loading={t.loading} />
      {editing ? <CohortForm key={editing.id} editing={editing} onSaved={saved} onCancel={stopEditing} /> : null}
      {messaging ? (
        <CohortMessage
          key={messaging.id}
          cohortId={messaging.id}
          title={`${titleOf(messaging.course_name)}, ${formatLongDate(messaging.start_date)}`}
          onClose={() => setMessaging(null)}
        />
      ) : null}
      {materialsOf ? (
        <ModuleMaterials
          key={materialsOf}
          course={materialsOf}
          courseTitle={titleOf(materialsOf)}
          onClose={() => closePanel(() => setMaterialsOf(null))}
        />
      ) : null}
      {progressOf ? (
        <CohortModuleProgress key={progressOf.id} cohortId={progressOf.id} onClose={() => closePanel(() => setProgressOf(null))} />
      ) : null}
      {cohorts
        ? courseSlugs.map((slug) => {
            const rows = cohorts.filter((c) => c.course_name === slug);
            return (
              <div key={slug}>
                <p className="cohort-course-tools">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={materialTexts.openLabel(titleOf(slug))}
                    onClick={(e) => openPanel(e.currentTarget, () => setMaterialsOf(slug))}
                  >
                    {materialTexts.open}
                  </button>
                </p>
                <StaffTable caption={t.caption(titleOf(slug))} columns={t.columns}>
                  {rows.length ? (
                    rows.map((c) => {
                      const date = formatLongDate(c.start_date);
                      const verb = c.status === 'open' ? t.close : t.open;
                      return (
                        <tr key={c.id}>
                          <th scope="row" className="staff-nowrap">
                            {date}
                            {c.end_date ? (
                              <>
                                <br />
                                <span className="staff-muted">{t.endsOn(formatLongDate(c.end_date))}</span>
                              </>
                            ) : null}
                          </th>
                          <td>
                            {c.schedule}
                            {weekly(c) ? (
                              <>
                                <br />
                                <span className="staff-muted">{t.weeklyOf(weekly(c)!)}</span>
                              </>
                            ) : null}
                          </td>
                          <td>{c.capacity}</td>
                          <td>{c.seats_taken}</td>
                          <td>{c.seats_held}</td>
                          <td>{c.seats_left}</td>
                          <td>
                            {t.status[c.status]}
                            {c.selling ? <strong> · {t.selling}</strong> : null}
                            {c.on_sale && !c.selling ? <span className="staff-muted"> · {t.chosenNotSelling}</span> : null}
                            {c.reminder_sent_at ? <span className="staff-muted"> · {t.reminderSent}</span> : null}
                          </td>
                          <td className="cohort-actions">
                            <button
                              type="button"
                              className="btn btn--ghost"
                              aria-label={t.editLabel(date)}
                              onClick={(e) => startEditing(c, e.currentTarget)}
                            >
                              {t.edit}
                            </button>{' '}
                            <button
                              type="button"
                              className="btn btn--ghost"
                              aria-label={t.toggleLabel(verb, date)}
                              disabled={toggling === c.id}
                              aria-busy={toggling === c.id || undefined}
                              onClick={() => void toggle(c)}
                            >
                              {verb}
                            </button>{' '}
                            <button
                              type="button"
                              className="btn btn--ghost"
                              aria-label={`${cohortMessageTexts.open} del ${date}`}
                              onClick={() => setMessaging(c)}
                            >
                              {cohortMessageTexts.open}
                            </button>{' '}
                            <button
                              type="button"
                              className="btn btn--ghost"
                              aria-label={progressTexts.openLabel(date)}
                              onClick={(e) => openPanel(e.currentTarget, () => setProgressOf(c))}
                            >
                              {progressTexts.open}
                            </button>{' '}
                            {c.on_sale ? (
                              <button
                                type="button"
                                className="btn btn--ghost"
                                aria-label={t.stopSaleLabel(date)}
                                disabled={toggling === c.id}
                                onClick={() => void sell(c, false)}
                              >
                                {t.stopSale}
                              </button>
                            ) : c.status === 'open' && !c.selling && c.seats_left > 0 ? (
                              <button
                                type="button"
                                className="btn btn--ghost"
                                aria-label={t.putOnSaleLabel(date)}
                                disabled={toggling === c.id}
                                onClick={() => void sell(c, true)}
                              >
                                {t.putOnSale}
                              </button>
                            ) : null}
                          </td>
                        </tr>
                      );
                    })
                  ) : (
                    <tr>
                      <td colSpan={t.columns.length} className="staff-empty">
                        {t.empty}
                      </td>
                    </tr>
                  )}
                </StaffTable>
              </div>
            );
          })
        : null}
      <CohortForm editing={null} onSaved={saved} />
    </section>
  );
}

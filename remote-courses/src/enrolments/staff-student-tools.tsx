import { useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { documentTypes } from 'shared/schemas/common';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { resourceTexts } from 'shared/ui/staff/resource';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { enrolmentTexts } from '../enrolment/schemas';
import { manualEnrolmentOperations as ops } from './manual-operations';
import { editStudentRequestSchema, studentFieldLabels, type EditStudentRequest, type OpenCohort } from './manual-schemas';
import type { EnrolmentRecordResponse } from './schemas';

export const studentToolsTexts = {
  ...resourceTexts,
  move: 'Cambiar de grupo',
  moveHint:
    'A otra cohorte abierta del mismo curso con cupo: el cupo se libera en la actual y se toma en la nueva. El estudiante recibe un correo con las nuevas fechas.',
  moveTitle: 'Cambiar de grupo',
  moveLoading: 'Buscando cohortes con cupo…',
  moveNone: 'No hay otra cohorte abierta de este curso con cupo libre. Crea una o amplía sus cupos en Cursos.',
  moveCohort: 'Nueva cohorte',
  moveOption: (label: string, left: number) => `${label} (${left === 1 ? 'queda 1 cupo' : `quedan ${left} cupos`})`,
  moveChoose: 'Elige la nueva cohorte.',
  moveBody: (name: string, current: string) =>
    `${name} está en la cohorte que empieza el ${current}. Queda registrado en la auditoría y se le avisa por correo.`,
  moveConfirm: 'Sí, cambiar de grupo',
  moving: 'Cambiando…',
  moved: (date: string, email: string) => `Cambiamos de grupo al estudiante: ahora empieza el ${date}. Le avisamos a ${email}.`,
  cancel: 'Cancelar',
  actionFailed: 'No pudimos completar la acción.',
  noCohort: 'sin cohorte',
  edit: 'Corregir datos del estudiante',
  editHint:
    'Nombre, documento, teléfono y correo, con las mismas reglas del formulario de inscripción. Queda en la auditoría qué campos cambiaron.',
  editTitle: 'Corregir datos del estudiante',
  save: 'Guardar los cambios',
  saving: 'Guardando…',
  saved: (fields: string[]) => (fields.length ? `Guardamos los cambios: ${fields.join(', ')}.` : 'No cambiaste ningún dato.'),
  editFailed: 'No pudimos guardar los cambios.',
} as const;
const t = studentToolsTexts;

type Notify = (text: string, kind: 'success' | 'error') => void;

/** "Cambiar de grupo": the other open cohorts of the course with a seat, chosen in a dialog and confirmed there. */
function MoveCohort({ record, onChanged, notify }: { record: EnrolmentRecordResponse; onChanged: () => void; notify: Notify }) {
  const getOptions = useOperationCall(ops.moveOptions);
  const moveCall = useOperationCall(ops.moveEnrolment);
  const [open, setOpen] = useState(false);
  const [cohorts, setCohorts] = useState<OpenCohort[] | null>(null);
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reference = record.reference;

  const openDialog = async () => {
    setOpen(true);
    setCohorts(null);
    setChoice('');
    setChoiceError(null);
    setError(null);
    const result = await getOptions({ params: { reference } });
    if (isSessionEnded(result)) return setError(t.sessionEnded);
    if (result.kind !== 'ok') return setError(messageOf(result, t.network, t.actionFailed));
    setCohorts(result.data.cohorts);
  };
  const close = () => setOpen(false);
  const confirm = async () => {
    if (!choice) return setChoiceError(t.moveChoose);
    setChoiceError(null);
    setBusy(true);
    const result = await moveCall({ params: { reference }, body: { cohort_id: choice } });
    setBusy(false);
    if (isSessionEnded(result)) return setError(t.sessionEnded);
    if (result.kind !== 'ok') return setError(messageOf(result, t.network, t.actionFailed));
    setOpen(false);
    notify(t.moved(formatLongDate(result.data.cohort.startDate), result.data.sentTo), 'success');
    onChanged();
  };

  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => void openDialog()}>
        {t.move}
      </button>
      <p className="staff-muted">{t.moveHint}</p>
      {open ? (
        <ConfirmDialog
          title={t.moveTitle}
          confirmLabel={t.moveConfirm}
          busyLabel={t.moving}
          cancelLabel={t.cancel}
          busy={busy || cohorts === null}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          <p>{t.moveBody(record.student.fullName, record.cohort ? formatLongDate(record.cohort.startDate) : t.noCohort)}</p>
          {cohorts === null ? (
            error ? null : (
              <p role="status">{t.moveLoading}</p>
            )
          ) : cohorts.length === 0 ? (
            <p>{t.moveNone}</p>
          ) : (
            <SelectField
              label={t.moveCohort}
              required
              options={cohorts.map((c) => ({ value: String(c.id), label: t.moveOption(c.label, c.seatsLeft) }))}
              value={choice}
              error={choiceError ?? undefined}
              onChange={(e) => setChoice(e.target.value)}
            />
          )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The student's data as the record has it, as the form's values. */
const valuesOf = (record: EnrolmentRecordResponse): EditStudentRequest => ({
  student_name: record.student.name,
  student_name_second: record.student.secondName ?? '',
  student_lastname: record.student.lastname,
  student_second_lastname: record.student.secondLastname ?? '',
  id_type: record.student.idType as EditStudentRequest['id_type'],
  id_number: record.student.idNumber,
  phone_number: record.student.phone,
  email: record.student.email,
});

/** "Corregir datos del estudiante": the form's own rules and messages, then the server's (a 400 goes on its fields). */
function EditStudentForm({
  record,
  onSaved,
  onCancel,
}: {
  record: EnrolmentRecordResponse;
  onSaved: (fields: string[]) => void;
  onCancel: () => void;
}) {
  const editCall = useOperationCall(ops.editStudent);
  const form = useZodForm(editStudentRequestSchema, { defaultValues: valuesOf(record) });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await editCall({ params: { reference: record.reference }, body: values });
    if (isSessionEnded(result)) return failed(t.sessionEnded);
    if (result.kind !== 'ok')
      return failed(messageOf(result, t.network, t.editFailed), { fields: result.kind === 'error' ? result.fields : undefined });
    onSaved(result.data.changed.map((k) => studentFieldLabels[k as keyof typeof studentFieldLabels] ?? k));
    return sent(result.data);
  });
  return (
    <SubmissionForm
      className="form card"
      honeypot={false}
      submission={submission}
      aria-labelledby="estudiante-corregir"
      header={<h3 id="estudiante-corregir">{t.editTitle}</h3>}
      summary={<SubmitErrors form={form} submission={submission} title={enrolmentTexts.errorsTitle} />}
      failure={(f) => <Notice key={submission.failures} className="staff-notice" kind="error" text={f.text} />}
    >
      <div className="form-grid">
        <TextField label="Primer nombre" required autoComplete="off" {...field('student_name')} />
        <TextField label="Segundo nombre" autoComplete="off" {...field('student_name_second')} />
        <TextField label="Primer apellido" required autoComplete="off" {...field('student_lastname')} />
        <TextField label="Segundo apellido" autoComplete="off" {...field('student_second_lastname')} />
        <SelectField label="Tipo de documento" required options={documentTypes} {...field('id_type')} />
        <TextField label="Número de documento" required autoComplete="off" {...field('id_number')} />
        <TextField label="Teléfono" required type="tel" autoComplete="off" {...field('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="off" {...field('email')} />
      </div>
      <p className="staff-filters__actions">
        <SubmitButton busy={submission.busy} busyLabel={t.saving}>
          {t.save}
        </SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t.cancel}
        </button>
      </p>
    </SubmissionForm>
  );
}

/**
 * The record's tools for Cursos (#31): move the student to another cohort (an enrolled one: paid or entered by the
 * team) and correct their data. Nothing for the other roles (the server refuses them too).
 */
export function StudentTools({ record, onChanged }: { record: EnrolmentRecordResponse; onChanged: () => void }) {
  const session = useStaffSession();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);
  const notify: Notify = (text, kind) => setNotice({ text, kind, at: Date.now() });
  if (!holdsRoleFor(session, ops.editStudent)) return null;
  const movable = record.enrolmentStatus === 'ENROLLED' && record.payment.status === 'approved';
  return (
    <>
      {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} kind={notice.kind} /> : null}
      {movable ? <MoveCohort record={record} onChanged={onChanged} notify={notify} /> : null}
      {editing ? (
        <EditStudentForm
          record={record}
          onCancel={() => setEditing(false)}
          onSaved={(fields) => {
            setEditing(false);
            notify(t.saved(fields), 'success');
            onChanged();
          }}
        />
      ) : (
        <>
          <button type="button" className="btn btn--ghost" onClick={() => setEditing(true)}>
            {t.edit}
          </button>
          <p className="staff-muted">{t.editHint}</p>
        </>
      )}
    </>
  );
}

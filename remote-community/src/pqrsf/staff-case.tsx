import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { useState, type ReactNode } from 'react';
import { useCaseAction, useCaseScreen, useReviewThenSend, type CaseDone } from 'shared/cases/ui/hooks';
import { ActionSection, CaseCard, CaseHistory, ConfirmPanel, DueDate, Facts, Paragraphs, Quote, Unavailable } from 'shared/cases/ui/parts';
import { CaseActions, CaseOverview, CaseScreen, TextActionForm } from 'shared/cases/ui/screen';
import { CaseAssignment } from 'shared/cases/ui/assign';
import {
  addNoteRequestSchema,
  closeRequestSchema,
  extendRequestSchema,
  respondRequestSchema,
  startProcessingRequestSchema,
  transferRequestSchema,
  type PqrsfCase,
} from './staff-schemas';
import { staffPath } from 'shared/staff-routes';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { fieldsOf, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { pqrsfStaffOperations as ops } from './staff-operations';
import { caseTexts as t, dateOf, dateTimeOf } from './staff-texts';
import type { UploadedAttachment } from './attachment-schemas';
import { AttachmentList, AttachmentPicker, attachmentUiTexts } from './staff-attachments';

/** A PQRSF case screen: the legal-case kit's sections (shared/cases/ui) with Ley 1755 de 2015's actions. */

type Done = CaseDone<PqrsfCase>;

function RespondForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const respond = useCaseAction(ops.respond, c.radicado, t);
  const form = useZodForm(respondRequestSchema, { defaultValues: { response: '' } });
  const field = fieldsOf(form);
  // The chosen files go with the answer (#32): their ids join the reviewed text when it is sent.
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const send = (values: { response: string }) => respond(files.length ? { ...values, attachments: files.map((f) => f.id) } : values);
  const { pending, submission, confirm, cancel } = useReviewThenSend(form, 'response', send, (answer) => onDone(answer, t.respond.done));
  return (
    <ActionSection id="accion-responder" title={t.respond.title} intro={t.respond.intro}>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="accion-responder"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextAreaField label={t.respond.field} required rows={8} readOnly={Boolean(pending)} {...field('response')} />
        <AttachmentPicker
          radicado={c.radicado}
          files={files}
          onChange={setFiles}
          hint={attachmentUiTexts.answerHint}
          disabled={Boolean(pending)}
        />
        {pending ? null : (
          <SubmitButton busy={submission.busy} busyLabel={t.respond.busy}>
            {t.respond.review}
          </SubmitButton>
        )}
      </SubmissionForm>
      {pending ? (
        <ConfirmPanel
          title={t.respond.confirmTitle}
          body={
            <p>
              {t.respond.confirmBody(c.request.email)}
              {files.length ? ` ${attachmentUiTexts.confirmCount(files.length)}` : ''}
            </p>
          }
          confirm={t.respond.confirm}
          busyLabel={t.respond.busy}
          cancel={t.respond.cancel}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirm()}
          onCancel={cancel}
        />
      ) : null}
    </ActionSection>
  );
}

function ExtendForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const extend = useCaseAction(ops.extend, c.radicado, t);
  const form = useZodForm(extendRequestSchema, { defaultValues: { reason: '', dueDate: '' } });
  const field = fieldsOf(form);
  const { minDate, maxDate } = c.actions.extend;
  const submission = useFormSubmission(form, async (values) => {
    const result = await extend(values);
    if (result.ok) onDone(result.answer, t.extend.done(dateOf(result.answer.dueDate)));
    return result;
  });
  return (
    <ActionSection id="accion-ampliar" title={t.extend.title} intro={t.extend.intro}>
      {c.actions.extend.allowed && minDate && maxDate ? (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby="accion-ampliar"
          summary={<SubmitErrors form={form} submission={submission} />}
        >
          <TextField
            label={t.extend.date}
            type="date"
            required
            min={minDate}
            max={maxDate}
            hint={t.extend.dateHint(dateOf(minDate), dateOf(maxDate))}
            {...field('dueDate')}
          />
          <TextAreaField label={t.extend.reason} required rows={3} {...field('reason')} />
          <SubmitButton busy={submission.busy} busyLabel={t.extend.busy}>
            {t.extend.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : (
        <Unavailable label={t.notAvailable} reason={c.actions.extend.reason} />
      )}
    </ActionSection>
  );
}

function TransferForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const transfer = useCaseAction(ops.transfer, c.radicado, t);
  const form = useZodForm(transferRequestSchema, { defaultValues: { entity: '', entityEmail: '', note: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await transfer(values);
    if (result.ok) onDone(result.answer, t.transfer.done);
    return result;
  });
  return (
    <ActionSection id="accion-trasladar" title={t.transfer.title} intro={t.transfer.intro(dateOf(c.actions.transfer.deadline))}>
      {c.actions.transfer.allowed ? (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby="accion-trasladar"
          summary={<SubmitErrors form={form} submission={submission} />}
        >
          <TextField label={t.transfer.entity} required autoComplete="organization" {...field('entity')} />
          <TextField
            label={t.transfer.entityEmail}
            hint={t.transfer.entityEmailHint}
            required
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            {...field('entityEmail')}
          />
          <TextAreaField label={t.transfer.note} rows={2} {...field('note')} />
          <SubmitButton busy={submission.busy} busyLabel={t.transfer.busy}>
            {t.transfer.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : (
        <Unavailable label={t.notAvailable} reason={c.actions.transfer.reason} />
      )}
    </ActionSection>
  );
}

function CloseForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const close = useCaseAction(ops.close, c.radicado, t);
  const form = useZodForm(closeRequestSchema, { defaultValues: { note: '' } });
  const field = fieldsOf(form);
  // A refusal about the note (closing an open case without one) goes back to the field.
  const { pending, submission, confirm, cancel } = useReviewThenSend(form, 'note', close, (answer) => onDone(answer, t.close.done), {
    fieldErrorsBack: true,
  });
  return (
    <ActionSection id="accion-cerrar" title={t.close.title} intro={t.close.intro}>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="accion-cerrar"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextAreaField label={t.close.note} rows={2} readOnly={Boolean(pending)} {...field('note')} />
        {pending ? null : (
          <SubmitButton busy={submission.busy} busyLabel={t.close.busy} className="btn btn--ghost">
            {t.close.review}
          </SubmitButton>
        )}
      </SubmissionForm>
      {pending ? (
        <ConfirmPanel
          title={t.close.confirmTitle}
          body={<p>{t.close.confirmBody}</p>}
          confirm={t.close.confirm}
          busyLabel={t.close.busy}
          cancel={t.close.cancel}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirm()}
          onCancel={cancel}
        />
      ) : null}
    </ActionSection>
  );
}

function NoteForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const addNote = useCaseAction(ops.addNote, c.radicado, t);
  const form = useZodForm(addNoteRequestSchema, { defaultValues: { body: '' } });
  const field = fieldsOf(form);
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const submission = useFormSubmission(form, async (values) => {
    const result = await addNote(files.length ? { ...values, attachments: files.map((f) => f.id) } : values);
    if (result.ok) {
      form.reset({ body: '' });
      onDone(result.answer, t.noteDone);
    }
    return result;
  });
  return (
    <SubmissionForm className="form" honeypot={false} submission={submission} aria-label={t.noteField}>
      <TextAreaField label={t.noteField} required rows={3} {...field('body')} />
      <AttachmentPicker radicado={c.radicado} files={files} onChange={setFiles} />
      <SubmitButton busy={submission.busy} busyLabel={t.noteBusy} className="btn btn--ghost">
        {t.noteSubmit}
      </SubmitButton>
    </SubmissionForm>
  );
}

function Summary({ c }: { c: PqrsfCase }) {
  const rows: Array<[string, ReactNode]> = [
    [t.status, <strong key="s">{c.status}</strong>],
    [t.filed, dateTimeOf(c.createdAt)],
    [t.due, <DueDate key="d" c={c} extendedFrom={t.extendedFrom} />],
    [t.termLabel, t.term(c.termDays)],
  ];
  if (c.response) rows.push([t.responded, dateTimeOf(c.response.at)]);
  if (c.transfer) rows.push([t.transferLabel, t.transferred(c.transfer.entity, dateTimeOf(c.transfer.at), c.transfer.email)]);
  if (c.closedAt) rows.push([t.closed, dateTimeOf(c.closedAt)]);
  return (
    <CaseCard id="pqrsf-estado" title={t.summaryTitle}>
      <Facts rows={rows} />
      {c.response ? <Quote title={t.responseTitle} text={c.response.text} /> : null}
      <AttachmentList radicado={c.radicado} items={c.attachments.filter((a) => a.part === 'respuesta')} />
    </CaseCard>
  );
}

function Filed({ c }: { c: PqrsfCase }) {
  const f = t.fields;
  const r = c.request;
  return (
    <CaseCard id="pqrsf-radicada" title={t.requestTitle}>
      <Facts
        rows={[
          [f.name, r.name],
          [f.lastname, r.lastname],
          [f.rol_type, r.rol_type],
          [f.identification, `${r.id_type} ${r.id_number}`],
          [f.email, r.email],
          [f.phone_number, r.phone_number],
          [f.request_type, r.request_type],
        ]}
      />
      <Quote title={f.reviews} text={r.reviews} />
    </CaseCard>
  );
}

function Notes({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  return (
    <CaseCard id="pqrsf-notas" title={t.notesTitle}>
      <p className="staff-screen__intro">{t.notesIntro}</p>
      {c.notes.length ? (
        <ol className="case-notes">
          {c.notes.map((n, i) => (
            <li key={i}>
              <Paragraphs text={n.body} />
              <AttachmentList radicado={c.radicado} items={c.attachments.filter((a) => a.noteId === n.id)} />
              <p className="staff-muted">{t.by(n.actorEmail, dateTimeOf(n.at))}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t.noNotes}</p>
      )}
      <NoteForm c={c} onDone={onDone} />
    </CaseCard>
  );
}

/**
 * `community/StaffPqrsfCase` (prop `radicado`): the request as filed, its status, term and history, the internal
 * notes, and the actions the law and its status allow today (the server says which, and why not). Responder and
 * Cerrar ask for confirmation; after any action the case is what the server answered and a notice takes focus.
 */
export default function StaffPqrsfCase({ radicado }: { radicado: string }) {
  const { loaded, load, notice, version, onDone } = useCaseScreen(ops.case, radicado, t);
  const start = useCaseAction(ops.startProcessing, radicado, t);
  return (
    <CaseScreen
      id="pqrsf"
      back={{ href: staffPath('/equipo/pqrsf'), label: t.back }}
      title={t.title(radicado)}
      loaded={loaded}
      texts={t}
      onRetry={() => void load()}
      notice={notice}
    >
      {(c) => {
        const a = c.actions;
        const open = a.respond.allowed;
        return (
          <>
            <CaseOverview>
              <Summary c={c} />
              <Filed c={c} />
            </CaseOverview>
            <CaseAssignment
              key={`asignacion-${version}`}
              id="pqrsf"
              c={c}
              radicado={radicado}
              open={open}
              assign={ops.assign}
              assignees={ops.assignees}
              onDone={onDone}
            />
            {open || a.close.allowed ? (
              <CaseActions key={`acciones-${version}`} id="pqrsf-acciones" title={t.actionsTitle}>
                {a.startProcessing.allowed ? (
                  <TextActionForm
                    id="accion-tramite"
                    title={t.start.title}
                    intro={t.start.intro}
                    submit={t.start.submit}
                    busy={t.start.busy}
                    schema={startProcessingRequestSchema}
                    name="note"
                    label={t.start.note}
                    rows={2}
                    send={start}
                    onDone={onDone}
                    done={() => t.start.done}
                  />
                ) : null}
                {open ? <RespondForm c={c} onDone={onDone} /> : null}
                {open ? <ExtendForm c={c} onDone={onDone} /> : null}
                {open ? <TransferForm c={c} onDone={onDone} /> : null}
                {a.close.allowed ? <CloseForm c={c} onDone={onDone} /> : null}
              </CaseActions>
            ) : null}
            <CaseHistory id="pqrsf-historial" history={c.history} texts={t} />
            <Notes key={`notas-${version}`} c={c} onDone={onDone} />
          </>
        );
      }}
    </CaseScreen>
  );
}

import 'shared/ui/staff/screens.css';
import './pqrsf-staff.css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from 'shared/api/client';
import {
  addNoteRequestSchema,
  closeRequestSchema,
  extendRequestSchema,
  respondRequestSchema,
  startProcessingRequestSchema,
  transferRequestSchema,
  type PqrsfCase,
} from 'shared/schemas/pqrsf-staff-api';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission, type Sent } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { useAddPqrsfStaffNote } from '../../api/add-pqrsf-staff-note';
import { useClosePqrsfStaffCase } from '../../api/close-pqrsf-staff-case';
import { useExtendPqrsfStaffTerm } from '../../api/extend-pqrsf-staff-term';
import { useGetPqrsfStaffCase } from '../../api/get-pqrsf-staff-case';
import { useRespondPqrsfStaffCase } from '../../api/respond-pqrsf-staff-case';
import { useStartPqrsfStaffProcessing } from '../../api/start-pqrsf-staff-processing';
import { useTransferPqrsfStaffCase } from '../../api/transfer-pqrsf-staff-case';
import { DeadlineTag } from './pqrsf-parts';
import { caseTexts as t, dateOf, dateTimeOf } from './pqrsf-texts';
import { messageOf as kitMessageOf, LoadState, Notice } from 'shared/ui/staff/kit';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; c: PqrsfCase };

/** What an action hands back: the case as the server now has it, and the line to announce. */
type Done = (c: PqrsfCase, message: string) => void;

const messageOf = (result: ApiResult<unknown>) => kitMessageOf(result, t.network, t.failed);

/** An action's answer as the form kit wants it: the case, or the server's message with its field messages. */
function outcome(result: ApiResult<PqrsfCase>): Sent<PqrsfCase> {
  if (result.kind === 'ok') return sent(result.data);
  return failed(messageOf(result), { fields: result.kind === 'error' ? result.fields : undefined });
}

/** Calls an action with a fresh token. */
function useAction<B>(operation: (radicado: string, body: B, token: string) => Promise<ApiResult<PqrsfCase>>, radicado: string) {
  const session = useStaffSession();
  return useCallback(
    async (body: B): Promise<Sent<PqrsfCase>> => {
      const token = await session.getIdToken();
      if (!token) return failed(t.network);
      return outcome(await operation(radicado, body, token));
    },
    [operation, radicado, session],
  );
}

/**
 * An action reviewed before it is sent (Responder, Cerrar): the kit validates the form, a valid one waits in a
 * confirmation panel, and only the panel's confirm button sends it. With `fieldErrorsBack`, a refusal about `field`
 * goes back to that field instead of the panel.
 */
function useReviewThenSend<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  field: Path<V>,
  send: (values: O) => Promise<Sent<PqrsfCase>>,
  onSent: (c: PqrsfCase) => void,
  options: { fieldErrorsBack?: boolean } = {},
) {
  const [pending, setPending] = useState<{ values: O; busy: boolean; error: string | null } | null>(null);
  const submission = useFormSubmission(form, async (values) => {
    setPending({ values, busy: false, error: null });
    return sent(values);
  });
  const confirm = async () => {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: null });
    const result = await send(pending.values);
    if (result.ok) return onSent(result.answer);
    const fieldError = options.fieldErrorsBack ? result.fields?.[field] : undefined;
    if (fieldError) {
      setPending(null);
      form.setError(field, { type: 'server', message: fieldError });
      form.setFocus(field);
    } else setPending({ ...pending, busy: false, error: result.text });
  };
  const cancel = () => {
    setPending(null);
    form.setFocus(field);
  };
  return { pending, submission, confirm, cancel };
}

function ActionSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="card pqrsf-action" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {intro ? <p className="pqrsf-staff__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Not possible now, and why (the server's reason, with the law it follows). */
function Unavailable({ reason }: { reason: string | null }) {
  return (
    <p className="pqrsf-unavailable">
      <strong>{t.notAvailable}</strong> {reason}
    </p>
  );
}

/** A confirmation inside the page before an irreversible action: it takes focus, and "back" returns to the form. */
function ConfirmPanel({
  title,
  body,
  confirm,
  busyLabel,
  cancel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: ReactNode;
  confirm: string;
  busyLabel: string;
  cancel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="pqrsf-confirm" role="group" aria-labelledby="pqrsf-confirm-title">
      <h4 id="pqrsf-confirm-title" ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {body}
      {error ? (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="pqrsf-confirm__actions">
        <button type="button" className="btn pqrsf-danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : confirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {cancel}
        </button>
      </div>
    </div>
  );
}

function StartProcessingForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const start = useAction(useStartPqrsfStaffProcessing(), c.radicado);
  const form = useZodForm(startProcessingRequestSchema, { defaultValues: { note: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await start(values);
    if (result.ok) onDone(result.answer, t.start.done);
    return result;
  });
  return (
    <ActionSection id="accion-tramite" title={t.start.title} intro={t.start.intro}>
      <SubmissionForm className="form" honeypot={false} submission={submission} aria-labelledby="accion-tramite">
        <TextAreaField label={t.start.note} rows={2} {...field('note')} />
        <SubmitButton busy={submission.busy} busyLabel={t.start.busy}>
          {t.start.submit}
        </SubmitButton>
      </SubmissionForm>
    </ActionSection>
  );
}

function RespondForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const respond = useAction(useRespondPqrsfStaffCase(), c.radicado);
  const form = useZodForm(respondRequestSchema, { defaultValues: { response: '' } });
  const field = fieldsOf(form);
  const { pending, submission, confirm, cancel } = useReviewThenSend(form, 'response', respond, (answer) => onDone(answer, t.respond.done));
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
        {pending ? null : (
          <SubmitButton busy={submission.busy} busyLabel={t.respond.busy}>
            {t.respond.review}
          </SubmitButton>
        )}
      </SubmissionForm>
      {pending ? (
        <ConfirmPanel
          title={t.respond.confirmTitle}
          body={<p>{t.respond.confirmBody(c.request.email)}</p>}
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
  const extend = useAction(useExtendPqrsfStaffTerm(), c.radicado);
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
        <Unavailable reason={c.actions.extend.reason} />
      )}
    </ActionSection>
  );
}

function TransferForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const transfer = useAction(useTransferPqrsfStaffCase(), c.radicado);
  const form = useZodForm(transferRequestSchema, { defaultValues: { entity: '', note: '' } });
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
          <TextAreaField label={t.transfer.note} rows={2} {...field('note')} />
          <SubmitButton busy={submission.busy} busyLabel={t.transfer.busy}>
            {t.transfer.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : (
        <Unavailable reason={c.actions.transfer.reason} />
      )}
    </ActionSection>
  );
}

function CloseForm({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  const close = useAction(useClosePqrsfStaffCase(), c.radicado);
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
  const addNote = useAction(useAddPqrsfStaffNote(), c.radicado);
  const form = useZodForm(addNoteRequestSchema, { defaultValues: { body: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await addNote(values);
    if (result.ok) {
      form.reset({ body: '' });
      onDone(result.answer, t.noteDone);
    }
    return result;
  });
  return (
    <SubmissionForm className="form" honeypot={false} submission={submission} aria-label={t.noteField}>
      <TextAreaField label={t.noteField} required rows={3} {...field('body')} />
      <SubmitButton busy={submission.busy} busyLabel={t.noteBusy} className="btn btn--ghost">
        {t.noteSubmit}
      </SubmitButton>
    </SubmissionForm>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </>
  );
}

function Summary({ c }: { c: PqrsfCase }) {
  return (
    <section className="card" aria-labelledby="caso-estado">
      <h2 id="caso-estado">{t.summaryTitle}</h2>
      <dl className="pqrsf-facts">
        <div>
          <dt>{t.status}</dt>
          <dd>
            <strong>{c.status}</strong>
          </dd>
        </div>
        <div>
          <dt>{t.filed}</dt>
          <dd>{dateTimeOf(c.createdAt)}</dd>
        </div>
        <div>
          <dt>{t.due}</dt>
          <dd>
            {dateOf(c.dueDate)} <DeadlineTag urgency={c.urgency} left={c.businessDaysLeft} />
            {c.originalDueDate && c.extension ? (
              <span className="pqrsf-block pqrsf-muted">{t.extendedFrom(dateOf(c.originalDueDate), c.extension.reason)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t.termLabel}</dt>
          <dd>{t.term(c.termDays)}</dd>
        </div>
        {c.response ? (
          <div>
            <dt>{t.responded}</dt>
            <dd>{dateTimeOf(c.response.at)}</dd>
          </div>
        ) : null}
        {c.transfer ? (
          <div>
            <dt>{t.transferLabel}</dt>
            <dd>{t.transferred(c.transfer.entity, dateTimeOf(c.transfer.at))}</dd>
          </div>
        ) : null}
        {c.closedAt ? (
          <div>
            <dt>{t.closed}</dt>
            <dd>{dateTimeOf(c.closedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {c.response ? (
        <div className="pqrsf-response">
          <h3>{t.responseTitle}</h3>
          <Paragraphs text={c.response.text} />
        </div>
      ) : null}
    </section>
  );
}

function Filed({ c }: { c: PqrsfCase }) {
  const f = t.fields;
  const r = c.request;
  const rows: Array<[string, ReactNode]> = [
    [f.name, r.name],
    [f.lastname, r.lastname],
    [f.rol_type, r.rol_type],
    [f.identification, `${r.id_type} ${r.id_number}`],
    [f.email, r.email],
    [f.phone_number, r.phone_number],
    [f.request_type, r.request_type],
  ];
  return (
    <section className="card" aria-labelledby="caso-radicada">
      <h2 id="caso-radicada">{t.requestTitle}</h2>
      <dl className="pqrsf-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{f.reviews}</h3>
      <div className="pqrsf-quote">
        <Paragraphs text={r.reviews} />
      </div>
    </section>
  );
}

function History({ c }: { c: PqrsfCase }) {
  return (
    <section aria-labelledby="caso-historial">
      <h2 id="caso-historial">{t.historyTitle}</h2>
      <div className="pqrsf-table-wrap" role="region" aria-labelledby="caso-historial-tabla" tabIndex={0}>
        <table className="pqrsf-table">
          <caption id="caso-historial-tabla">{t.historyCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.historyColumns.at}</th>
              <th scope="col">{t.historyColumns.event}</th>
              <th scope="col">{t.historyColumns.who}</th>
              <th scope="col">{t.historyColumns.note}</th>
            </tr>
          </thead>
          <tbody>
            {c.history.map((h, i) => (
              <tr key={i}>
                <td className="pqrsf-nowrap">{dateTimeOf(h.at)}</td>
                <th scope="row">{t.events[h.action] ?? h.status}</th>
                <td>{h.actorEmail ?? t.petitioner}</td>
                <td>
                  {h.dueDate ? <span className="pqrsf-block">{t.newDue(dateOf(h.dueDate))}</span> : null}
                  {h.note ? <Paragraphs text={h.note} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Notes({ c, onDone }: { c: PqrsfCase; onDone: Done }) {
  return (
    <section className="card" aria-labelledby="caso-notas">
      <h2 id="caso-notas">{t.notesTitle}</h2>
      <p className="pqrsf-staff__intro">{t.notesIntro}</p>
      {c.notes.length ? (
        <ol className="pqrsf-notes">
          {c.notes.map((n, i) => (
            <li key={i}>
              <Paragraphs text={n.body} />
              <p className="pqrsf-muted">{t.by(n.actorEmail, dateTimeOf(n.at))}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t.noNotes}</p>
      )}
      <NoteForm c={c} onDone={onDone} />
    </section>
  );
}

/**
 * `community/StaffPqrsfCase` (prop `radicado`): the request as filed, its status, term and history, the internal
 * notes, and the actions the law and its status allow today (the server says which, and why not). Responder and
 * Cerrar ask for confirmation; after any action the case is what the server answered and a notice takes focus.
 */
export default function StaffPqrsfCase({ radicado }: { radicado: string }) {
  const session = useStaffSession();
  const get = useGetPqrsfStaffCase();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  // Remounts the action forms after each action, so they start empty from the new state.
  const [version, setVersion] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setLoaded({ kind: 'loading' });
    const token = await session.getIdToken();
    if (!token) return setLoaded({ kind: 'failed', message: t.network });
    const result = await get(radicado, token);
    if (result.kind === 'ok') setLoaded({ kind: 'ready', c: result.data });
    else if (result.kind === 'error' && (result.status === 404 || result.status === 400)) setLoaded({ kind: 'missing' });
    else setLoaded({ kind: 'failed', message: messageOf(result) });
  }, [get, radicado, session]);

  useEffect(() => {
    void load();
  }, [load]);

  const onDone: Done = (c, message) => {
    setLoaded({ kind: 'ready', c });
    setVersion((v) => v + 1);
    setNotice((prev) => ({ text: message, n: (prev?.n ?? 0) + 1 }));
  };

  const back = (
    <p>
      <a href={staffPath('/equipo/pqrsf')}>
        <span aria-hidden="true">← </span>
        {t.back}
      </a>
    </p>
  );

  if (loaded.kind !== 'ready') {
    return (
      <section className="staff-screen pqrsf-staff" aria-labelledby="pqrsf-caso-titulo">
        {back}
        <h1 id="pqrsf-caso-titulo">{t.title(radicado)}</h1>
        <LoadState state={loaded} loading={t.loading} retry={t.retry} onRetry={() => void load()} />
        {loaded.kind === 'missing' ? <Notice kind="error" text={t.notFound} /> : null}
      </section>
    );
  }

  const { c } = loaded;
  const a = c.actions;
  const open = a.respond.allowed;
  return (
    <section className="staff-screen pqrsf-staff" aria-labelledby="pqrsf-caso-titulo">
      {back}
      <h1 id="pqrsf-caso-titulo" ref={heading} tabIndex={-1}>
        {t.title(c.radicado)}
      </h1>
      {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} /> : null}
      <div className="pqrsf-case">
        <Summary c={c} />
        <Filed c={c} />
      </div>
      {open || a.close.allowed ? (
        <section aria-labelledby="caso-acciones" className="pqrsf-actions" key={`acciones-${version}`}>
          <h2 id="caso-acciones">{t.actionsTitle}</h2>
          {a.startProcessing.allowed ? <StartProcessingForm c={c} onDone={onDone} /> : null}
          {open ? <RespondForm c={c} onDone={onDone} /> : null}
          {open ? <ExtendForm c={c} onDone={onDone} /> : null}
          {open ? <TransferForm c={c} onDone={onDone} /> : null}
          {a.close.allowed ? <CloseForm c={c} onDone={onDone} /> : null}
        </section>
      ) : null}
      <History c={c} />
      <Notes key={`notas-${version}`} c={c} onDone={onDone} />
    </section>
  );
}

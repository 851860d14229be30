import 'shared/ui/staff/screens.css';
import 'shared/cases/cases.css';
import { useState, type ReactNode } from 'react';
import { useCaseAction, useCaseScreen, type CaseDone } from 'shared/cases/ui/hooks';
import { ActionSection, CaseCard, CaseHistory, DueDate, Facts, Quote, Unavailable } from 'shared/cases/ui/parts';
import { CaseActions, CaseOverview, CaseScreen, TextActionForm } from 'shared/cases/ui/screen';
import { CaseAssignment } from 'shared/cases/ui/assign';
import type { UploadedAttachment } from 'shared/cases/attachments';
import { CaseAttachmentList, CaseAttachmentPicker, attachmentUiTexts } from 'shared/cases/ui/attachments';
import {
  dataCompletionRequestSchema,
  dataExtendRequestSchema,
  dataRespondRequestSchema,
  dataResumeRequestSchema,
  dataStartRequestSchema,
  type DataRequestCase,
} from './schemas';
import { staffPath } from 'shared/staff-routes';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { Notice } from 'shared/ui/staff/kit';
import { fieldsOf, sent, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { dataRequestsStaffOperations as ops } from './staff-operations';
import { dataCaseTexts as t, dateOf, dateTimeOf, kindLabel } from './data-requests-texts';

/** A data subject's request screen: the legal-case kit's sections (shared/cases/ui) with Ley 1581 de 2012's actions. */

type Done = CaseDone<DataRequestCase>;

function WithdrawForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const withdraw = useCaseAction(ops.withdraw, c.radicado, t);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const send = async () => {
    setState({ busy: true, error: null });
    const result = await withdraw({});
    if (result.ok) onDone(result.answer, t.withdraw.done);
    else setState({ busy: false, error: result.text });
  };
  return (
    <ActionSection id="accion-desistida" title={t.withdraw.title} intro={t.withdraw.intro}>
      {c.actions.withdraw.allowed ? (
        <>
          {state.error ? <Notice kind="error" text={state.error} /> : null}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void send()}
            disabled={state.busy}
            aria-busy={state.busy || undefined}
          >
            {state.busy ? t.withdraw.busy : t.withdraw.submit}
          </button>
        </>
      ) : (
        <Unavailable label={t.notAvailable} reason={c.actions.withdraw.reason} />
      )}
    </ActionSection>
  );
}

/** Supresión: the answer is written first; a dialog lists what goes and what the law keeps before anything is erased. */
function EraseForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const erase = useCaseAction(ops.erase, c.radicado, t);
  const form = useZodForm(dataRespondRequestSchema, { defaultValues: { response: '' } });
  const field = fieldsOf(form);
  const [pending, setPending] = useState<{ response: string; busy: boolean; error: string | null } | null>(null);
  const submission = useFormSubmission(form, async (values) => {
    setPending({ response: values.response, busy: false, error: null });
    return sent(null);
  });
  const confirm = async () => {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: null });
    const result = await erase({ confirm: true, response: pending.response });
    if (result.ok) {
      setPending(null);
      onDone(result.answer, result.answer.erasure?.accountPending ? t.erase.donePending : t.erase.done);
    } else setPending({ ...pending, busy: false, error: result.text });
  };
  return (
    <ActionSection id="accion-suprimir" title={t.erase.title} intro={t.erase.intro}>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="accion-suprimir"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextAreaField label={t.erase.field} required rows={5} {...field('response')} />
        <SubmitButton busy={submission.busy} busyLabel={t.erase.busy} className="btn staff-danger">
          {t.erase.review}
        </SubmitButton>
      </SubmissionForm>
      {pending ? (
        <ConfirmDialog
          title={t.erase.confirmTitle}
          confirmLabel={t.erase.confirm}
          busyLabel={t.erase.busy}
          cancelLabel={t.erase.cancel}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          <p>{t.erase.confirmIntro(c.request?.email ?? '')}</p>
          <h3>{t.erase.erasedTitle}</h3>
          <ul>
            {t.erase.erased.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <h3>{t.erase.keptTitle}</h3>
          <ul>
            {t.erase.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </ConfirmDialog>
      ) : null}
    </ActionSection>
  );
}

function Summary({ c }: { c: DataRequestCase }) {
  const rows: Array<[string, ReactNode]> = [
    [t.kind, kindLabel(c.kind)],
    [t.status, <strong key="s">{c.status}</strong>],
    [t.filed, dateTimeOf(c.createdAt)],
    [t.due, <DueDate key="d" c={c} extendedFrom={t.extendedFrom} />],
    [t.termLabel, t.term(c.termDays)],
  ];
  if (c.completion)
    rows.push([t.completionLabel, t.completionAsked(dateTimeOf(c.completion.requestedAt), dateOf(c.completion.withdrawFrom))]);
  if (c.response) rows.push([t.responded, dateTimeOf(c.response.at)]);
  if (c.export) rows.push([t.exportLabel, t.exportSent(c.export.records, dateTimeOf(c.export.at), dateTimeOf(c.export.expiresAt))]);
  if (c.erasure)
    rows.push([
      t.erasureLabel,
      <>
        {t.erasureDone(dateTimeOf(c.erasure.at))}
        {Object.entries(c.erasure.summary).map(([what, n]) => (
          <span key={what} className="case-block">
            {t.erasureSummary(what, n)}
          </span>
        ))}
        {c.erasure.accountPending ? <strong className="case-block">{t.erasureAccountPending}</strong> : null}
      </>,
    ]);
  return (
    <CaseCard id="datos-estado" title={t.summaryTitle}>
      <Facts rows={rows} />
      {c.response ? <Quote title={t.responseTitle} text={c.response.text} /> : null}
      <CaseAttachmentList ops={ops} radicado={c.radicado} items={c.attachments.filter((a) => a.part === 'respuesta')} />
    </CaseCard>
  );
}

function Filed({ c }: { c: DataRequestCase }) {
  const r = c.request;
  return (
    <CaseCard id="datos-pedido" title={t.requestTitle}>
      {r ? (
        <>
          <Facts
            rows={[
              [t.name, r.name],
              [t.email, r.email],
            ]}
          />
          <Quote title={t.details} text={r.details} />
          {r.correction ? <Quote title={t.correction} text={r.correction} /> : null}
        </>
      ) : (
        <p>{t.contactErased}</p>
      )}
    </CaseCard>
  );
}

/** The actions the request allows today, each the kit's one-text form but the erasure and the withdrawal. */
function Actions({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const a = c.actions;
  const start = useCaseAction(ops.start, c.radicado, t);
  const respond = useCaseAction(ops.respond, c.radicado, t);
  const exportCopy = useCaseAction(ops.export, c.radicado, t);
  const ask = useCaseAction(ops.requestCompletion, c.radicado, t);
  const resume = useCaseAction(ops.resume, c.radicado, t);
  const extend = useCaseAction(ops.extend, c.radicado, t);
  const { newDueDate, extensionDays } = a.extend;
  const { deadline } = a.requestCompletion;
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const common = { onDone, notAvailable: t.notAvailable };
  return (
    <>
      {a.start.allowed ? (
        <TextActionForm
          {...common}
          id="accion-tramite"
          title={t.start.title}
          intro={t.start.intro}
          schema={dataStartRequestSchema}
          name="note"
          label={t.start.note}
          rows={2}
          submit={t.start.submit}
          busy={t.start.busy}
          send={start}
          done={() => t.start.done}
        />
      ) : null}
      {a.export.allowed ? (
        // The export's body is the same answer text (schemas.ts).
        <TextActionForm
          {...common}
          id="accion-copia"
          title={t.export.title}
          intro={t.export.intro}
          submit={t.export.submit}
          busy={t.export.busy}
          schema={dataRespondRequestSchema}
          name="response"
          label={t.export.field}
          required
          rows={6}
          send={exportCopy}
          done={(answer) => t.export.done(answer.export?.records ?? 0)}
        />
      ) : null}
      {a.erase.allowed ? <EraseForm c={c} onDone={onDone} /> : null}
      {c.kind !== 'acceso' && c.status !== 'Incompleta' ? (
        <TextActionForm
          {...common}
          id="accion-completar"
          title={t.completion.title}
          intro={deadline ? t.completion.intro(dateOf(deadline)) : undefined}
          schema={dataCompletionRequestSchema}
          name="message"
          label={t.completion.field}
          required
          rows={3}
          submit={t.completion.submit}
          busy={t.completion.busy}
          send={ask}
          done={() => t.completion.done}
          verdict={a.requestCompletion}
        />
      ) : null}
      {a.resume.allowed ? (
        <TextActionForm
          {...common}
          id="accion-reanudar"
          title={t.resume.title}
          intro={t.resume.intro(c.termDays)}
          schema={dataResumeRequestSchema}
          name="note"
          label={t.resume.note}
          rows={2}
          submit={t.resume.submit}
          busy={t.resume.busy}
          send={resume}
          done={(answer) => t.resume.done(dateOf(answer.dueDate))}
        />
      ) : null}
      {c.status === 'Incompleta' ? <WithdrawForm c={c} onDone={onDone} /> : null}
      <TextActionForm
        {...common}
        id="accion-ampliar"
        title={t.extend.title}
        intro={a.extend.allowed && newDueDate ? t.extend.intro(extensionDays, dateOf(newDueDate)) : undefined}
        schema={dataExtendRequestSchema}
        name="reason"
        label={t.extend.reason}
        required
        rows={3}
        submit={t.extend.submit}
        busy={t.extend.busy}
        send={extend}
        done={(answer) => t.extend.done(dateOf(answer.dueDate))}
        verdict={a.extend}
      />
      <TextActionForm
        {...common}
        id="accion-responder"
        title={t.respond.title}
        intro={t.respond.intro}
        submit={t.respond.submit}
        busy={t.respond.busy}
        schema={dataRespondRequestSchema}
        name="response"
        label={t.respond.field}
        required
        rows={6}
        // The files chosen and uploaded go with the answer (#32): its e-mail links them for 30 days.
        send={(values) => respond(files.length ? { ...values, attachments: files.map((f) => f.id) } : values)}
        done={() => t.respond.done}
        extra={
          <CaseAttachmentPicker ops={ops} radicado={c.radicado} files={files} onChange={setFiles} hint={attachmentUiTexts.answerHint} />
        }
      />
    </>
  );
}

/**
 * `account/StaffDataRequest` (prop `radicado`): a data subject's request, its term and history, and the actions the law
 * and its status allow today (the server says which, and why not): En trámite, Ampliar plazo (once, before it ends),
 * Responder, and per kind the copy of the data (acceso) or the erasure behind a confirmation (supresión, revocatoria).
 */
export default function StaffDataRequest({ radicado }: { radicado: string }) {
  const { loaded, load, notice, version, onDone } = useCaseScreen(ops.case, radicado, t);
  return (
    <CaseScreen
      id="datos"
      back={{ href: staffPath('/equipo/datos-personales'), label: t.back }}
      title={t.title(radicado)}
      loaded={loaded}
      texts={t}
      onRetry={() => void load()}
      notice={notice}
    >
      {(c) => (
        <>
          <CaseOverview>
            <Summary c={c} />
            <Filed c={c} />
          </CaseOverview>
          <CaseAssignment
            key={`asignacion-${version}`}
            id="datos"
            c={c}
            radicado={radicado}
            open={c.status !== 'Respondida' && c.status !== 'Desistida'}
            assign={ops.assign}
            assignees={ops.assignees}
            onDone={onDone}
          />
          {c.actions.respond.allowed ? (
            <CaseActions key={`acciones-${version}`} id="datos-acciones" title={t.actionsTitle}>
              <Actions c={c} onDone={onDone} />
            </CaseActions>
          ) : null}
          <CaseHistory id="datos-historial" history={c.history} texts={t} />
        </>
      )}
    </CaseScreen>
  );
}

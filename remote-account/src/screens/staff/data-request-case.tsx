import 'shared/ui/staff/screens.css';
import './data-requests.css';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ApiResult } from 'shared/api/client';
import {
  dataCompletionRequestSchema,
  dataExtendRequestSchema,
  dataRespondRequestSchema,
  dataResumeRequestSchema,
  dataStartRequestSchema,
  type DataRequestCase,
} from 'shared/schemas/data-requests-api';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { LoadState, messageOf as kitMessageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission, type Sent } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { useEraseStaffDataRequest } from '../../api/erase-staff-data-request';
import { useExportStaffDataRequest } from '../../api/export-staff-data-request';
import { useExtendStaffDataRequest } from '../../api/extend-staff-data-request';
import { useGetStaffDataRequest } from '../../api/get-staff-data-request';
import { useRequestStaffDataCompletion } from '../../api/request-staff-data-completion';
import { useRespondStaffDataRequest } from '../../api/respond-staff-data-request';
import { useResumeStaffDataRequest } from '../../api/resume-staff-data-request';
import { useStartStaffDataRequest } from '../../api/start-staff-data-request';
import { useWithdrawStaffDataRequest } from '../../api/withdraw-staff-data-request';
import { DeadlineTag } from './data-requests-inbox';
import { dataCaseTexts as t, dateOf, dateTimeOf, kindLabel } from './data-requests-texts';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; c: DataRequestCase };
type Done = (c: DataRequestCase, message: string) => void;

const messageOf = (result: ApiResult<unknown>) => kitMessageOf(result, t.network, t.failed);

function outcome(result: ApiResult<DataRequestCase>): Sent<DataRequestCase> {
  if (result.kind === 'ok') return sent(result.data);
  return failed(messageOf(result), { fields: result.kind === 'error' ? result.fields : undefined });
}

/** Calls an action with a fresh token. */
function useAction<B>(operation: (radicado: string, body: B, token: string) => Promise<ApiResult<DataRequestCase>>, radicado: string) {
  const session = useStaffSession();
  return useCallback(
    async (body: B): Promise<Sent<DataRequestCase>> => {
      const token = await session.getIdToken();
      if (!token) return failed(t.network);
      return outcome(await operation(radicado, body, token));
    },
    [operation, radicado, session],
  );
}

function ActionSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="card data-action" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {intro ? <p className="staff-screen__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

function Unavailable({ reason }: { reason: string | null }) {
  return (
    <p className="data-unavailable">
      <strong>{t.notAvailable}</strong> {reason}
    </p>
  );
}

function StartForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const start = useAction(useStartStaffDataRequest(), c.radicado);
  const form = useZodForm(dataStartRequestSchema, { defaultValues: { note: '' } });
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

function ExtendForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const extend = useAction(useExtendStaffDataRequest(), c.radicado);
  const form = useZodForm(dataExtendRequestSchema, { defaultValues: { reason: '' } });
  const field = fieldsOf(form);
  const { allowed, reason, newDueDate, extensionDays } = c.actions.extend;
  const submission = useFormSubmission(form, async (values) => {
    const result = await extend(values);
    if (result.ok) onDone(result.answer, t.extend.done(dateOf(result.answer.dueDate)));
    return result;
  });
  return (
    <ActionSection
      id="accion-ampliar"
      title={t.extend.title}
      intro={allowed && newDueDate ? t.extend.intro(extensionDays, dateOf(newDueDate)) : undefined}
    >
      {allowed ? (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby="accion-ampliar"
          summary={<SubmitErrors form={form} submission={submission} />}
        >
          <TextAreaField label={t.extend.reason} required rows={3} {...field('reason')} />
          <SubmitButton busy={submission.busy} busyLabel={t.extend.busy}>
            {t.extend.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : (
        <Unavailable reason={reason} />
      )}
    </ActionSection>
  );
}

function CompletionForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const ask = useAction(useRequestStaffDataCompletion(), c.radicado);
  const form = useZodForm(dataCompletionRequestSchema, { defaultValues: { message: '' } });
  const field = fieldsOf(form);
  const { allowed, reason, deadline } = c.actions.requestCompletion;
  const submission = useFormSubmission(form, async (values) => {
    const result = await ask(values);
    if (result.ok) onDone(result.answer, t.completion.done);
    return result;
  });
  return (
    <ActionSection id="accion-completar" title={t.completion.title} intro={deadline ? t.completion.intro(dateOf(deadline)) : undefined}>
      {allowed ? (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby="accion-completar"
          summary={<SubmitErrors form={form} submission={submission} />}
        >
          <TextAreaField label={t.completion.field} required rows={3} {...field('message')} />
          <SubmitButton busy={submission.busy} busyLabel={t.completion.busy}>
            {t.completion.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : (
        <Unavailable reason={reason} />
      )}
    </ActionSection>
  );
}

function ResumeForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const resume = useAction(useResumeStaffDataRequest(), c.radicado);
  const form = useZodForm(dataResumeRequestSchema, { defaultValues: { note: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await resume(values);
    if (result.ok) onDone(result.answer, t.resume.done(dateOf(result.answer.dueDate)));
    return result;
  });
  return (
    <ActionSection id="accion-reanudar" title={t.resume.title} intro={t.resume.intro(c.termDays)}>
      <SubmissionForm className="form" honeypot={false} submission={submission} aria-labelledby="accion-reanudar">
        <TextAreaField label={t.resume.note} rows={2} {...field('note')} />
        <SubmitButton busy={submission.busy} busyLabel={t.resume.busy}>
          {t.resume.submit}
        </SubmitButton>
      </SubmissionForm>
    </ActionSection>
  );
}

function WithdrawForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const withdraw = useAction(useWithdrawStaffDataRequest(), c.radicado);
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
        <Unavailable reason={c.actions.withdraw.reason} />
      )}
    </ActionSection>
  );
}

/** A response text and one button: plain answer, or answer with the copy of the data (acceso). */
function AnswerForm({
  onDone,
  id,
  texts,
  send,
  doneText,
}: {
  onDone: Done;
  id: string;
  texts: { title: string; intro: string; field: string; submit: string; busy: string };
  send: (body: { response: string }) => Promise<Sent<DataRequestCase>>;
  doneText: (answer: DataRequestCase) => string;
}) {
  // The export's body is the same answer text (shared/schemas/data-requests-api.ts).
  const form = useZodForm(dataRespondRequestSchema, { defaultValues: { response: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await send(values);
    if (result.ok) onDone(result.answer, doneText(result.answer));
    return result;
  });
  return (
    <ActionSection id={id} title={texts.title} intro={texts.intro}>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby={id}
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextAreaField label={texts.field} required rows={6} {...field('response')} />
        <SubmitButton busy={submission.busy} busyLabel={texts.busy}>
          {texts.submit}
        </SubmitButton>
      </SubmissionForm>
    </ActionSection>
  );
}

/** Supresión: the answer is written first; a dialog lists what goes and what the law keeps before anything is erased. */
function EraseForm({ c, onDone }: { c: DataRequestCase; onDone: Done }) {
  const erase = useAction(useEraseStaffDataRequest(), c.radicado);
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
        <SubmitButton busy={submission.busy} busyLabel={t.erase.busy} className="btn data-danger">
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

function Summary({ c }: { c: DataRequestCase }) {
  const rows: Array<[string, ReactNode]> = [
    [t.kind, kindLabel(c.kind)],
    [t.status, <strong key="s">{c.status}</strong>],
    [t.filed, dateTimeOf(c.createdAt)],
    [
      t.due,
      <>
        {dateOf(c.dueDate)} <DeadlineTag urgency={c.urgency} left={c.businessDaysLeft} />
        {c.originalDueDate && c.extension ? (
          <span className="data-block staff-muted">{t.extendedFrom(dateOf(c.originalDueDate), c.extension.reason)}</span>
        ) : null}
      </>,
    ],
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
          <span key={what} className="data-block">
            {t.erasureSummary(what, n)}
          </span>
        ))}
        {c.erasure.accountPending ? <strong className="data-block">{t.erasureAccountPending}</strong> : null}
      </>,
    ]);
  return (
    <section className="card" aria-labelledby="datos-estado">
      <h2 id="datos-estado">{t.summaryTitle}</h2>
      <dl className="data-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {c.response ? (
        <div className="data-quote">
          <h3>{t.responseTitle}</h3>
          <Paragraphs text={c.response.text} />
        </div>
      ) : null}
    </section>
  );
}

function Filed({ c }: { c: DataRequestCase }) {
  const r = c.request;
  return (
    <section className="card" aria-labelledby="datos-pedido">
      <h2 id="datos-pedido">{t.requestTitle}</h2>
      {r ? (
        <>
          <dl className="data-facts">
            <div>
              <dt>{t.name}</dt>
              <dd>{r.name}</dd>
            </div>
            <div>
              <dt>{t.email}</dt>
              <dd>{r.email}</dd>
            </div>
          </dl>
          <h3>{t.details}</h3>
          <div className="data-quote">
            <Paragraphs text={r.details} />
          </div>
          {r.correction ? (
            <>
              <h3>{t.correction}</h3>
              <div className="data-quote">
                <Paragraphs text={r.correction} />
              </div>
            </>
          ) : null}
        </>
      ) : (
        <p>{t.contactErased}</p>
      )}
    </section>
  );
}

function History({ c }: { c: DataRequestCase }) {
  return (
    <section aria-labelledby="datos-historial">
      <h2 id="datos-historial">{t.historyTitle}</h2>
      <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
        {c.history.map((h, i) => (
          <tr key={i}>
            <td className="staff-nowrap">{dateTimeOf(h.at)}</td>
            <th scope="row">{t.events[h.action] ?? h.status}</th>
            <td>{h.actorEmail ?? t.person}</td>
            <td>
              {h.dueDate ? <span className="data-block">{t.newDue(dateOf(h.dueDate))}</span> : null}
              {h.note ? <Paragraphs text={h.note} /> : null}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

/**
 * `account/StaffDataRequest` (prop `radicado`): a data subject's request, its term and history, and the actions the law
 * and its status allow today (the server says which, and why not): En trámite, Ampliar plazo (once, before it ends),
 * Responder, and per kind the copy of the data (acceso) or the erasure behind a confirmation (supresión, revocatoria).
 */
export default function StaffDataRequest({ radicado }: { radicado: string }) {
  const session = useStaffSession();
  const get = useGetStaffDataRequest();
  const respond = useAction(useRespondStaffDataRequest(), radicado);
  const exportCopy = useAction(useExportStaffDataRequest(), radicado);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const [version, setVersion] = useState(0);

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
      <a href={staffPath('/equipo/datos-personales')}>
        <span aria-hidden="true">← </span>
        {t.back}
      </a>
    </p>
  );

  if (loaded.kind !== 'ready') {
    return (
      <section className="staff-screen data-staff" aria-labelledby="datos-caso-titulo">
        {back}
        <h1 id="datos-caso-titulo">{t.title(radicado)}</h1>
        <LoadState state={loaded} loading={t.loading} retry={t.retry} onRetry={() => void load()} />
        {loaded.kind === 'missing' ? <Notice kind="error" text={t.notFound} /> : null}
      </section>
    );
  }

  const { c } = loaded;
  const a = c.actions;
  const open = a.respond.allowed;
  return (
    <section className="staff-screen data-staff" aria-labelledby="datos-caso-titulo">
      {back}
      <h1 id="datos-caso-titulo">{t.title(c.radicado)}</h1>
      {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} /> : null}
      <div className="data-case">
        <Summary c={c} />
        <Filed c={c} />
      </div>
      {open ? (
        <section aria-labelledby="datos-acciones" className="data-actions" key={`acciones-${version}`}>
          <h2 id="datos-acciones">{t.actionsTitle}</h2>
          {a.start.allowed ? <StartForm c={c} onDone={onDone} /> : null}
          {a.export.allowed ? (
            <AnswerForm
              onDone={onDone}
              id="accion-copia"
              texts={t.export}
              send={exportCopy}
              doneText={(answer) => t.export.done(answer.export?.records ?? 0)}
            />
          ) : null}
          {a.erase.allowed ? <EraseForm c={c} onDone={onDone} /> : null}
          {c.kind !== 'acceso' && c.status !== 'Incompleta' ? <CompletionForm c={c} onDone={onDone} /> : null}
          {a.resume.allowed ? <ResumeForm c={c} onDone={onDone} /> : null}
          {c.status === 'Incompleta' ? <WithdrawForm c={c} onDone={onDone} /> : null}
          <ExtendForm c={c} onDone={onDone} />
          <AnswerForm onDone={onDone} id="accion-responder" texts={t.respond} send={respond} doneText={() => t.respond.done} />
        </section>
      ) : null}
      <History c={c} />
    </section>
  );
}

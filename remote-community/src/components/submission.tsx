import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ConsentFormDeclaration } from 'shared/legal/privacy-policy';
import type { ApiResult } from 'shared/api/client';
import type { HONEYPOT_FIELD } from 'shared/schemas/common';
import { useAppDispatch } from 'shared/store';
import {
  failed,
  FailureMessage,
  sent,
  SubmissionForm,
  useFocusOnMount,
  useFormSubmission,
  fieldsOf,
  withHoneypot,
  type Sent,
  type Submission,
} from 'shared/ui/submission-form';
import { DataAuthorization } from 'shared/ui/consent';
import { SubmitButton } from 'shared/ui/form';
import { SubmitErrors } from 'shared/ui/error-summary';
import { submissionStored } from '../state/submissions-slice';
import { formTexts } from '../texts';

export interface SubmissionOptions<V, A> {
  /** Key under which the stored id is recorded in the submissions slice. */
  form: string;
  /** The declared operation (its feature's `operations.ts`) that stores the record. */
  send: (body: V & { [HONEYPOT_FIELD]?: string }) => Promise<ApiResult<A>>;
  /** The stored record's id in the server's answer; no id means nothing was stored. */
  idOf: (answer: A) => string | undefined;
  failed: string;
  network: string;
}

/** What a community API answered, as the form kit reads it: stored only with an id, the server's hints kept. */
function storedOrFailure<A>(result: ApiResult<A>, options: Pick<SubmissionOptions<never, A>, 'idOf' | 'failed' | 'network'>) {
  if (result.kind === 'network') return failed(options.network);
  if (result.kind === 'error') {
    // A rate limit or the server's own validation tells the visitor what to do; other failures need no detail.
    const detail = result.status === 429 || result.fields ? result.message : undefined;
    return failed(options.failed, { fields: result.fields, detail });
  }
  const id = options.idOf(result.data);
  return id ? sent({ id, answer: result.data }) : failed(options.failed);
}

/**
 * Sends a community form and reports the outcome. Success only when the server answered with the id of a stored
 * record (recorded in the submissions slice); the server's field messages land on their fields.
 */
export function useSubmission<V extends FieldValues, O, A>(form: UseFormReturn<V, unknown, O>, options: SubmissionOptions<O, A>) {
  const dispatch = useAppDispatch();
  return useFormSubmission(form, async (values, { honeypot }): Promise<Sent<{ id: string; answer: A }>> => {
    const result = storedOrFailure(await options.send(withHoneypot(values, honeypot)), options);
    if (result.ok) dispatch(submissionStored({ form: options.form, id: result.answer.id }));
    return result;
  });
}

/** The confirmation shown once the server stored the submission; takes focus. */
export function StoredMessage({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--success stored-message" role="status" tabIndex={-1}>
      <p className="stored-message__title">
        <strong>{title}</strong>
      </p>
      {children}
      {action ? <div className="stored-message__actions">{action}</div> : null}
    </div>
  );
}

/** "Los campos marcados con * son obligatorios." */
export function RequiredNote() {
  return <p className="form-note">{formTexts.requiredNote}</p>;
}

/** A failed send: the spec's message, the server's hint when useful, the data kept, and a retry; takes focus. */
export function CommunityFailure({ submission }: { submission: Pick<Submission, 'failure' | 'onSubmit' | 'busy'> }) {
  if (!submission.failure) return null;
  return (
    <FailureMessage
      failure={submission.failure}
      note={formTexts.keptData}
      retryLabel={formTexts.retry}
      onRetry={() => void submission.onSubmit()}
      busy={submission.busy}
    />
  );
}

/**
 * A community form in its two states: the confirmation once the server stored the record (`stored`), otherwise the
 * kit's form: the required-fields note, the error list, the failure with its retry, the page's fields (`children`),
 * the send button and the privacy line.
 */
export function CommunityForm<V extends FieldValues, O, A>({
  form,
  submission,
  label,
  submitLabel,
  busyLabel = formTexts.sending,
  stored,
  consent,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  submission: ReturnType<typeof useSubmission<V, O, A>>;
  label: string;
  submitLabel: string;
  busyLabel?: string;
  stored: (record: { id: string; answer: A }) => ReactNode;
  /** The form's authorization (#15): a required box, or the notice where the law asks for none (a PQRSF). */
  consent: ConsentFormDeclaration;
  children: ReactNode;
}) {
  if (submission.state.kind === 'sent') return stored(submission.state.answer);
  return (
    <SubmissionForm
      className="form"
      aria-label={label}
      submission={submission}
      header={<RequiredNote />}
      summary={<SubmitErrors form={form} submission={submission} />}
      failure={() => <CommunityFailure submission={submission} />}
    >
      {children}
      {consent.basis === 'legal_duty' ? (
        <DataAuthorization form={consent} />
      ) : (
        <DataAuthorization form={consent} {...fieldsOf(form)('data_authorization' as Path<V>)} />
      )}
      <div className="form-actions">
        <SubmitButton busy={submission.busy} className="btn btn--accent" busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </SubmissionForm>
  );
}

/** "Enviar otro registro": empties the form and shows it again after a stored submission. */
export function SendAnotherButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost btn--small" onClick={onClick}>
      {formTexts.another}
    </button>
  );
}

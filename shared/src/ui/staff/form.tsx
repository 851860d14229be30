import { useEffect, useRef, type BaseSyntheticEvent, type ReactNode, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { SubmitButton } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { messageOf, Notice } from './kit';

/**
 * A panel form on the visitors' form kit (#27): react-hook-form holds the values, the kit's fields show them with their
 * errors, and `useFormSubmission` sends them through a declared operation (`useOperationCall`: the staff client brings
 * the member's token; after the session ended nothing is sent and the form says so). The server checks the values:
 * its message for a field goes on that field, and its message for the whole is `failure`, said by `StaffFormFailure`.
 */
export function useStaffForm<V extends FieldValues, A>({
  defaultValues,
  send,
  onSent,
  texts,
}: {
  defaultValues: DefaultValues<V>;
  /** A declared operation's call (`useOperationCall`): no token in the screen. */
  send: (values: V) => Promise<ApiResult<A>>;
  /** After a send the server took, with its answer (say so, reset the form). */
  onSent: (answer: A, values: V) => void;
  texts: { network: string; failed: string; sessionEnded: string };
}) {
  const form = useForm<V>({ defaultValues, mode: 'onSubmit' });
  const submission = useFormSubmission(form, async (values: V) => {
    const result = await send(values);
    // The session had ended: the staff client sent nothing.
    if (isSessionEnded(result)) return failed(texts.sessionEnded);
    if (result.kind !== 'ok')
      return failed(messageOf(result, texts.network, texts.failed), { fields: result.kind === 'error' ? result.fields : undefined });
    onSent(result.data, values);
    return sent(result.data);
  });
  return { form, field: fieldsOf(form), ...submission };
}

/** Why the last send failed, taking focus again after each failed send. */
export function StaffFormFailure({ submission }: { submission: { failure: { text: string } | null; failures: number } }) {
  return submission.failure ? <Notice key={submission.failures} kind="error" text={submission.failure.text} /> : null;
}

/**
 * A panel form in its frame: named by its heading (which takes focus when `focusTitle`: an edit form opened from a
 * row), why the last send failed, the fields, and the submit button with a way back when there is one.
 */
export function StaffForm({
  id,
  title,
  focusTitle = false,
  submission,
  submitLabel,
  busyLabel,
  cancel,
  children,
}: {
  id: string;
  title: string;
  focusTitle?: boolean;
  submission: {
    formRef: RefObject<HTMLFormElement | null>;
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
    busy: boolean;
    failure: { text: string } | null;
    failures: number;
  };
  submitLabel: string;
  busyLabel: string;
  cancel?: { label: string; onCancel: () => void } | undefined;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) headingRef.current?.focus();
  }, [focusTitle]);
  return (
    <form
      ref={submission.formRef}
      className="form card"
      onSubmit={(e) => void submission.onSubmit(e)}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <StaffFormFailure submission={submission} />
      {children}
      <p className="staff-filters__actions">
        <SubmitButton busy={submission.busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        {cancel ? (
          <button type="button" className="btn btn--ghost" onClick={cancel.onCancel}>
            {cancel.label}
          </button>
        ) : null}
      </p>
    </form>
  );
}

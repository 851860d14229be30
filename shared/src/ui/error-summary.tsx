import type { RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFocusOnMount, type Submission } from './submission-form';

/**
 * The error summary of the form kit (spec §8): after a submit attempt, the alert above the form lists each message
 * with a link to its field, in the order the visitor sees the fields, and takes focus on every failed attempt.
 */

/** For a field name, the element to focus instead of react-hook-form's (or null for the default). */
export type FocusTarget = (field: string) => HTMLElement | null;

/** The error list's heading (the spec's wording). */
export const summaryTitle = 'Por favor corrige los siguientes errores:';

/**
 * The alert above a form (spec §8): each message links to its field, or — when nothing is wrong with the fields —
 * why the send failed. Takes focus when it appears; the form re-keys it on every attempt, so it does again.
 */
export function ErrorSummary<V extends FieldValues, O>({
  form,
  formRef,
  title = summaryTitle,
  failure,
  focusTarget,
}: {
  form: UseFormReturn<V, unknown, O>;
  formRef?: RefObject<HTMLFormElement | null>;
  title?: string;
  /** Shown alone when no field has an error (the donation form's alert). */
  failure?: string | null | undefined;
  /** The element a message's link focuses, when it is not react-hook-form's own (a radio group's chosen option). */
  focusTarget?: FocusTarget | undefined;
}) {
  const ref = useFocusOnMount<HTMLDivElement>();
  // In the order the visitor sees the fields (a rule over several fields reports after them in the schema).
  const order = Array.from(formRef?.current?.elements ?? [], (element) => element.getAttribute('name'));
  const at = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const entries = Object.entries(form.formState.errors as Record<string, { message?: unknown } | undefined>)
    .filter((entry): entry is [string, { message: string }] => typeof entry[1]?.message === 'string')
    .sort(([a], [b]) => at(a) - at(b));
  const listed = entries.length > 0;
  if (!listed && !failure) return null;
  return (
    <div ref={ref} className={listed ? 'alert alert--error error-summary' : 'alert alert--error'} role="alert" tabIndex={-1}>
      <p>
        <strong>{listed ? title : failure}</strong>
      </p>
      <ul hidden={!listed}>
        {entries.map(([field, error]) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                const target = focusTarget?.(field);
                if (target) target.focus();
                else form.setFocus(field as Path<V>, { shouldSelect: false });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The summary as a kit form shows it: nothing before the first attempt; re-keyed on every attempt and every failed
 * send so it takes focus again. `failureInSummary`: with no field to blame, the alert says why the send failed.
 */
export function SubmitErrors<V extends FieldValues, O>({
  form,
  submission,
  title,
  failureInSummary = false,
  focusTarget,
}: {
  form: UseFormReturn<V, unknown, O>;
  submission: Pick<Submission, 'formRef' | 'failure' | 'failures'>;
  title?: string;
  failureInSummary?: boolean;
  focusTarget?: FocusTarget;
}) {
  const { submitCount } = form.formState;
  if (submitCount === 0) return null;
  return (
    <ErrorSummary
      key={`${submitCount}.${submission.failures}`}
      form={form}
      formRef={submission.formRef}
      title={title}
      failure={failureInSummary ? submission.failure?.text : null}
      focusTarget={focusTarget}
    />
  );
}

import { useEffect, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { apiClient } from 'shared/api/client';
import { HONEYPOT_FIELD } from 'shared/schemas/common';
import { useAppDispatch } from 'shared/store';
import { submissionStored } from '../state/submissions-slice';
import { Honeypot } from 'shared/ui/form';
import { formTexts } from '../texts';

export type Outcome<A> = { kind: 'idle' } | { kind: 'stored'; id: string; answer: A } | { kind: 'failed'; text: string; detail?: string };

export interface SubmissionOptions<A> {
  /** Key under which the stored id is recorded in the submissions slice. */
  form: string;
  path: string;
  /** The stored record's id in the server's answer; no id means nothing was stored. */
  idOf: (answer: A) => string | undefined;
  failed: string;
  network: string;
}

/** The value of the hidden honeypot at submit time (bots fill it; the API refuses those submissions). */
function honeypotOf(event?: BaseSyntheticEvent): string {
  const target = event?.target as HTMLFormElement | undefined;
  if (!target || typeof FormData === 'undefined' || !(target instanceof HTMLFormElement)) return '';
  const value = new FormData(target).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

/**
 * Sends a validated form to the community API and reports the outcome. Success only when the server answered
 * with the id of a stored record; the server's field messages land on their fields.
 */
export function useSubmission<V extends FieldValues, O, A>(form: UseFormReturn<V, unknown, O>, options: SubmissionOptions<A>) {
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<Outcome<A>>({ kind: 'idle' });

  const onSubmit = form.handleSubmit(async (values, event) => {
    setOutcome({ kind: 'idle' });
    const hp = honeypotOf(event);
    const body = hp ? { ...values, [HONEYPOT_FIELD]: hp } : values;
    const result = await apiClient.request<A>('POST', options.path, body);
    if (result.kind === 'ok') {
      const id = options.idOf(result.data);
      if (id) {
        dispatch(submissionStored({ form: options.form, id }));
        setOutcome({ kind: 'stored', id, answer: result.data });
        return;
      }
      setOutcome({ kind: 'failed', text: options.failed });
      return;
    }
    if (result.kind === 'network') {
      setOutcome({ kind: 'failed', text: options.network });
      return;
    }
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      form.setError(field as Path<V>, { type: 'server', message });
    }
    // A rate limit or the server's own validation tells the visitor what to do; other failures need no detail.
    const detail = result.status === 429 || result.fields ? result.message : undefined;
    setOutcome({ kind: 'failed', text: options.failed, ...(detail ? { detail } : {}) });
  });

  return { outcome, onSubmit, reset: () => setOutcome({ kind: 'idle' }), busy: form.formState.isSubmitting };
}

/** Brings a message into view from its top (below the sticky header, via scroll-padding) and focuses it. */
export function revealAndFocus(element: HTMLElement | null) {
  if (!element) return;
  // A tall message focused with the default scroll shows only its end; start at its heading instead.
  element.scrollIntoView?.({ block: 'start' });
  element.focus({ preventScroll: true });
}

/** Focuses an element when it appears, so keyboard and screen-reader users land on the news. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => revealAndFocus(ref.current), []);
  return ref;
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

/** A failed send: the spec's message, the server's hint when useful, and a retry; takes focus. */
export function FailureMessage({ text, detail, onRetry, busy }: { text: string; detail?: string; onRetry?: () => void; busy?: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--error failure-message" role="alert" tabIndex={-1}>
      <p>
        <strong>{text}</strong>
      </p>
      {detail ? <p>{detail}</p> : null}
      <p>{formTexts.keptData}</p>
      {onRetry ? (
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry} disabled={busy}>
          {formTexts.retry}
        </button>
      ) : null}
    </div>
  );
}

/** The error list's heading (the kit's default wording). */
const summaryTitle = 'Por favor corrige los siguientes errores:';

/** Each error links to its field: activating it puts the cursor there (react-hook-form knows the element). */
function LinkedErrorSummary<V extends FieldValues, O>({ form }: { form: UseFormReturn<V, unknown, O> }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(form.formState.errors as Record<string, { message?: unknown } | undefined>).filter(
    (entry): entry is [string, { message: string }] => typeof entry[1]?.message === 'string',
  );
  const shown = entries.length > 0;
  useEffect(() => {
    if (shown) revealAndFocus(ref.current);
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} className="alert alert--error error-summary" role="alert" tabIndex={-1}>
      <p>
        <strong>{summaryTitle}</strong>
      </p>
      <ul>
        {entries.map(([field, error]) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                form.setFocus(field as Path<V>, { shouldSelect: false });
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
 * The error list above a form after a submit attempt. Re-keyed on every attempt so it takes focus again; never
 * shown for on-blur messages, which must not pull focus away from the field the visitor is leaving.
 */
export function SubmitErrors<V extends FieldValues, O>({ form }: { form: UseFormReturn<V, unknown, O> }) {
  const { submitCount } = form.formState;
  if (submitCount === 0) return null;
  return <LinkedErrorSummary key={submitCount} form={form} />;
}

/** "Los campos marcados con * son obligatorios." */
export function RequiredNote() {
  return <p className="form-note">{formTexts.requiredNote}</p>;
}

type Submission<A> = ReturnType<typeof useSubmission<FieldValues, unknown, A>>;

/**
 * A community form in its two states: the confirmation once the server stored the record (`stored`), otherwise the
 * form, opened by the required-fields note, the error list, the failure with its retry and the honeypot, then the
 * page's own fields (`children`, submit button included).
 */
export function SubmissionForm<V extends FieldValues, O, A>({
  form,
  submission,
  label,
  stored,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  submission: Pick<Submission<A>, 'outcome' | 'onSubmit' | 'busy'>;
  label: string;
  stored: (outcome: Extract<Outcome<A>, { kind: 'stored' }>) => ReactNode;
  children: ReactNode;
}) {
  const { outcome, onSubmit, busy } = submission;
  if (outcome.kind === 'stored') return stored(outcome);
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={label}>
      <RequiredNote />
      <SubmitErrors form={form} />
      {outcome.kind === 'failed' ? <FailureMessage text={outcome.text} detail={outcome.detail} onRetry={onSubmit} busy={busy} /> : null}
      <Honeypot />
      {children}
    </form>
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

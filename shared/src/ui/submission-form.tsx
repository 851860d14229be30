import { useEffect, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { AppLink } from 'shared/navigation';
import { HONEYPOT_FIELD } from '../schemas/common';
import { FormMessage } from './form';

/**
 * The form kit: every form of the site (enrolment, donation, account, community) sends through `useFormSubmission`
 * and renders `SubmissionForm` (with `SubmitErrors` of ./error-summary where the form lists its errors), so the error
 * summary, its focus, the honeypot and the failure with a retry behave the same everywhere.
 */

/** Why a send failed, as the visitor reads it; `link` is a way out (e.g. "Ir a Iniciar sesión"). */
export interface Failure {
  text: string;
  detail?: string | undefined;
  link?: { to: string; label: string } | undefined;
}

/** What a form's `send` came to: the answer, or a failure with the server's messages for single fields. */
export type Sent<A> = { ok: true; answer: A } | ({ ok: false; fields?: Record<string, string> | undefined } & Failure);

/** A successful send with this answer. */
export const sent = <A,>(answer: A): Sent<A> => ({ ok: true, answer });

/** A failed send: the text to show and, optionally, the server's field messages. */
export const failed = (text: string, extra: Omit<Extract<Sent<never>, { ok: false }>, 'ok' | 'text'> = {}): Sent<never> => ({
  ok: false,
  text,
  ...extra,
});

/**
 * Hidden from people (visually and for assistive technology); bots that fill every field give themselves away. Here,
 * not in form.tsx: importing the field's name from the schemas there pulled zod into every page that shows a message.
 */
export function Honeypot() {
  return (
    <div className="hp-field" aria-hidden="true">
      <label>
        No llenes este campo
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

export type SubmissionState<A> = { kind: 'idle' } | { kind: 'sent'; answer: A } | { kind: 'failed'; failure: Failure };

/** The value of the hidden honeypot (bots fill every field; the API refuses what carries one). */
export function honeypotOf(form: HTMLFormElement | null | undefined): string {
  if (!form) return '';
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

/** The body to send: the form's values, plus the honeypot only when something filled it. */
export const withHoneypot = <T,>(values: T, honeypot: string): T & { [HONEYPOT_FIELD]?: string } => ({
  ...values,
  ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
});

/**
 * Sends a form validated by its zod schema. `send` gets the parsed values and the honeypot's value (read from the
 * form itself: react-hook-form does not know the field, and the schemas drop unknown keys). A failure keeps the
 * values, puts the server's field messages on their fields, and can be retried with `onSubmit` again.
 */
export function useFormSubmission<V extends FieldValues, O, A>(
  form: UseFormReturn<V, unknown, O>,
  send: (values: O, extras: { honeypot: string }) => Promise<Sent<A>>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<SubmissionState<A>>({ kind: 'idle' });
  // Counts failed sends, so the error summary and the failure take focus again after each one.
  const [failures, setFailures] = useState(0);

  const onSubmit = form.handleSubmit(async (values) => {
    setState({ kind: 'idle' });
    const result = await send(values, { honeypot: honeypotOf(formRef.current) });
    if (result.ok) {
      setState({ kind: 'sent', answer: result.answer });
      return;
    }
    for (const [field, message] of Object.entries(result.fields ?? {})) form.setError(field as Path<V>, { type: 'server', message });
    setState({ kind: 'failed', failure: { text: result.text, detail: result.detail, link: result.link } });
    setFailures((n) => n + 1);
  });

  return {
    formRef,
    state,
    failures,
    failure: state.kind === 'failed' ? state.failure : null,
    onSubmit,
    busy: form.formState.isSubmitting,
    reset: () => setState({ kind: 'idle' }),
  };
}

export type Submission<A = unknown> = ReturnType<typeof useFormSubmission<FieldValues, unknown, A>>;

/**
 * `{...field('email')}` gives a kit field its registration and its current error message, so a screen lists each
 * field once instead of repeating `error={errors.x?.message} {...register('x')}`.
 */
export function fieldsOf<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>) {
  const errors = form.formState.errors;
  return <N extends Path<V>>(name: N, options?: RegisterOptions<V, N>) => {
    // By path: a nested field's error ('contact.email', 'presets.0.amount') is kept nested, not under the dotted name.
    const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
    return { ...form.register(name, options), error: typeof message === 'string' ? message : undefined };
  };
}

/** Brings a message into view from its top (below the sticky header, via scroll-padding) and focuses it. */
export function revealAndFocus(element: HTMLElement | null) {
  if (!element) return;
  // A tall message focused with the default scroll shows only its end; start at its heading instead.
  element.scrollIntoView?.({ block: 'start' });
  element.focus({ preventScroll: true });
}

/** Focuses an element when it appears, so keyboard and screen-reader users land on the news. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => revealAndFocus(ref.current), []);
  return ref;
}

/** A failed send with the data kept and a retry button; takes focus. */
export function FailureMessage({
  failure,
  note,
  retryLabel,
  onRetry,
  busy,
}: {
  failure: Failure;
  /** e.g. "Tus datos siguen en el formulario…". */
  note?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  busy?: boolean;
}) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--error failure-message" role="alert" tabIndex={-1}>
      <p>
        <strong>{failure.text}</strong>
      </p>
      {failure.detail ? <p>{failure.detail}</p> : null}
      {note ? <p>{note}</p> : null}
      <button type="button" className="btn btn--ghost btn--small" onClick={onRetry} disabled={busy}>
        {retryLabel}
      </button>
    </div>
  );
}

/** The plain failure line of a form: the text, then its way out when there is one. */
export function FailureNote({ failure, prefix = '' }: { failure: Failure; prefix?: string }) {
  return (
    <FormMessage kind="error">
      {prefix}
      {failure.text}
      {failure.link ? (
        <>
          {' '}
          <AppLink to={failure.link.to}>{failure.link.label}</AppLink>
        </>
      ) : null}
    </FormMessage>
  );
}

export type SubmissionFormProps<V extends FieldValues, O, A> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  submission: Pick<ReturnType<typeof useFormSubmission<V, O, A>>, 'formRef' | 'onSubmit' | 'failure' | 'failures' | 'busy'>;
  /** Above the error summary (a heading, the required-fields note). */
  header?: ReactNode;
  /**
   * The error list after a submit attempt (`<SubmitErrors …/>` of shared/ui/error-summary), for forms that list their
   * errors; its own module, so a page without one (login) does not download it.
   */
  summary?: ReactNode;
  /** How a failed send shows: rendered by the page (with its retry), or nothing here when the summary says it. */
  failure?: 'in-summary' | ((failure: Failure, retry: () => void) => ReactNode);
  /** Forms whose API checks the honeypot carry it; identity forms go to the identity provider, which does not. */
  honeypot?: boolean;
};

/**
 * A form of the kit: `noValidate` (the schema validates, in Spanish), the header, the error summary after a submit
 * attempt (when the page gives one), the failure, the honeypot, then the page's fields (`children`, submit button
 * included).
 */
export function SubmissionForm<V extends FieldValues, O, A>({
  submission,
  header,
  summary,
  failure = (f) => <FailureNote failure={f} />,
  honeypot = true,
  children,
  ...formProps
}: SubmissionFormProps<V, O, A>) {
  const failed = submission.failure;
  return (
    // method="post": a press the island does not handle (JavaScript not loaded yet, or a form still waiting to hydrate)
    // submits natively. As a GET that put every field (a password, a document number, a PQRSF's text) in the address:
    // history, proxies' logs, the re-rendered page. POSTed, the gateway refuses it and nothing lands in a URL.
    <form ref={submission.formRef} method="post" {...formProps} onSubmit={submission.onSubmit} noValidate>
      {header}
      {summary}
      {failed && failure !== 'in-summary' ? failure(failed, () => void submission.onSubmit()) : null}
      {honeypot ? <Honeypot /> : null}
      {children}
    </form>
  );
}

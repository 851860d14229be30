import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'shared/schemas/zod';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField } from 'shared/ui/form';
import { LoadState, Notice } from 'shared/ui/staff/kit';
import { fieldsOf, SubmissionForm, useFormSubmission, type Sent } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import type { CaseDone, CaseLoaded } from './hooks';
import { ActionSection, Unavailable } from './parts';

/**
 * A case screen's frame, whatever the kind: the way back to the inbox, the title with the radicado, loading and "not
 * found", the notice an action leaves (it takes focus), and the case itself once loaded (`children`).
 */
export function CaseScreen<C>({
  id,
  back,
  title,
  loaded,
  texts,
  onRetry,
  notice,
  children,
}: {
  /** The ids' prefix (`pqrsf`, `datos`…). */
  id: string;
  back: { href: string; label: string };
  title: string;
  loaded: CaseLoaded<C>;
  texts: { loading: string; retry: string; notFound: string };
  onRetry: () => void;
  notice: { text: string; n: number } | null;
  children: (c: C) => ReactNode;
}) {
  const titleId = `${id}-caso-titulo`;
  return (
    <section className="staff-screen case-staff" aria-labelledby={titleId}>
      <p>
        <a href={back.href}>
          <span aria-hidden="true">← </span>
          {back.label}
        </a>
      </p>
      <h1 id={titleId} tabIndex={-1}>
        {title}
      </h1>
      {loaded.kind === 'ready' ? (
        <>
          {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} /> : null}
          {children(loaded.c)}
        </>
      ) : (
        <>
          <LoadState state={loaded} loading={texts.loading} retry={texts.retry} onRetry={onRetry} />
          {loaded.kind === 'missing' ? <Notice kind="error" text={texts.notFound} /> : null}
        </>
      )}
    </section>
  );
}

/** The case's two cards side by side on a wide screen: its status and term, and the request as filed. */
export function CaseOverview({ children }: { children: ReactNode }) {
  return <div className="case-overview">{children}</div>;
}

/** The actions the case allows today, under one heading (remount it with a new `key` after each action). */
export function CaseActions({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="case-actions">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * An action whose form is one text (an optional note, a reason, an answer, what is missing): its section, the field,
 * the button, and — when the server's verdict says no — why not instead of the form. A required text gets the error
 * summary on a failed send.
 */
export function TextActionForm<S extends z.ZodMiniType<FieldValues, FieldValues>, C>({
  id,
  title,
  intro,
  schema,
  name,
  label,
  required = false,
  rows,
  submit,
  busy,
  send,
  onDone,
  done,
  verdict,
  notAvailable = '',
  extra,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  schema: S;
  /** The schema's one text field. */
  name: Path<z.input<S>>;
  label: string;
  required?: boolean;
  rows: number;
  submit: string;
  busy: string;
  send: (values: z.output<S>) => Promise<Sent<C>>;
  onDone: CaseDone<C>;
  done: (c: C) => string;
  verdict?: { allowed: boolean; reason: string | null };
  notAvailable?: string;
  /** What goes between the text and the button (a kind's attachments picker). */
  extra?: ReactNode;
}) {
  const form = useZodForm(schema, { defaultValues: { [name]: '' } as DefaultValues<z.input<S>> });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await send(values);
    if (result.ok) onDone(result.answer, done(result.answer));
    return result;
  });
  return (
    <ActionSection id={id} title={title} intro={intro}>
      {verdict && !verdict.allowed ? (
        <Unavailable label={notAvailable} reason={verdict.reason} />
      ) : (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby={id}
          summary={required ? <SubmitErrors form={form} submission={submission} /> : undefined}
        >
          <TextAreaField label={label} required={required} rows={rows} {...field(name)} />
          {extra}
          <SubmitButton busy={submission.busy} busyLabel={busy}>
            {submit}
          </SubmitButton>
        </SubmissionForm>
      )}
    </ActionSection>
  );
}

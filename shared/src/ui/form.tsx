import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShell {
  label: ReactNode;
  /** Message under the field; also marks it invalid for assistive technology. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Required without the visible asterisk (the panel's forms, where every field is): still said by aria-required. */
  unmarked?: boolean;
}

function useFieldIds(error?: string, hint?: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

function Extras({ error, errorId, hint, hintId }: { error?: string | undefined; errorId: string; hint?: ReactNode; hintId: string }) {
  return (
    <>
      {hint ? (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>;

/** A labelled input with its error and hint wired to aria attributes; `name` is the spec's field name. */
export function TextField({ label, error, hint, required, unmarked, ...input }: TextFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required && !unmarked} />
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <Extras error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>;

export function TextAreaField({ label, error, hint, required, unmarked, ...textarea }: TextAreaFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required && !unmarked} />
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <Extras error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

export type SelectFieldProps = FieldShell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & {
    options: readonly string[] | ReadonlyArray<{ value: string; label: string }>;
    /** The first, empty option; null for none (a choice that always has a value). */
    placeholder?: string | null;
  };

/** A labelled select; the first, empty option is the placeholder ("Selecciona…") unless there is none. */
export function SelectField({
  label,
  error,
  hint,
  required,
  unmarked,
  options,
  placeholder = 'Selecciona una opción',
  ...select
}: SelectFieldProps) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required && !unmarked} />
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map((o) => {
          const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <Extras error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldShell, 'hint' | 'unmarked'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'required'>;

export function CheckboxField({ label, error, required, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      <Label htmlFor={id} label={label} required={required} />
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A success or failure message after submitting; announced by screen readers. */
export function FormMessage({ kind, children }: { kind: 'success' | 'error' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** Submit button that is disabled and relabelled while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel = 'Enviando…',
  children,
  className = 'btn',
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

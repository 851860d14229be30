import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SubmitButton, TextField, type TextFieldProps } from 'shared/ui/form';
import { SubmissionForm, type SubmissionFormProps } from 'shared/ui/submission-form';

/**
 * An account form of the kit: it goes to the identity provider, which checks no honeypot, so none is rendered; the
 * submit button and the step's secondary action (`secondary`: resend, forgot, back) close it, then `footer`.
 */
export function AccountForm<V extends FieldValues, O, A>({
  submitLabel,
  busyLabel,
  submitClassName = 'btn',
  secondary,
  footer,
  children,
  ...props
}: SubmissionFormProps<V, O, A> & {
  submitLabel: string;
  busyLabel: string;
  submitClassName?: string;
  secondary?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <SubmissionForm className="form" honeypot={false} {...props}>
      {children}
      <div className="auth-actions">
        <SubmitButton busy={props.submission.busy} busyLabel={busyLabel} className={submitClassName}>
          {submitLabel}
        </SubmitButton>
        {secondary}
      </div>
      {footer}
    </SubmissionForm>
  );
}

/** A button that reads as a link (resend the code, forgot the password, go back). */
export function LinkButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/* Here rather than beside the password fields: the confirm page has a code and no password. */
/** The 6-digit code the identity provider e-mails (confirmation and password reset). */
export function CodeField(props: Omit<TextFieldProps, 'className' | 'inputMode' | 'autoComplete' | 'maxLength' | 'required'>) {
  return <TextField className="code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...props} />;
}

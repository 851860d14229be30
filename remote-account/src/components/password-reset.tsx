import { forgotPasswordSchema, resetPasswordSchema } from '../account-schemas';
import { TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import type { AuthResult } from '../identity/cognito-pool';
import { identityMessages } from '../identity/errors';
import { AccountForm, CodeField, LinkButton } from './account-form';
import { NewPasswordFields } from './password-field';
import { StepHeading } from './step-heading';

/**
 * The two steps of a forgotten password (the provider's ForgotPassword and ConfirmForgotPassword), shared by the
 * site's /login and the panel's door: each screen brings its words and its identity calls (the panel's are replaced in
 * its tests). `uniform` is the panel's: an unknown address reads exactly like a known one, at both steps, so the form
 * tells nobody who has an account there (and so who may be on the team).
 */

/** Password managers file a new password under the account only when the form names the account. */
export function HiddenUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

export interface ResetStepTexts {
  title: string;
  intro: string;
  submit: string;
  back: string;
}

/** What the provider answers only for an address that has no account (or none that can receive a code). */
const NO_SUCH_ACCOUNT = new Set(['UserNotFoundException', 'InvalidParameterException']);

/** An identity call's answer as the form kit reads it; `uniform` answers a missing account as `missing` says. */
function outcomeOf(result: AuthResult, fallback: string, uniform: boolean, missing: 'sent' | 'wrongCode') {
  if (result.success) return sent(result);
  if (uniform && result.code && NO_SUCH_ACCOUNT.has(result.code))
    return missing === 'sent' ? sent(result) : failed(identityMessages.confirmInvalidCode);
  return failed(result.error ?? fallback);
}

export function ForgotPasswordForm({
  email,
  headingId,
  texts,
  uniform = false,
  request,
  onFocus,
  onSent,
  onCancel,
}: {
  email: string;
  headingId: string;
  texts: ResetStepTexts;
  uniform?: boolean;
  /** ForgotPassword: the provider e-mails a code. */
  request: (email: string) => Promise<AuthResult>;
  onFocus?: () => void;
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(forgotPasswordSchema(), { defaultValues: { email } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = outcomeOf(await request(values.email), identityMessages.forgotDefault, uniform, 'sent');
    if (result.ok) onSent(values.email);
    return result;
  });
  return (
    <AccountForm
      submission={submission}
      onFocus={onFocus}
      aria-labelledby={headingId}
      header={
        <>
          <StepHeading id={headingId}>{texts.title}</StepHeading>
          <p>{texts.intro}</p>
        </>
      }
      submitLabel={texts.submit}
      busyLabel="Enviando…"
      secondary={<LinkButton onClick={onCancel}>{texts.back}</LinkButton>}
    >
      <TextField label="Correo electrónico" type="email" autoComplete="username" inputMode="email" required {...field('email')} />
    </AccountForm>
  );
}

export function ResetPasswordForm({
  email,
  headingId,
  texts,
  uniform = false,
  confirm,
  onDone,
  onCancel,
}: {
  email: string;
  headingId: string;
  texts: ResetStepTexts;
  uniform?: boolean;
  /** ConfirmForgotPassword: the e-mailed code and the new password. */
  confirm: (email: string, code: string, password: string) => Promise<AuthResult>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useZodForm(resetPasswordSchema());
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = outcomeOf(await confirm(email, values.code, values.password), identityMessages.resetDefault, uniform, 'wrongCode');
    if (result.ok) onDone();
    return result;
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby={headingId}
      header={
        <>
          <StepHeading id={headingId}>{texts.title}</StepHeading>
          <p>{texts.intro}</p>
        </>
      }
      submitLabel={texts.submit}
      busyLabel="Guardando…"
      secondary={<LinkButton onClick={onCancel}>{texts.back}</LinkButton>}
    >
      <HiddenUsername email={email} />
      <CodeField label="Código de verificación" {...field('code')} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
    </AccountForm>
  );
}

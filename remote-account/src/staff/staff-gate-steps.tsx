// The panel door's steps (password, a new password, the authenticator code, signing out), which the gate
// (staff-gate.tsx) shows by its stage.
import { useState } from 'react';
import { newPasswordSchema } from '../account-schemas';
import { staffSignInSchema, totpCodeSchema } from './schemas';
import { SubmitErrors } from 'shared/ui/error-summary';
import { FormMessage, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { AccountForm, LinkButton } from '../components/account-form';
import { NewPasswordFields, PasswordField } from '../components/password-field';
import { HiddenUsername } from '../components/password-reset';
import { StepHeading } from '../components/step-heading';
import { identityMessages } from '../identity/errors';
import { TotpCodeField } from './totp-code-field';
import { answerTotp, completeNewPassword, login, RESTART_SIGN_IN, type LoginResult } from './staff-identity';
import { gateTexts as t } from './gate-texts';

/** Where a sign-in step leads: the gate decides what comes next from the provider's answer. */
export interface StepEvents {
  /** Signed in: ask the API who this is. */
  onSignedIn: () => void;
  /** Back to the first step, with why when the provider ended the attempt. */
  onRestart: (notice?: string) => void;
}

export function SignInForm({
  email,
  notice,
  focus,
  onAnswer,
  onForgot,
}: {
  email: string;
  notice: { text: string; kind: 'success' | 'warning' } | null;
  focus: boolean;
  onAnswer: (result: LoginResult, email: string) => void;
  /** "¿Olvidaste tu contraseña?", with the address typed so far. */
  onForgot: (email: string) => void;
}) {
  const form = useZodForm(staffSignInSchema, { defaultValues: { email, password: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await login(values.email, values.password);
    const next = result.success || result.needsNewPassword || result.needsTotp || result.needsTotpSetup;
    if (next) onAnswer(result, values.email);
    return next ? sent(null) : failed(result.error);
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="staff-ingresa"
      header={
        <>
          <StepHeading id="staff-ingresa" autoFocus={focus}>
            {t.signInTitle}
          </StepHeading>
          {notice && !submission.failure ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
      submitLabel={t.signInSubmit}
      busyLabel={t.signInBusy}
      secondary={<LinkButton onClick={() => onForgot(form.getValues('email'))}>{t.forgotLink}</LinkButton>}
    >
      <TextField label="Correo electrónico" type="email" autoComplete="username" inputMode="email" required {...field('email')} />
      <PasswordField label="Contraseña" autoComplete="current-password" required {...field('password')} />
    </AccountForm>
  );
}

/** An invited member's first sign-in: the temporary password from the invitation e-mail is replaced here. */
export function NewPasswordStep({
  email,
  onAnswer,
  onRestart,
}: { email: string; onAnswer: (result: LoginResult) => void } & Pick<StepEvents, 'onRestart'>) {
  const form = useZodForm(newPasswordSchema());
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await completeNewPassword(values.password);
    const next = result.success || result.needsTotp || result.needsTotpSetup;
    if (next) onAnswer(result);
    return next ? sent(null) : failed(result.error);
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="staff-nueva-contrasena"
      header={
        <>
          <StepHeading id="staff-nueva-contrasena">{t.newPasswordTitle}</StepHeading>
          <FormMessage kind="warning">{identityMessages.temporaryPassword}</FormMessage>
          <p>{t.newPasswordIntro}</p>
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
      submitLabel={t.newPasswordSubmit}
      busyLabel="Guardando…"
      secondary={<LinkButton onClick={() => onRestart()}>{t.backToSignIn}</LinkButton>}
    >
      <HiddenUsername email={email} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
    </AccountForm>
  );
}

/** The SOFTWARE_TOKEN_MFA challenge: the 6-digit code the member's authenticator app shows now. */
export function TotpStep({ onSignedIn, onRestart }: StepEvents) {
  const form = useZodForm(totpCodeSchema);
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async ({ code }) => {
    const result = await answerTotp(code);
    if (result.success) onSignedIn();
    else if (result.code === RESTART_SIGN_IN) onRestart(result.error);
    else {
      form.resetField('code');
      return failed(result.error);
    }
    return sent(null);
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="staff-codigo"
      header={
        <>
          <StepHeading id="staff-codigo">{t.codeTitle}</StepHeading>
          <p>{t.codeIntro}</p>
          <p className="staff-door__aside">{t.lostPhone}</p>
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
      submitLabel={t.codeSubmit}
      busyLabel={t.codeBusy}
      secondary={<LinkButton onClick={() => onRestart()}>{t.backToSignIn}</LinkButton>}
    >
      <TotpCodeField label={t.codeLabel} {...field('code')} />
    </AccountForm>
  );
}

export function SignOutButton({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onSignOut().finally(() => setBusy(false));
      }}
    >
      {busy ? t.signingOut : t.signOut}
    </button>
  );
}

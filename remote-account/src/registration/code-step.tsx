import { codeSchema } from '../account-schemas';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { confirmSignUp } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { registerTexts as t } from '../texts';
import { AccountForm, CodeField, LinkButton } from '../components/account-form';
import { ResendNotice, useResend } from './resend';
import { StepHeading } from '../components/step-heading';

/** /register's second step (spec §2, §5): the 6-digit code e-mailed to the new account, with "Reenviar código". */
export default function CodeStep({ email, onBack, onConfirmed }: { email: string; onBack: () => void; onConfirmed: () => void }) {
  const form = useZodForm(codeSchema());
  const field = fieldsOf(form);
  const resend = useResend();
  const submission = useFormSubmission(form, async ({ code }) => {
    const result = await confirmSignUp(email, code, 'confirm');
    if (result.success) onConfirmed();
    return result.success ? sent(null) : failed(result.error ?? identityMessages.confirmDefault);
  });

  return (
    <AccountForm
      submission={submission}
      aria-labelledby="codigo"
      header={
        <>
          <StepHeading id="codigo">{t.codeTitle}</StepHeading>
          <p>{t.codeIntro(email)}</p>
        </>
      }
      submitLabel={t.codeSubmit}
      busyLabel={t.codeBusy}
      secondary={
        <LinkButton onClick={() => void resend.send(email)} disabled={resend.busy}>
          {resend.busy ? 'Reenviando…' : 'Reenviar código'}
        </LinkButton>
      }
      footer={
        <>
          <ResendNotice notice={resend.notice} />
          <p>
            <LinkButton onClick={onBack}>{t.back}</LinkButton>
          </p>
        </>
      }
    >
      <CodeField label="Código de confirmación" {...field('code')} />
    </AccountForm>
  );
}

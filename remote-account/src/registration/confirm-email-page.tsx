import '../state/account-ui-slice';
import '../account.css';
import { useState } from 'react';
import { AppLink, useSearchParams } from 'shared/navigation';
import { accountTexts, confirmationSchema } from '../account-schemas';
import { FormMessage, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { AccountForm, CodeField, LinkButton } from '../components/account-form';
import { ResendNotice, useResend } from './resend';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { confirmSignUp, prefetchIdentity } from '../identity/client';
import { loginPathFor } from '../session/login-path';
import { identityMessages } from '../identity/errors';
import { useAccountSession } from '../session/use-account-session';
import { confirmTexts as t } from '../texts';

/** Spec §9: to /login 2 s after confirming. */
const REDIRECT_MS = 2000;

/** /confirm-email (spec §2, §5, §8): e-mail (may come in the query) and the 6-digit code; resend needs the e-mail. */
export default function ConfirmEmailPage() {
  useAccountSession();
  const params = useSearchParams();
  const goLater = useDelayedNavigate();
  const form = useZodForm(confirmationSchema(), { defaultValues: { email: params.get('email') ?? '', code: '' } });
  const field = fieldsOf(form);
  const resend = useResend();
  const [confirmed, setConfirmed] = useState(false);

  const submission = useFormSubmission(form, async ({ email, code }) => {
    const r = await confirmSignUp(email, code, 'confirmEmail');
    if (!r.success) return failed(r.error ?? identityMessages.confirmEmailDefault);
    setConfirmed(true);
    goLater(loginPathFor(email), REDIRECT_MS);
    return sent(null);
  });

  const onResend = () => {
    const email = form.getValues('email').trim();
    if (email) return void resend.send(email);
    resend.show({ kind: 'error', text: accountTexts.emailFirst });
    form.setFocus('email');
  };

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <div className="auth-layout">
        <section className="card auth-card" aria-label={t.title}>
          {confirmed ? (
            <div className="form">
              <StepHeading id="confirmado">¡Cuenta activada!</StepHeading>
              <FormMessage kind="success">{t.confirmed}</FormMessage>
            </div>
          ) : (
            <AccountForm
              submission={submission}
              onFocus={prefetchIdentity}
              aria-labelledby="confirmar"
              header={
                <StepHeading id="confirmar" autoFocus={false}>
                  Activa tu cuenta
                </StepHeading>
              }
              submitLabel={t.submit}
              busyLabel={t.busy}
              secondary={
                <LinkButton onClick={onResend} disabled={resend.busy}>
                  {resend.busy ? t.resending : t.resend}
                </LinkButton>
              }
              footer={
                <>
                  <ResendNotice notice={resend.notice} />
                  <p className="auth-links">
                    <AppLink to="/login">Ir a Iniciar sesión</AppLink>
                    <AppLink to="/register">Crear otra cuenta</AppLink>
                  </p>
                </>
              }
            >
              <TextField label="Correo electrónico" type="email" autoComplete="email" inputMode="email" required {...field('email')} />
              <CodeField
                label="Código de confirmación"
                hint="Son 6 dígitos; revisa también la carpeta de correo no deseado."
                {...field('code')}
              />
            </AccountForm>
          )}
        </section>
        <aside className="auth-aside" aria-labelledby="sin-codigo">
          <h2 id="sin-codigo">¿No te llegó el código?</h2>
          <ul>
            <li>Revisa la carpeta de correo no deseado o promociones.</li>
            <li>Verifica que el correo esté bien escrito.</li>
            <li>Pulsa «Reenviar código» para recibir uno nuevo.</li>
          </ul>
        </aside>
      </div>
    </PageFrame>
  );
}

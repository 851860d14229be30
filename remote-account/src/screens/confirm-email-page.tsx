import '../state/account-ui-slice';
import '../account.css';
import { useEffect, useRef, useState } from 'react';
import { AppLink, useSearchParams } from 'shared/navigation';
import { accountTexts, confirmationSchema } from 'shared/schemas/account';
import { FormMessage, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { confirmSignUp, resendConfirmationCode, prefetchIdentity } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { useAccountSession } from '../session/use-account-session';
import { confirmTexts as t } from '../texts';

/** Spec §9: to /login 2 s after confirming; the resend notice clears after 3 s. */
const REDIRECT_MS = 2000;
const RESEND_NOTICE_MS = 3000;

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** /confirm-email (spec §2, §5, §8): e-mail (may come in the query) and the 6-digit code; resend needs the e-mail. */
export default function ConfirmEmailPage() {
  useAccountSession();
  const params = useSearchParams();
  const goLater = useDelayedNavigate();
  const form = useZodForm(confirmationSchema, { defaultValues: { email: params.get('email') ?? '', code: '' } });
  const { register, formState, handleSubmit, getValues, setFocus } = form;
  const [result, setResult] = useState<Notice>(null);
  const [resend, setResend] = useState<Notice>(null);
  const [resending, setResending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const resendTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resendTimer.current), []);

  const onSubmit = handleSubmit(async ({ email, code }) => {
    setResult(null);
    const r = await confirmSignUp(email, code, 'confirmEmail');
    if (r.success) {
      setConfirmed(true);
      goLater('/login', REDIRECT_MS);
    } else {
      setResult({ kind: 'error', text: r.error ?? identityMessages.confirmEmailDefault });
    }
  });

  const onResend = async () => {
    clearTimeout(resendTimer.current);
    const email = getValues('email').trim();
    if (!email) {
      setResend({ kind: 'error', text: accountTexts.emailFirst });
      setFocus('email');
      return;
    }
    setResending(true);
    setResend(null);
    const r = await resendConfirmationCode(email);
    setResending(false);
    setResend(
      r.success ? { kind: 'success', text: identityMessages.resendOk } : { kind: 'error', text: r.error ?? identityMessages.resendDefault },
    );
    if (r.success) resendTimer.current = setTimeout(() => setResend(null), RESEND_NOTICE_MS);
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
            <form className="form" onSubmit={onSubmit} noValidate onFocus={prefetchIdentity} aria-labelledby="confirmar">
              <StepHeading id="confirmar" autoFocus={false}>
                Activa tu cuenta
              </StepHeading>
              {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
              <TextField
                label="Correo electrónico"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                error={formState.errors.email?.message}
                {...register('email')}
              />
              <TextField
                label="Código de confirmación"
                className="code-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                hint="Son 6 dígitos; revisa también la carpeta de correo no deseado."
                error={formState.errors.code?.message}
                {...register('code')}
              />
              <div className="auth-actions">
                <SubmitButton busy={formState.isSubmitting} busyLabel={t.busy} className="btn">
                  {t.submit}
                </SubmitButton>
                <button type="button" className="link-button" onClick={() => void onResend()} disabled={resending}>
                  {resending ? t.resending : t.resend}
                </button>
              </div>
              <div aria-live="polite">{resend ? <FormMessage kind={resend.kind}>{resend.text}</FormMessage> : null}</div>
              <p className="auth-links">
                <AppLink to="/login">Ir a Iniciar sesión</AppLink>
                <AppLink to="/register">Crear otra cuenta</AppLink>
              </p>
            </form>
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

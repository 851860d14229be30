import '../state/account-ui-slice';
import '../account.css';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from 'shared/navigation';
import { codeSchema, registrationSchema } from 'shared/schemas/account';
import { documentTypes } from 'shared/schemas/common';
import { selectFirstName, selectIsAuthenticated, useAppSelector, useAppStore } from 'shared/store';
import { ErrorSummary, FormMessage, SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { errorMessages, useZodForm } from 'shared/ui/use-zod-form';
import { PasswordField } from '../components/password-field';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { confirmSignUp, login, resendConfirmationCode, signUp, prefetchIdentity } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { takePostLogin } from '../session/post-login';
import { recordSignIn } from '../session/session';
import { useAccountSession } from '../session/use-account-session';
import { registerTexts as t } from '../texts';

/** Spec §9: registration and confirmation redirects after 2 s; the resend notice clears after 3 s. */
const REDIRECT_MS = 2000;
const RESEND_NOTICE_MS = 3000;

type Step = { kind: 'form' } | { kind: 'code'; email: string } | { kind: 'done'; text: string };

function CodeStep({ email, onBack, onConfirmed }: { email: string; onBack: () => void; onConfirmed: () => void }) {
  const form = useZodForm(codeSchema);
  const { register, formState, handleSubmit } = form;
  const [error, setError] = useState<string | null>(null);
  const [resend, setResend] = useState<{ kind: 'idle' | 'busy' } | { kind: 'ok' | 'error'; text: string }>({ kind: 'idle' });
  const resendTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resendTimer.current), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    const result = await confirmSignUp(email, code, 'confirm');
    if (result.success) onConfirmed();
    else setError(result.error ?? identityMessages.confirmDefault);
  });
  const onResend = async () => {
    setResend({ kind: 'busy' });
    const result = await resendConfirmationCode(email);
    setResend(
      result.success
        ? { kind: 'ok', text: identityMessages.resendOk }
        : { kind: 'error', text: result.error ?? identityMessages.resendDefault },
    );
    clearTimeout(resendTimer.current);
    if (result.success) resendTimer.current = setTimeout(() => setResend({ kind: 'idle' }), RESEND_NOTICE_MS);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="codigo">
      <StepHeading id="codigo">{t.codeTitle}</StepHeading>
      <p>{t.codeIntro(email)}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TextField
        label="Código de confirmación"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <div className="auth-actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t.codeBusy} className="btn">
          {t.codeSubmit}
        </SubmitButton>
        <button type="button" className="link-button" onClick={() => void onResend()} disabled={resend.kind === 'busy'}>
          {resend.kind === 'busy' ? 'Reenviando…' : 'Reenviar código'}
        </button>
      </div>
      <div aria-live="polite">
        {resend.kind === 'ok' ? <FormMessage kind="success">{resend.text}</FormMessage> : null}
        {resend.kind === 'error' ? <FormMessage kind="error">{resend.text}</FormMessage> : null}
      </div>
      <p>
        <button type="button" className="link-button" onClick={onBack}>
          {t.back}
        </button>
      </p>
    </form>
  );
}

/** /register (spec §2, §4, §5): the form, then the code-entry step or, when the pool confirms by itself, success. */
export default function RegisterPage() {
  useAccountSession();
  const store = useAppStore();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const firstName = useAppSelector(selectFirstName);
  const goLater = useDelayedNavigate();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [failure, setFailure] = useState<{ text: string; taken: boolean } | null>(null);
  const form = useZodForm(registrationSchema, { shouldUnregister: false });
  const { register, formState, handleSubmit } = form;
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signUp(values);
    if (!result.success) {
      setFailure({ text: result.error ?? identityMessages.signUpDefault, taken: result.code === 'UsernameExistsException' });
      return;
    }
    if (result.needsConfirmation) {
      setStep({ kind: 'code', email: values.email });
      return;
    }
    // A pool that confirms on its own: sign in with what was just typed and go where the visitor was headed.
    const signedIn = await login(values.email, values.password);
    if (signedIn.success) {
      recordSignIn(store, signedIn.user);
      setStep({ kind: 'done', text: t.created });
      goLater(takePostLogin(store), REDIRECT_MS);
    } else {
      setStep({ kind: 'done', text: t.confirmed });
      goLater('/login', REDIRECT_MS);
    }
  });

  let body;
  if (step.kind === 'done') {
    body = (
      <div className="form">
        <StepHeading id="listo">¡Listo!</StepHeading>
        <FormMessage kind="success">{step.text}</FormMessage>
      </div>
    );
  } else if (step.kind === 'code') {
    body = (
      <CodeStep
        email={step.email}
        onBack={() => setStep({ kind: 'form' })}
        onConfirmed={() => {
          setStep({ kind: 'done', text: t.confirmed });
          goLater('/login', REDIRECT_MS);
        }}
      />
    );
  } else if (isAuthenticated) {
    body = (
      <div className="form">
        <p>Ya iniciaste sesión{firstName ? ` como ${firstName}` : ''}.</p>
        <p className="auth-links">
          <AppLink className="btn" to="/mis-cursos">
            Ir a Mis Cursos
          </AppLink>
        </p>
      </div>
    );
  } else {
    body = (
      <form className="form" onSubmit={onSubmit} noValidate onFocus={prefetchIdentity} aria-labelledby="crear-cuenta">
        <StepHeading id="crear-cuenta" autoFocus={false}>
          Crea tu cuenta
        </StepHeading>
        <p className="form-note">Todos los campos son obligatorios.</p>
        <ErrorSummary errors={errorMessages(e as Record<string, { message?: unknown }>)} />
        {failure ? (
          <FormMessage kind="error">
            {failure.text}
            {failure.taken ? (
              <>
                {' '}
                <AppLink to="/login">Ir a Iniciar sesión</AppLink>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <TextField label="Nombre completo" autoComplete="name" required error={e.name?.message} {...register('name')} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={e.email?.message}
          {...register('email')}
        />
        <div className="form-grid">
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            required
            hint={t.passwordHint}
            error={e.password?.message}
            {...register('password')}
          />
          <PasswordField
            toggle={false}
            label="Confirma la contraseña"
            autoComplete="new-password"
            required
            error={e.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <TextField
          label="Teléfono"
          type="tel"
          autoComplete="tel"
          required
          hint={t.phoneHint}
          error={e.phone?.message}
          {...register('phone')}
        />
        <div className="form-grid">
          <SelectField
            label="Tipo de documento"
            required
            options={documentTypes}
            placeholder="Selecciona el tipo"
            error={e.identityType?.message}
            {...register('identityType')}
          />
          <TextField
            label="Número de documento"
            inputMode="numeric"
            required
            error={e.identityNumber?.message}
            {...register('identityNumber')}
          />
        </div>
        <div className="auth-actions">
          <SubmitButton busy={formState.isSubmitting} busyLabel={t.busy} className="btn btn--accent">
            {t.submit}
          </SubmitButton>
        </div>
        <p className="auth-links">
          <span>{t.haveAccount}</span> <AppLink to="/login">{t.loginLink}</AppLink>
        </p>
        <p className="form-note">
          Al crear tu cuenta aceptas la{' '}
          <a href="/politica-de-privacidad" target="_blank" rel="noopener noreferrer">
            Política de privacidad
          </a>{' '}
          y los{' '}
          <a href="/terminos-y-condiciones" target="_blank" rel="noopener noreferrer">
            Términos y condiciones
          </a>
          .
        </p>
      </form>
    );
  }

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <div className="auth-layout">
        <section className="card auth-card" aria-label={t.title}>
          {body}
        </section>
        <aside className="auth-aside" aria-labelledby="como-funciona">
          <h2 id="como-funciona">Cómo funciona</h2>
          <ol>
            <li>Llena tus datos y elige una contraseña.</li>
            <li>Escribe el código de 6 dígitos que te enviamos por correo.</li>
            <li>Ingresa y consulta tus cursos en Mis Cursos.</li>
          </ol>
        </aside>
      </div>
    </PageFrame>
  );
}

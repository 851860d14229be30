import '../state/account-ui-slice';
import '../account.css';
import { useState } from 'react';
import { AppLink } from 'shared/navigation';
import { accountTexts, forgotPasswordSchema, loginSchema, newPasswordSchema, resetPasswordSchema } from 'shared/schemas/account';
import {
  noticeDismissed,
  selectAuthNotice,
  selectFirstName,
  selectIsAuthenticated,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type AuthUser,
} from 'shared/store';
import { FormMessage, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { NewPasswordFields, PasswordField } from '../components/password-field';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { completeNewPassword, confirmForgotPassword, forgotPassword, login, prefetchIdentity } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { takePostLogin } from '../session/post-login';
import { recordSignIn } from '../session/session';
import { useAccountSession } from '../session/use-account-session';
import { loginTexts as t } from '../texts';

/** Spec §9: login success redirects after 1.5 s. */
const LOGIN_REDIRECT_MS = 1500;

type Step = { kind: 'login' } | { kind: 'newPassword' } | { kind: 'forgot' } | { kind: 'reset'; email: string } | { kind: 'done' };
type Outcome = { kind: 'error'; text: string; confirmEmail?: string } | { kind: 'success'; text: string } | null;

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  if (outcome.kind === 'success') return <FormMessage kind="success">{outcome.text}</FormMessage>;
  return (
    <FormMessage kind="error">
      {outcome.text}
      {outcome.confirmEmail ? (
        <>
          {' '}
          <AppLink to={`/confirm-email?email=${encodeURIComponent(outcome.confirmEmail)}`}>{t.confirmLink}</AppLink>
        </>
      ) : null}
    </FormMessage>
  );
}

function LoginForm({
  email,
  outcome,
  onSignedIn,
  onNewPassword,
  onForgot,
  setOutcome,
}: {
  email: string;
  outcome: Outcome;
  onSignedIn: (user: AuthUser) => void;
  onNewPassword: (email: string) => void;
  onForgot: (email: string) => void;
  setOutcome: (o: Outcome) => void;
}) {
  const form = useZodForm(loginSchema, { defaultValues: { email, password: '' } });
  const { register, formState, handleSubmit, getValues } = form;
  const incomplete = Boolean(formState.errors.email || formState.errors.password);
  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const result = await login(values.email, values.password);
    if (result.success) onSignedIn(result.user);
    else if (result.needsNewPassword) onNewPassword(values.email);
    else setOutcome({ kind: 'error', text: result.error, ...(result.needsConfirmation ? { confirmEmail: values.email } : {}) });
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate onFocus={prefetchIdentity} aria-labelledby="ingresa">
      <StepHeading id="ingresa" autoFocus={false}>
        {t.submit}
      </StepHeading>
      {incomplete ? <FormMessage kind="error">{accountTexts.loginIncomplete}</FormMessage> : null}
      <OutcomeMessage outcome={outcome} />
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        aria-invalid={formState.errors.email ? true : undefined}
        {...register('email')}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="current-password"
        required
        aria-invalid={formState.errors.password ? true : undefined}
        {...register('password')}
      />
      <div className="auth-actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t.busy} className="btn">
          {t.submit}
        </SubmitButton>
        <button type="button" className="link-button" onClick={() => onForgot(getValues('email'))}>
          {t.forgotLink}
        </button>
      </div>
      <p className="auth-links">
        <span>{t.noAccount}</span> <AppLink to="/register">{t.registerLink}</AppLink>
      </p>
    </form>
  );
}

/** Password managers file a new password under the account only when the form names the account. */
function HiddenUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

function NewPasswordForm({ email, onSignedIn, onCancel }: { email: string; onSignedIn: (user: AuthUser) => void; onCancel: () => void }) {
  const form = useZodForm(newPasswordSchema);
  const { register, formState, handleSubmit } = form;
  const [error, setError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await completeNewPassword(values.password);
    if (result.success) onSignedIn(result.user);
    else setError(result.error);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="nueva-contrasena">
      <StepHeading id="nueva-contrasena">{t.newPasswordTitle}</StepHeading>
      <FormMessage kind="warning">{identityMessages.temporaryPassword}</FormMessage>
      <p>{t.newPasswordIntro}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <HiddenUsername email={email} />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: formState.errors.password?.message, confirmPassword: formState.errors.confirmPassword?.message }}
      />
      <div className="auth-actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Guardando…" className="btn">
          {t.newPasswordSubmit}
        </SubmitButton>
        <button type="button" className="link-button" onClick={onCancel}>
          {t.backToLogin}
        </button>
      </div>
    </form>
  );
}

function ForgotForm({ email, onSent, onCancel }: { email: string; onSent: (email: string) => void; onCancel: () => void }) {
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email } });
  const { register, formState, handleSubmit } = form;
  const [error, setError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await forgotPassword(values.email);
    if (result.success) onSent(values.email);
    else setError(result.error ?? identityMessages.forgotDefault);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate onFocus={prefetchIdentity} aria-labelledby="recuperar">
      <StepHeading id="recuperar">{t.forgotTitle}</StepHeading>
      <p>{t.forgotIntro}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <div className="auth-actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Enviando…" className="btn">
          {t.forgotSubmit}
        </SubmitButton>
        <button type="button" className="link-button" onClick={onCancel}>
          {t.backToLogin}
        </button>
      </div>
    </form>
  );
}

function ResetForm({ email, onDone, onCancel }: { email: string; onDone: () => void; onCancel: () => void }) {
  const form = useZodForm(resetPasswordSchema);
  const { register, formState, handleSubmit } = form;
  const [error, setError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await confirmForgotPassword(email, values.code, values.password);
    if (result.success) onDone();
    else setError(result.error ?? identityMessages.resetDefault);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="restablecer">
      <StepHeading id="restablecer">{t.resetTitle}</StepHeading>
      <p>{t.resetIntro(email)}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <HiddenUsername email={email} />
      <TextField
        label="Código de verificación"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: formState.errors.password?.message, confirmPassword: formState.errors.confirmPassword?.message }}
      />
      <div className="auth-actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Guardando…" className="btn">
          {t.resetSubmit}
        </SubmitButton>
        <button type="button" className="link-button" onClick={onCancel}>
          {t.backToLogin}
        </button>
      </div>
    </form>
  );
}

/** /login (spec §2, §4, §5, §8): sign-in, the temporary-password challenge on the spot, and password reset. */
export default function LoginPage() {
  useAccountSession();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const firstName = useAppSelector(selectFirstName);
  const notice = useAppSelector(selectAuthNotice);
  const goLater = useDelayedNavigate();
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [email, setEmail] = useState('');

  const onSignedIn = (user: AuthUser) => {
    recordSignIn(store, user);
    setStep({ kind: 'done' });
    goLater(takePostLogin(store), LOGIN_REDIRECT_MS);
  };
  const backToLogin = (next: Outcome = null) => {
    setOutcome(next);
    setStep({ kind: 'login' });
  };

  let body;
  if (step.kind === 'done') {
    body = (
      <div className="form">
        <FormMessage kind="success">{t.success(firstName)}</FormMessage>
      </div>
    );
  } else if (isAuthenticated) {
    body = (
      <div className="form">
        <p>{t.alreadyIn(firstName)}</p>
        <p className="auth-links">
          <AppLink className="btn" to="/mis-cursos">
            Ir a Mis Cursos
          </AppLink>
          <AppLink to="/">Ir al inicio</AppLink>
        </p>
      </div>
    );
  } else if (step.kind === 'newPassword') {
    body = <NewPasswordForm email={email} onSignedIn={onSignedIn} onCancel={() => backToLogin()} />;
  } else if (step.kind === 'forgot') {
    body = (
      <ForgotForm
        email={email}
        onCancel={() => backToLogin()}
        onSent={(address) => {
          setEmail(address);
          setStep({ kind: 'reset', email: address });
        }}
      />
    );
  } else if (step.kind === 'reset') {
    body = (
      <ResetForm email={step.email} onCancel={() => backToLogin()} onDone={() => backToLogin({ kind: 'success', text: t.resetDone })} />
    );
  } else {
    body = (
      <LoginForm
        email={email}
        outcome={outcome}
        setOutcome={setOutcome}
        onSignedIn={onSignedIn}
        onNewPassword={(typed) => {
          setEmail(typed);
          setStep({ kind: 'newPassword' });
        }}
        onForgot={(typed) => {
          setEmail(typed);
          setOutcome(null);
          setStep({ kind: 'forgot' });
        }}
      />
    );
  }

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <div className="auth-layout">
        <section className="card auth-card" aria-label={t.title}>
          {notice && step.kind !== 'done' && !isAuthenticated ? (
            <FormMessage kind="warning">
              {notice}. Ingresa de nuevo para continuar.{' '}
              <button type="button" className="link-button" onClick={() => dispatch(noticeDismissed())}>
                Cerrar aviso
              </button>
            </FormMessage>
          ) : null}
          {body}
        </section>
        <aside className="auth-aside" aria-labelledby="por-que-cuenta">
          <h2 id="por-que-cuenta">Con tu cuenta puedes</h2>
          <ul>
            <li>Ver tus cursos y el estado de tus pagos en Mis Cursos.</li>
            <li>Descargar tus certificados de inscripción.</li>
            <li>Inscribirte más rápido: llenamos el formulario con tus datos.</li>
          </ul>
        </aside>
      </div>
    </PageFrame>
  );
}

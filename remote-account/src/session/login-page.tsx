import '../state/account-ui-slice';
import '../account.css';
import { useState } from 'react';
import { AppLink, useSearchParams } from 'shared/navigation';
import { accountTexts, forgotPasswordSchema, loginSchema, newPasswordSchema, resetPasswordSchema } from '../account-schemas';
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
import { FormMessage, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { AccountForm, CodeField, LinkButton } from '../components/account-form';
import { NewPasswordFields, PasswordField } from '../components/password-field';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { completeNewPassword, confirmForgotPassword, forgotPassword, login, prefetchIdentity } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { emailFromQuery } from './login-path';
import { takePostLogin } from './post-login';
import { recordSignIn } from './session';
import { useAccountSession } from './use-account-session';
import { loginTexts as t } from '../texts';

/** Spec §9: login success redirects after 1.5 s. */
const LOGIN_REDIRECT_MS = 1500;

type Step = { kind: 'login' } | { kind: 'newPassword' } | { kind: 'forgot' } | { kind: 'reset'; email: string } | { kind: 'done' };

/** What an identity call answered, as the form kit reads it. */
const outcomeOf = <R extends { success: boolean; error?: string | undefined }>(result: R, fallback: string) =>
  result.success ? sent(result) : failed(result.error ?? fallback);

function LoginForm({
  email,
  notice,
  onSignedIn,
  onNewPassword,
  onForgot,
}: {
  email: string;
  /** The success line brought back from another step ("Tu contraseña fue cambiada…"). */
  notice: string | null;
  onSignedIn: (user: AuthUser) => void;
  onNewPassword: (email: string) => void;
  onForgot: (email: string) => void;
}) {
  const form = useZodForm(loginSchema, { defaultValues: { email, password: '' } });
  const { register, formState, getValues } = form;
  const incomplete = Boolean(formState.errors.email || formState.errors.password);
  const submission = useFormSubmission(form, async (values) => {
    const result = await login(values.email, values.password);
    if (result.success) onSignedIn(result.user);
    else if (result.needsNewPassword) onNewPassword(values.email);
    else if (result.needsTotp || result.needsTotpSetup)
      // A member of the foundation's team: their account asks for the authenticator's code, which the panel handles.
      return failed(t.staffAccount, { link: { to: '/equipo', label: t.staffLink } });
    else {
      const confirm = result.needsConfirmation ? `/confirm-email?email=${encodeURIComponent(values.email)}` : null;
      return failed(result.error, { link: confirm ? { to: confirm, label: t.confirmLink } : undefined });
    }
    return sent(null);
  });
  return (
    <AccountForm
      submission={submission}
      onFocus={prefetchIdentity}
      aria-labelledby="ingresa"
      header={
        <>
          <StepHeading id="ingresa" autoFocus={false}>
            {t.submit}
          </StepHeading>
          {incomplete ? <FormMessage kind="error">{accountTexts.loginIncomplete}</FormMessage> : null}
          {notice && !submission.failure ? <FormMessage kind="success">{notice}</FormMessage> : null}
        </>
      }
      submitLabel={t.submit}
      busyLabel={t.busy}
      secondary={<LinkButton onClick={() => onForgot(getValues('email'))}>{t.forgotLink}</LinkButton>}
      footer={
        <p className="auth-links">
          <span>{t.noAccount}</span> <AppLink to="/register">{t.registerLink}</AppLink>
        </p>
      }
    >
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
    </AccountForm>
  );
}

/** Password managers file a new password under the account only when the form names the account. */
function HiddenUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

function NewPasswordForm({ email, onSignedIn, onCancel }: { email: string; onSignedIn: (user: AuthUser) => void; onCancel: () => void }) {
  const form = useZodForm(newPasswordSchema);
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await completeNewPassword(values.password);
    if (result.success) onSignedIn(result.user);
    return result.success ? sent(null) : failed(result.error);
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="nueva-contrasena"
      header={
        <>
          <StepHeading id="nueva-contrasena">{t.newPasswordTitle}</StepHeading>
          <FormMessage kind="warning">{identityMessages.temporaryPassword}</FormMessage>
          <p>{t.newPasswordIntro}</p>
        </>
      }
      submitLabel={t.newPasswordSubmit}
      busyLabel="Guardando…"
      secondary={<LinkButton onClick={onCancel}>{t.backToLogin}</LinkButton>}
    >
      <HiddenUsername email={email} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
    </AccountForm>
  );
}

function ForgotForm({ email, onSent, onCancel }: { email: string; onSent: (email: string) => void; onCancel: () => void }) {
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = outcomeOf(await forgotPassword(values.email), identityMessages.forgotDefault);
    if (result.ok) onSent(values.email);
    return result;
  });
  return (
    <AccountForm
      submission={submission}
      onFocus={prefetchIdentity}
      aria-labelledby="recuperar"
      header={
        <>
          <StepHeading id="recuperar">{t.forgotTitle}</StepHeading>
          <p>{t.forgotIntro}</p>
        </>
      }
      submitLabel={t.forgotSubmit}
      busyLabel="Enviando…"
      secondary={<LinkButton onClick={onCancel}>{t.backToLogin}</LinkButton>}
    >
      <TextField label="Correo electrónico" type="email" autoComplete="username" inputMode="email" required {...field('email')} />
    </AccountForm>
  );
}

function ResetForm({ email, onDone, onCancel }: { email: string; onDone: () => void; onCancel: () => void }) {
  const form = useZodForm(resetPasswordSchema);
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = outcomeOf(await confirmForgotPassword(email, values.code, values.password), identityMessages.resetDefault);
    if (result.ok) onDone();
    return result;
  });
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="restablecer"
      header={
        <>
          <StepHeading id="restablecer">{t.resetTitle}</StepHeading>
          <p>{t.resetIntro(email)}</p>
        </>
      }
      submitLabel={t.resetSubmit}
      busyLabel="Guardando…"
      secondary={<LinkButton onClick={onCancel}>{t.backToLogin}</LinkButton>}
    >
      <HiddenUsername email={email} />
      <CodeField label="Código de verificación" {...field('code')} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
    </AccountForm>
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
  const params = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const [successNotice, setSuccessNotice] = useState<string | null>(null);
  // A just-confirmed account arrives with its address (`/login?email=…`): only the password is left to type.
  const [email, setEmail] = useState(() => emailFromQuery(params));

  const onSignedIn = (user: AuthUser) => {
    recordSignIn(store, user);
    setStep({ kind: 'done' });
    goLater(takePostLogin(store), LOGIN_REDIRECT_MS);
  };
  const backToLogin = (success: string | null = null) => {
    setSuccessNotice(success);
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
    body = <ResetForm email={step.email} onCancel={() => backToLogin()} onDone={() => backToLogin(t.resetDone)} />;
  } else {
    body = (
      <LoginForm
        email={email}
        notice={successNotice}
        onSignedIn={onSignedIn}
        onNewPassword={(typed) => {
          setEmail(typed);
          setStep({ kind: 'newPassword' });
        }}
        onForgot={(typed) => {
          setEmail(typed);
          setSuccessNotice(null);
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

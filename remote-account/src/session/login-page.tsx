import '../state/account-ui-slice';
import '../account.css';
import { useCallback, useMemo, useRef, useState } from 'react';
import { AppLink, Static, useSearchParams } from 'shared/navigation';
import { DeferredIsland, useIntentOrIdleLatch } from 'shared/islands';
import { accountTexts, loginSchema, newPasswordSchema } from '../account-schemas';
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
import { AccountForm, LinkButton } from '../components/account-form';
import { ForgotPasswordForm, HiddenUsername, ResetPasswordForm } from '../components/password-reset';
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
  // No default values: registering the fields then reads them from the document, so what was typed (or autofilled)
  // before the form's island hydrated is kept, not reset (#33). The address `/login?email=…` brought is the input's
  // own default, in the served markup as in a client render.
  const form = useZodForm(loginSchema());
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
        defaultValue={email}
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

function NewPasswordForm({ email, onSignedIn, onCancel }: { email: string; onSignedIn: (user: AuthUser) => void; onCancel: () => void }) {
  const form = useZodForm(newPasswordSchema());
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

/**
 * /login (spec §2, §4, §5, §8): sign-in, the temporary-password challenge on the spot, and password reset.
 *
 * Pay only for what is interactive (#33): on the page the server rendered, the intro and the aside (fixed texts) are
 * adopted as served (`Static`), and the sign-in form hydrates as an island when the visitor is about to use it
 * (pointer, touch, focus, key, click in the card: the first press, focus and typed key count) or once the browser is
 * idle after the load. Its first browser render is the served one: the store hydrates as an anonymous visitor (the
 * shell's `serverView`), so a remembered session or a session notice shows right after, replacing or preceding the
 * island; `?email=` is read from the address, the same on the server. Reached by client navigation, everything
 * renders at once.
 */
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

  const onSignedIn = useCallback(
    (user: AuthUser) => {
      recordSignIn(store, user);
      setStep({ kind: 'done' });
      goLater(takePostLogin(store), LOGIN_REDIRECT_MS);
    },
    [store, goLater],
  );
  const onNewPassword = useCallback((typed: string) => {
    setEmail(typed);
    setStep({ kind: 'newPassword' });
  }, []);
  const onForgot = useCallback((typed: string) => {
    setEmail(typed);
    setSuccessNotice(null);
    setStep({ kind: 'forgot' });
  }, []);

  const formArea = useRef<HTMLElement>(null);
  const latch = useIntentOrIdleLatch(formArea);
  // One element while nothing it shows changes (and nothing does while the island waits: the address, the notice and
  // the step change only through the form): a re-render of the page, as the remembered session arriving, never
  // reaches the waiting boundary.
  const loginForm = useMemo(
    () => (
      <DeferredIsland latch={latch}>
        <LoginForm email={email} notice={successNotice} onSignedIn={onSignedIn} onNewPassword={onNewPassword} onForgot={onForgot} />
      </DeferredIsland>
    ),
    [latch, email, successNotice, onSignedIn, onNewPassword, onForgot],
  );
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
      <ForgotPasswordForm
        email={email}
        headingId="recuperar"
        texts={{ title: t.forgotTitle, intro: t.forgotIntro, submit: t.forgotSubmit, back: t.backToLogin }}
        request={forgotPassword}
        onFocus={prefetchIdentity}
        onCancel={() => backToLogin()}
        onSent={(address) => {
          setEmail(address);
          setStep({ kind: 'reset', email: address });
        }}
      />
    );
  } else if (step.kind === 'reset') {
    body = (
      <ResetPasswordForm
        email={step.email}
        headingId="restablecer"
        texts={{ title: t.resetTitle, intro: t.resetIntro(step.email), submit: t.resetSubmit, back: t.backToLogin }}
        confirm={confirmForgotPassword}
        onCancel={() => backToLogin()}
        onDone={() => backToLogin(t.resetDone)}
      />
    );
  } else {
    body = loginForm;
  }

  return (
    <PageFrame
      title={t.title}
      intro={
        <Static name="login-intro">
          <p>{t.intro}</p>
        </Static>
      }
    >
      <div className="auth-layout">
        <section ref={formArea} className="card auth-card" aria-label={t.title}>
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
          <Static name="login-aside">
            <h2 id="por-que-cuenta">Con tu cuenta puedes</h2>
            <ul>
              <li>Ver tus cursos y el estado de tus pagos en Mis Cursos.</li>
              <li>Descargar tus certificados de inscripción.</li>
              <li>Inscribirte más rápido: llenamos el formulario con tus datos.</li>
            </ul>
          </Static>
        </aside>
      </div>
    </PageFrame>
  );
}

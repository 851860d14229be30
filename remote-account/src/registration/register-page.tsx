import '../state/account-ui-slice';
import '../account.css';
import { lazy, Suspense, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { AppLink } from 'shared/navigation';
import { registrationSchema } from './schemas';
import { documentTypes } from 'shared/schemas/common';
import { selectFirstName, selectIsAuthenticated, useAppSelector, useAppStore } from 'shared/store';
import { DataAuthorization } from 'shared/ui/consent';
import { FormMessage, SelectField, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { SubmitErrors } from 'shared/ui/error-summary';
import { registrationOperations } from './operations';
import { AccountForm } from '../components/account-form';
import { PasswordField } from '../components/password-field';
import { StepHeading } from '../components/step-heading';
import { useDelayedNavigate } from '../components/use-delayed-navigate';
import { login, signUp, prefetchIdentity } from '../identity/client';
import { identityMessages } from '../identity/errors';
import { loginPathFor } from '../session/login-path';
import { takePostLogin } from '../session/post-login';
import { recordSignIn } from '../session/session';
import { useAccountSession } from '../session/use-account-session';
import { registerTexts as t } from '../texts';
import { registrationConsent } from '../../manifest/consent';

/** Spec §9: registration and confirmation redirects after 2 s. */
const REDIRECT_MS = 2000;

type Step = { kind: 'form' } | { kind: 'code'; email: string } | { kind: 'done'; text: string };

/**
 * The code step comes only after the sign-up answered: its own chunk, fetched as the form is sent, so the form's
 * first load carries neither it nor the resend logic.
 */
const loadCodeStep = () => import('./code-step');
const CodeStep = lazy(loadCodeStep);

/** /register (spec §2, §4, §5): the form, then the code-entry step or, when the pool confirms by itself, success. */
export default function RegisterPage() {
  useAccountSession();
  const store = useAppStore();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const firstName = useAppSelector(selectFirstName);
  const goLater = useDelayedNavigate();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const form = useZodForm(registrationSchema, { shouldUnregister: false });
  const recordConsent = useOperationCall(registrationOperations.registrationConsent);
  const field = fieldsOf(form);

  const submission = useFormSubmission(form, async (values) => {
    void loadCodeStep();
    // The proof of the authorization first: without it no account is created (the provider never tells the site).
    const proof = await recordConsent({
      body: {
        email: values.email,
        data_authorization: values.data_authorization,
        ...(values.privacy_policy_version ? { privacy_policy_version: values.privacy_policy_version } : {}),
      },
    });
    if (proof.kind !== 'ok')
      return failed(
        proof.kind === 'error' ? proof.message : identityMessages.signUpDefault,
        proof.kind === 'error' ? { fields: proof.fields } : {},
      );
    const result = await signUp(values);
    if (!result.success) {
      const taken = result.code === 'UsernameExistsException';
      return failed(result.error ?? identityMessages.signUpDefault, {
        link: taken ? { to: '/login', label: 'Ir a Iniciar sesión' } : undefined,
      });
    }
    if (result.needsConfirmation) {
      setStep({ kind: 'code', email: values.email });
      return sent(null);
    }
    // A pool that confirms on its own: sign in with what was just typed and go where the visitor was headed.
    const signedIn = await login(values.email, values.password);
    if (signedIn.success) {
      recordSignIn(store, signedIn.user);
      setStep({ kind: 'done', text: t.created });
      goLater(takePostLogin(store), REDIRECT_MS);
    } else {
      setStep({ kind: 'done', text: t.confirmed });
      goLater(loginPathFor(values.email), REDIRECT_MS);
    }
    return sent(null);
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
      <Suspense fallback={null}>
        <CodeStep
          email={step.email}
          onBack={() => setStep({ kind: 'form' })}
          onConfirmed={() => {
            setStep({ kind: 'done', text: t.confirmed });
            goLater(loginPathFor(step.email), REDIRECT_MS);
          }}
        />
      </Suspense>
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
      <AccountForm
        submission={submission}
        onFocus={prefetchIdentity}
        aria-labelledby="crear-cuenta"
        summary={<SubmitErrors form={form} submission={submission} />}
        header={
          <>
            <StepHeading id="crear-cuenta" autoFocus={false}>
              Crea tu cuenta
            </StepHeading>
            <p className="form-note">Todos los campos son obligatorios.</p>
          </>
        }
        submitLabel={t.submit}
        busyLabel={t.busy}
        submitClassName="btn btn--accent"
        footer={
          <>
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
          </>
        }
      >
        <TextField label="Nombre completo" autoComplete="name" required {...field('name')} />
        <TextField label="Correo electrónico" type="email" autoComplete="email" inputMode="email" required {...field('email')} />
        <div className="form-grid">
          <PasswordField label="Contraseña" autoComplete="new-password" required hint={t.passwordHint} {...field('password')} />
          <PasswordField toggle={false} label="Confirma la contraseña" autoComplete="new-password" required {...field('confirmPassword')} />
        </div>
        <TextField label="Teléfono" type="tel" autoComplete="tel" required hint={t.phoneHint} {...field('phone')} />
        <div className="form-grid">
          <SelectField
            label="Tipo de documento"
            required
            options={documentTypes}
            placeholder="Selecciona el tipo"
            {...field('identityType')}
          />
          <TextField label="Número de documento" inputMode="numeric" required {...field('identityNumber')} />
        </div>
        <DataAuthorization form={registrationConsent} {...field('data_authorization')} />
      </AccountForm>
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

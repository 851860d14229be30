import '../account.css';
import './data-rights.css';
import { useEffect, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall, useSignedInCall, type TokenSource } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { AppLink, useNavigation, useSearchParams } from 'shared/navigation';
import { selectIsAuthenticated, selectUser, useAppSelector } from 'shared/store';
import {
  DATA_LINK_PATTERN,
  dataRequestCodeStepSchema,
  dataRequestFormSchema,
  dataRequestKindLabels,
  dataRequestKinds,
  type DataRequestFormInput,
  type FileDataRequestResponse,
} from './schemas';
import type { z } from 'shared/schemas/zod';
import { SubmitErrors } from 'shared/ui/error-summary';
import { FormMessage, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission, withHoneypot, type Sent } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { dataRightsOperations as ops } from './operations';
import { LinkButton } from '../components/account-form';
import { StepHeading } from '../components/step-heading';
import { useAccountSession } from '../session/use-account-session';
import { dataRightsTexts as t } from './data-rights-texts';

type Values = z.output<typeof dataRequestFormSchema>;
type Step =
  { kind: 'form' } | { kind: 'code'; values: Values; message: string } | { kind: 'done'; email: string; answer: FileDataRequestResponse };

/** A failed call as the form kit wants it: the server's message and its field messages. */
function failure(result: Exclude<ApiResult<unknown>, { kind: 'ok' }>): Sent<never> {
  if (result.kind === 'network') return failed(t.network);
  return failed(result.message || t.failed, { fields: result.fields });
}

/** A signed-in visitor whose address the identity provider verified: that address needs no code. */
interface Verified {
  email: string;
  name: string;
  /** The visitor's session: a filing for this address goes with its token (`useSignedInCall`), never handled here. */
  session: TokenSource;
}

/** No session: what the signed-in call is bound to when nobody is (it is then never called). */
const noSession: TokenSource = { getIdToken: async () => null };

function RequestForm({
  initial,
  verified,
  link,
  onLinkRefused,
  onCodeSent,
  onFiled,
}: {
  initial: Values | null;
  verified: Verified | null;
  /** The token of a code e-mail's link the visitor opened: it proves the mailbox instead of a code. */
  link: string | null;
  onLinkRefused: () => void;
  onCodeSent: (values: Values, message: string) => void;
  onFiled: (email: string, answer: FileDataRequestResponse) => void;
}) {
  const askCode = useOperationCall(ops.dataRequestCode);
  const file = useOperationCall(ops.fileDataRequest);
  const fileSignedIn = useSignedInCall(ops.fileDataRequest, verified?.session ?? noSession);
  const form = useZodForm(dataRequestFormSchema, {
    defaultValues: (initial ?? {
      kind: undefined,
      details: '',
      correction: '',
      name: verified?.name ?? '',
      email: verified?.email ?? '',
    }) as DataRequestFormInput,
  });
  const email = form.watch('email');
  const bySession = verified !== null && typeof email === 'string' && email.trim().toLowerCase() === verified.email;
  const skipCode = bySession || link !== null;
  const field = fieldsOf(form);
  const kind = form.watch('kind');
  const kindError = form.formState.errors.kind?.message;
  const submission = useFormSubmission(form, async (values, { honeypot }) => {
    // Signed in with this verified address: filed with the session's token. Once the session ended nothing was sent,
    // and the link or the code proves the address instead, as for anyone.
    const bySessionFiled =
      verified && values.email === verified.email ? await fileSignedIn({ body: withHoneypot(values, honeypot) }) : null;
    if (bySessionFiled && !isSessionEnded(bySessionFiled)) {
      if (bySessionFiled.kind !== 'ok') return failure(bySessionFiled);
      onFiled(values.email, bySessionFiled.data);
      return sent(null);
    }
    if (link) {
      const filed = await file({ body: withHoneypot({ ...values, link }, honeypot) });
      if (filed.kind === 'ok') {
        onFiled(values.email, filed.data);
        return sent(null);
      }
      // Used, expired or another address's: the page falls back to the code.
      if (filed.kind === 'error' && filed.error === 'link_invalid') onLinkRefused();
      return failure(filed);
    }
    const result = await askCode({ body: withHoneypot({ email: values.email }, honeypot) });
    if (result.kind !== 'ok') return failure(result);
    onCodeSent(values, result.data.message);
    return sent(null);
  });
  const kindField = form.register('kind');
  return (
    <SubmissionForm
      className="form"
      submission={submission}
      aria-labelledby="solicitud-titulo"
      header={
        <>
          <h2 id="solicitud-titulo">{t.formTitle}</h2>
          <p>{t.formIntro}</p>
          {link && !bySession ? <FormMessage kind="success">{t.linkNote}</FormMessage> : null}
        </>
      }
      summary={
        <SubmitErrors
          form={form}
          submission={submission}
          focusTarget={(name) => (name === 'kind' ? document.getElementById(`tipo-${dataRequestKinds[0]}`) : null)}
        />
      }
    >
      <fieldset
        className="data-kinds"
        role="radiogroup"
        aria-required="true"
        aria-invalid={kindError ? true : undefined}
        aria-describedby={kindError ? 'tipo-error' : undefined}
      >
        <legend>
          {t.kindLegend}
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {dataRequestKinds.map((k) => (
          <div key={k} className="data-kind">
            <input id={`tipo-${k}`} type="radio" value={k} aria-describedby={`tipo-${k}-ayuda`} {...kindField} />
            <label htmlFor={`tipo-${k}`}>{t.kinds[k].label}</label>
            <small id={`tipo-${k}-ayuda`} className="field-hint">
              {t.kinds[k].hint}
            </small>
          </div>
        ))}
        {kindError ? (
          <span id="tipo-error" className="field-error">
            {kindError}
          </span>
        ) : null}
      </fieldset>
      {kind === 'correccion' ? (
        <TextAreaField label={t.correction} required rows={3} hint={t.correctionHint} {...field('correction')} />
      ) : null}
      <TextAreaField label={t.details} required rows={5} hint={t.detailsHint} {...field('details')} />
      <div className="form-grid">
        <TextField label={t.name} required autoComplete="name" {...field('name')} />
        <TextField
          label={t.email}
          required
          type="email"
          autoComplete="email"
          hint={bySession ? t.emailVerifiedHint : link ? t.emailLinkHint : t.emailHint}
          {...field('email')}
        />
      </div>
      <SubmitButton busy={submission.busy} busyLabel={skipCode ? t.filing : t.sendingCode}>
        {skipCode ? t.file : t.sendCode}
      </SubmitButton>
    </SubmissionForm>
  );
}

function CodeForm({
  values,
  message,
  onBack,
  onFiled,
}: {
  values: Values;
  message: string;
  onBack: () => void;
  onFiled: (answer: FileDataRequestResponse) => void;
}) {
  const file = useOperationCall(ops.fileDataRequest);
  const askCode = useOperationCall(ops.dataRequestCode);
  const [resend, setResend] = useState<{ busy: boolean; note: { kind: 'success' | 'error'; text: string } | null }>({
    busy: false,
    note: null,
  });
  const form = useZodForm(dataRequestCodeStepSchema, { defaultValues: { code: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async ({ code }) => {
    const result = await file({ body: { ...values, code } });
    if (result.kind !== 'ok') return failure(result);
    onFiled(result.data);
    return sent(null);
  });
  const again = async () => {
    setResend({ busy: true, note: null });
    const result = await askCode({ body: { email: values.email } });
    setResend({
      busy: false,
      note:
        result.kind === 'ok'
          ? { kind: 'success', text: t.resent }
          : { kind: 'error', text: result.kind === 'error' && result.message ? result.message : t.network },
    });
  };
  return (
    <SubmissionForm
      className="form"
      honeypot={false}
      submission={submission}
      aria-labelledby="codigo-titulo"
      header={
        <>
          <StepHeading id="codigo-titulo">{t.codeTitle}</StepHeading>
          <p>{message}</p>
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
    >
      <TextField
        label={t.code}
        required
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <div className="auth-actions">
        <SubmitButton busy={submission.busy} busyLabel={t.filing}>
          {t.file}
        </SubmitButton>
        <LinkButton onClick={() => void again()} disabled={resend.busy}>
          {resend.busy ? t.resending : t.resend}
        </LinkButton>
      </div>
      <div aria-live="polite">{resend.note ? <FormMessage kind={resend.note.kind}>{resend.note.text}</FormMessage> : null}</div>
      <p>
        <LinkButton onClick={onBack}>{t.back}</LinkButton>
      </p>
    </SubmissionForm>
  );
}

function Done({ email, answer }: { email: string; answer: FileDataRequestResponse }) {
  return (
    <div className="form" role="status">
      <StepHeading id="radicada-titulo">{t.doneTitle}</StepHeading>
      <p>{t.doneIntro(email)}</p>
      <dl className="data-done">
        <div>
          <dt>{t.radicado}</dt>
          <dd data-testid="radicado">
            <strong>{answer.radicado}</strong>
          </dd>
        </div>
        <div>
          <dt>{t.kind}</dt>
          <dd>{dataRequestKindLabels[answer.kind]}</dd>
        </div>
        <div>
          <dt>{t.due}</dt>
          <dd>{t.dueValue(formatLongDate(answer.dueDate), answer.termDays)}</dd>
        </div>
      </dl>
      <p>{t.sicNote}</p>
    </div>
  );
}

/**
 * `/datos-personales` (Ley 1581 de 2012, arts. 8, 14 y 15): the visitor picks what to ask (acceso, corrección,
 * supresión, revocatoria), writes it, gives a name and an e-mail, proves the e-mail with the code sent to it, and only
 * then is the request filed: the radicado and the legal due date are shown and e-mailed. Opened from the link of a code
 * e-mail (`?token=…`), the link is the proof and no code is asked; signed in with a verified address, neither is.
 */
export default function DataRightsPage() {
  const session = useAccountSession();
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const verified: Verified | null =
    signedIn && user?.email && user.email_verified ? { email: user.email.trim().toLowerCase(), name: user.name, session } : null;
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [kept, setKept] = useState<Values | null>(null);
  // `?token=…`: the link of a code e-mail (it proves the mailbox when the request is filed; opening it changes nothing).
  const navigation = useNavigation();
  const fromLink = useSearchParams().get('token');
  const [link, setLink] = useState<string | null>(() => (fromLink && DATA_LINK_PATTERN.test(fromLink) ? fromLink : null));
  useEffect(() => {
    // Kept in the page only: not left in the address bar, history or a bookmark.
    if (fromLink !== null) navigation.navigate(navigation.pathname, { replace: true });
  }, [fromLink, navigation]);

  let body;
  if (step.kind === 'done') body = <Done email={step.email} answer={step.answer} />;
  else if (step.kind === 'code')
    body = (
      <CodeForm
        values={step.values}
        message={step.message}
        onBack={() => setStep({ kind: 'form' })}
        onFiled={(answer) => setStep({ kind: 'done', email: step.values.email, answer })}
      />
    );
  else
    body = (
      <RequestForm
        initial={kept}
        verified={verified}
        link={link}
        onLinkRefused={() => setLink(null)}
        onCodeSent={(values, message) => {
          setKept(values);
          setStep({ kind: 'code', values, message });
        }}
        onFiled={(email, answer) => setStep({ kind: 'done', email, answer })}
      />
    );

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <div className="data-rights">
        <section className="data-rights__form" aria-label={t.formTitle}>
          {body}
        </section>
        <aside className="data-rights__aside" aria-labelledby="plazos-titulo">
          <h2 id="plazos-titulo">{t.termsTitle}</h2>
          <ul>
            {t.terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            <AppLink to="/politica-de-privacidad">{t.policyLink}</AppLink>
          </p>
        </aside>
      </div>
    </PageFrame>
  );
}

import { useEffect, useRef, useState } from 'react';
import { site } from 'shared/foundation/site';
import { totpCodeSchema } from './schemas';
import { SubmitErrors } from 'shared/ui/error-summary';
import { FormMessage } from 'shared/ui/form';
import { failed, fieldsOf, sent, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { encode } from 'uqr';
import { AccountForm, LinkButton } from '../components/account-form';
import { StepHeading } from '../components/step-heading';
import { TotpCodeField } from './totp-code-field';
import { otpauthUri, secretGroups } from './otpauth';
import { finishTotpSetup, RESTART_SIGN_IN, startTotpSetup, type TotpSetupStart } from './staff-identity';
import { gateTexts as t } from './gate-texts';

/**
 * A QR code drawn as one SVG path from uqr's module matrix (border included): crisp at any size, no canvas, no
 * inline markup to sanitise. Dark on white whatever the theme, as scanners expect.
 */
function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg className="staff-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret typed out in groups of 4, with a copy button where the browser allows it. */
function ManualSecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const groups = secretGroups(secret);
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  return (
    <div className="staff-secret">
      <p>{t.setupManual}</p>
      <p className="staff-secret__value">
        <span className="visually-hidden">{t.secretLabel}: </span>
        <code translate="no">{groups.join(' ')}</code>
      </p>
      {canCopy ? (
        <p className="staff-secret__copy">
          <LinkButton
            onClick={() =>
              void navigator.clipboard.writeText(groups.join('')).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t.copySecret}
          </LinkButton>{' '}
          <span role="status">{copied ? t.copied : ''}</span>
        </p>
      ) : null}
    </div>
  );
}

type Setup = { kind: 'loading' } | { kind: 'done'; result: TotpSetupStart };

/**
 * First visit of a member without an authenticator: AssociateSoftwareToken gives the secret, shown as a QR code of
 * the otpauth:// URI and typed out; the app's first code verifies it (VerifySoftwareToken) and makes TOTP the
 * preferred second factor. Its own chunk (with the QR encoder): only members setting up ever download it.
 */
export default function TotpSetup({
  email,
  onDone,
  onRestart,
}: {
  email: string;
  onDone: () => void;
  onRestart: (notice?: string) => void;
}) {
  const [setup, setSetup] = useState<Setup>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // One AssociateSoftwareToken per attempt even when effects run twice (a second call would replace the secret).
  const started = useRef<{ attempt: number; promise: Promise<TotpSetupStart> } | null>(null);
  const form = useZodForm(totpCodeSchema);
  const field = fieldsOf(form);

  useEffect(() => {
    let live = true;
    if (started.current?.attempt !== attempt) started.current = { attempt, promise: startTotpSetup() };
    void started.current.promise.then((result) => {
      if (!live) return;
      if (!result.success && result.code === RESTART_SIGN_IN) onRestart(result.error);
      else setSetup({ kind: 'done', result });
    });
    return () => {
      live = false;
    };
  }, [attempt, onRestart]);

  const submission = useFormSubmission(form, async ({ code }) => {
    const result = await finishTotpSetup(code);
    if (result.success) onDone();
    else if (result.code === RESTART_SIGN_IN) onRestart(result.error);
    else {
      form.resetField('code');
      return failed(result.error ?? t.setupFailed);
    }
    return sent(null);
  });

  const heading = <StepHeading id="staff-configurar">{t.setupTitle}</StepHeading>;
  if (setup.kind === 'loading')
    return (
      <div className="form">
        {heading}
        <p role="status">{t.setupLoading}</p>
      </div>
    );
  if (!setup.result.success)
    return (
      <div className="form">
        {heading}
        <FormMessage kind="error">{setup.result.error}</FormMessage>
        <div className="auth-actions">
          <button
            type="button"
            className="btn"
            onClick={() => {
              setSetup({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t.retry}
          </button>
        </div>
      </div>
    );

  const { secret } = setup.result;
  const uri = otpauthUri(site.name, email, secret);
  return (
    <AccountForm
      submission={submission}
      aria-labelledby="staff-configurar"
      header={
        <>
          {heading}
          <p>{t.setupIntro}</p>
          <ol className="staff-setup-steps">
            <li>{t.setupStep1}</li>
            <li>
              <p>{t.setupStep2}</p>
              <QrCode value={uri} label={t.qrLabel(email)} />
              <p>
                <a href={uri}>{t.openInApp}</a>
              </p>
              <ManualSecret secret={secret} />
            </li>
            <li>{t.setupStep3}</li>
          </ol>
        </>
      }
      summary={<SubmitErrors form={form} submission={submission} />}
      submitLabel={t.setupSubmit}
      busyLabel={t.setupBusy}
    >
      <TotpCodeField label={t.codeLabel} {...field('code')} />
    </AccountForm>
  );
}

import '../courses.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { useNavigation } from 'shared/navigation';
import { TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { certificateOperations } from './operations';
import { normaliseVerificationCode, VERIFICATION_PREFIX, type VerificationResponse } from './schemas';
import { verificationTexts as t } from './texts';

/**
 * Whether a certificate is valid depends on this moment (it may have been voided a minute ago): the server never renders
 * it into a page it could keep, so the screen is left to the browser.
 */
export const serverRender = false;

/** The code in the address (/verificar/<code>), as the QR wrote it; '' on /verificar. */
function codeOf(pathname: string): string {
  const path = pathname.toLowerCase();
  if (!path.startsWith(VERIFICATION_PREFIX)) return '';
  const raw = pathname.slice(VERIFICATION_PREFIX.length).replace(/\/$/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Loaded =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'failed' }
  | { kind: 'ready'; certificate: VerificationResponse };

/** /verificar and /verificar/<code> (#31): a completion certificate's public verification, and a form to type a code. */
export default function CertificateVerificationPage() {
  const { pathname, navigate } = useNavigation();
  const code = codeOf(pathname);
  const verify = useOperationCall(certificateOperations.verifyCertificate);
  const [loaded, setLoaded] = useState<Loaded>({ kind: code ? 'loading' : 'none' });
  const [attempt, setAttempt] = useState(0);
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!code) return setLoaded({ kind: 'none' });
    let live = true;
    setLoaded({ kind: 'loading' });
    // What the QR or a link carries may be typed in capitals or with dashes: the same code.
    verify({ params: { code: normaliseVerificationCode(code) ?? code } })
      .then((res) => {
        if (!live) return;
        if (res.kind === 'ok') setLoaded({ kind: 'ready', certificate: res.data });
        else if (res.kind === 'error' && res.status === 404) setLoaded({ kind: 'missing', message: res.message });
        else setLoaded({ kind: 'failed' });
      })
      .catch(() => live && setLoaded({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [verify, code, attempt]);

  // The answer takes focus, so a keyboard or screen-reader user hears it after typing a code.
  useEffect(() => {
    if (loaded.kind === 'ready' || loaded.kind === 'missing' || loaded.kind === 'failed') result.current?.focus();
  }, [loaded.kind]);

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      {/* The address holds the certificate's code: no request from this page carries it in a Referer. */}
      <meta name="referrer" content="no-referrer" />
      {loaded.kind === 'loading' ? (
        <p role="status" className="verification-note">
          {t.loading}
        </p>
      ) : null}
      <div ref={result} tabIndex={-1} className="verification-result">
        {loaded.kind === 'missing' ? (
          <div className="card">
            <p className="alert alert--error" role="alert">
              {loaded.message}
            </p>
          </div>
        ) : null}
        {loaded.kind === 'failed' ? (
          <div className="card">
            <p className="alert alert--error" role="alert">
              {t.loadFailed}
            </p>
            <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
              {t.retry}
            </button>
          </div>
        ) : null}
        {loaded.kind === 'ready' ? <Certificate certificate={loaded.certificate} /> : null}
      </div>
      <CodeForm first={!code} onCode={(c) => (c === code ? setAttempt((n) => n + 1) : navigate(`${VERIFICATION_PREFIX}${c}`))} />
    </PageFrame>
  );
}

function Certificate({ certificate: c }: { certificate: VerificationResponse }) {
  const valid = c.state === 'valido';
  return (
    <section className="card verification-card" aria-labelledby="certificado-estado">
      <h2
        id="certificado-estado"
        className={valid ? 'verification-state verification-state--valid' : 'verification-state verification-state--voided'}
      >
        <span aria-hidden="true">{valid ? '✓ ' : '✕ '}</span>
        {valid ? t.valid : t.voided}
      </h2>
      <p>{valid ? t.validNote : t.voidedNote(formatLongDate(c.voidedOn ?? ''))}</p>
      <dl className="verification-facts">
        <dt>{t.facts.name}</dt>
        <dd>{c.name}</dd>
        <dt>{t.facts.course}</dt>
        <dd>{c.course}</dd>
        <dt>{t.facts.completedOn}</dt>
        <dd>{formatLongDate(c.completedOn)}</dd>
        <dt>{t.facts.number}</dt>
        <dd>{c.number}</dd>
        <dt>{t.facts.state}</dt>
        <dd>{valid ? t.stateValid : t.stateVoided}</dd>
        {c.voidedOn ? (
          <>
            <dt>{t.facts.voidedOn}</dt>
            <dd>{formatLongDate(c.voidedOn)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** A code typed from the paper: normalised here, checked by the server. */
function CodeForm({ first, onCode }: { first: boolean; onCode: (code: string) => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseVerificationCode(typed);
    if (!code) return setError(t.codeInvalid);
    setError(undefined);
    onCode(code);
  };
  return (
    <section className="card verification-form" aria-labelledby="verificar-codigo">
      <h2 id="verificar-codigo">{first ? t.formTitleFirst : t.formTitle}</h2>
      <form noValidate onSubmit={submit}>
        <TextField
          label={t.codeLabel}
          hint={t.codeHint}
          name="codigo"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn">
          {t.submit}
        </button>
      </form>
    </section>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { newsletterSchema, newsletterTexts } from 'shared/schemas/newsletter';
import { AuthorizationText } from 'shared/ui/consent';
import { newsletterConsent } from '../../../site/consent-forms';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

type Feedback = { kind: 'success' | 'error'; text: string } | null;
const FEEDBACK_MS = 5000;

/** Footer newsletter box (spec §5 Newsletter): validated here and again by the community API. */
export default function NewsletterBox() {
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  const [authorized, setAuthorized] = useState(false);
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();
  const consentId = useId();
  const messageId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Feedback) => {
    setFeedback(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFeedback(null), FEEDBACK_MS);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = newsletterSchema.safeParse({ email, data_authorization: authorized });
    if (!parsed.success) {
      show({ kind: 'error', text: parsed.error.issues[0]?.message ?? newsletterTexts.invalid });
      return;
    }
    setSending(true);
    const result = await subscribe(parsed.data);
    setSending(false);
    if (result.kind === 'ok') {
      setEmail('');
      setAuthorized(false);
      show({ kind: 'success', text: result.data.message || newsletterTexts.subscribed });
    } else if (result.kind === 'error') {
      show({ kind: 'error', text: result.message || newsletterTexts.failed });
    } else {
      show({ kind: 'error', text: newsletterTexts.network });
    }
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-describedby={feedback ? messageId : undefined}>
      <label htmlFor={inputId}>Correo electrónico</label>
      <div className="newsletter-row">
        <input
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="tucorreo@ejemplo.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={feedback?.kind === 'error'}
        />
        <button type="submit" className="btn btn--accent" disabled={sending}>
          {sending ? 'Enviando…' : 'Suscribirme'}
        </button>
      </div>
      {/* The express authorization (#15): unticked, the box refuses the subscription with its reason. */}
      <div className="newsletter-consent">
        <input
          id={consentId}
          name="data_authorization"
          type="checkbox"
          required
          checked={authorized}
          onChange={(e) => setAuthorized(e.target.checked)}
        />
        <label htmlFor={consentId}>
          <AuthorizationText form={newsletterConsent} />
        </label>
      </div>
      <p id={messageId} className={`newsletter-feedback ${feedback ? `is-${feedback.kind}` : ''}`} role="status" aria-live="polite">
        {feedback?.text}
      </p>
    </form>
  );
}

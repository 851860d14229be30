import '../community.css';
import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { AppLink, useSearchParams } from 'shared/navigation';
import {
  newsletterLinkTexts as t,
  newsletterTokenSchema,
  type NewsletterTokenRequest,
  type NewsletterTokenResponse,
} from 'shared/schemas/newsletter';
import { PageFrame } from 'shared/ui/page-frame';

type Outcome = { kind: 'done' | 'failed'; text: string } | null;

export interface NewsletterLinkPageProps {
  title: string;
  intro: string;
  button: string;
  /** The message when the API refuses the token (expired, used, unknown). */
  invalid: string;
  run: (body: NewsletterTokenRequest) => Promise<ApiResult<NewsletterTokenResponse>>;
}

/**
 * The page a newsletter e-mail links to (confirm or unsubscribe). Opening it changes nothing: mail systems prefetch
 * links to scan them, so only the button (a POST) acts. The outcome takes focus so it is heard.
 */
export function NewsletterLinkPage({ title, intro, button, invalid, run }: NewsletterLinkPageProps) {
  const raw = useSearchParams().get('token') ?? '';
  const token = newsletterTokenSchema.safeParse(raw).success ? raw : null;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const message = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  async function act() {
    if (!token || busy) return;
    setBusy(true);
    const result = await run({ token });
    setBusy(false);
    if (result.kind === 'ok') setOutcome({ kind: 'done', text: result.data.message });
    else if (result.kind === 'error')
      setOutcome({ kind: 'failed', text: result.status === 404 || result.status === 400 ? invalid : result.message || t.failed });
    else setOutcome({ kind: 'failed', text: t.network });
  }

  return (
    <PageFrame title={title} intro={<p>{intro}</p>}>
      <div className="newsletter-link">
        {!token ? (
          <p className="alert alert--warning" role="alert">
            {raw ? invalid : t.missingToken}
          </p>
        ) : outcome?.kind === 'done' ? null : (
          <p>
            <button type="button" className="btn" onClick={() => void act()} disabled={busy} aria-busy={busy}>
              {busy ? 'Enviando…' : button}
            </button>
          </p>
        )}
        {outcome ? (
          <p
            ref={message}
            tabIndex={-1}
            className={`alert ${outcome.kind === 'done' ? 'alert--success' : 'alert--warning'}`}
            role={outcome.kind === 'done' ? 'status' : 'alert'}
          >
            {outcome.text}
          </p>
        ) : null}
        <p>
          <AppLink to="/">Ir al inicio</AppLink>
        </p>
      </div>
    </PageFrame>
  );
}

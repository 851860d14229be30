import './payment-result.css';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { apiClient } from '../api/client';
import { AppLink, useNavigation } from 'shared/navigation';
import { PENDING_PAYMENT_KEY, removeKey } from '../payments/browser-storage';
import {
  failureReason,
  processingTime,
  readReturnParams,
  resultHeading,
  resultTexts,
  statusLabel,
  type ResultTexts,
} from '../payments/result-texts';
import { FormMessage } from './form';
import { PageFrame } from './page-frame';

/** What `GET <apiBase>/payments/:id` answers: the payment as the server read it from the provider. */
export interface CheckedPayment {
  payment_id?: string;
  status: string;
  status_detail: string | null;
  payment_type: string | null;
  external_reference?: string | null;
  amount?: number;
  date_approved?: string | null;
}

type Check = { state: 'idle' | 'checking' } | { state: 'done'; payment: CheckedPayment } | { state: 'error' };

/** The return URL is only a hint: asks the server, which reads the payment from the provider and applies it. */
export function usePaymentCheck(apiBase: string, search: string) {
  const { paymentId, reference, hasPayment, hint } = readReturnParams(search);
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const verify = useCallback(async () => {
    if (!hasPayment) return;
    setCheck({ state: 'checking' });
    const query = reference ? `?external_reference=${encodeURIComponent(reference)}` : '';
    const res = await apiClient.request<CheckedPayment>('GET', `${apiBase}/payments/${paymentId}${query}`);
    setCheck(res.kind === 'ok' ? { state: 'done', payment: res.data } : { state: 'error' });
  }, [apiBase, hasPayment, paymentId, reference]);

  useEffect(() => {
    // Spec §4: a return without a numeric payment id means no payment was made; forget the pending one.
    if (!hasPayment) removeKey(PENDING_PAYMENT_KEY);
    else void verify();
  }, [hasPayment, verify]);

  return { check, verify, hint, hasPayment };
}

export interface PaymentResultLink {
  to: string;
  label: string;
}

export interface PaymentResultProps {
  /** Which page: 'success', 'failure' or 'pending' (from the route table). */
  result?: string;
  /** The API that owns the payment: '/api/courses' or '/api/giving'. */
  apiBase: string;
  /** Texts that name what was paid (a course or a donation); the rest are the spec's. */
  texts?: Partial<ResultTexts>;
  /** The success page's link onwards (courses: Mis Cursos). */
  successLink?: PaymentResultLink;
  /** The failure page's second button (courses: 'Ver Otros Cursos'). */
  failureLink?: PaymentResultLink;
  /** Shown under the status once the server confirms an approved payment (e.g. account creation). */
  children?: ReactNode | ((payment: CheckedPayment) => ReactNode);
}

/** Payment result screen (spec §2, §4, §8): /pago/* for courses and /success, /failure, /pending for donations. */
export function PaymentResult({ result = 'success', apiBase, texts, successLink, failureLink, children }: PaymentResultProps) {
  const t = { ...resultTexts, ...texts };
  const { search } = useNavigation();
  const { check, verify, hint, hasPayment } = usePaymentCheck(apiBase, search);
  const payment = check.state === 'done' ? check.payment : null;
  const status = payment?.status ?? (hasPayment ? '' : hint.status);

  useEffect(() => {
    if (payment?.status === 'approved') removeKey(PENDING_PAYMENT_KEY);
  }, [payment?.status]);

  if (result === 'failure') {
    return (
      <PageFrame title={resultHeading.failure} intro={<p>{t.failureLead}</p>}>
        <section className="card result-card" aria-labelledby="pago-no-completado">
          <h2 id="pago-no-completado">{t.failureTitle}</h2>
          {check.state === 'checking' ? <p role="status">{t.checking}</p> : null}
          {check.state !== 'checking' ? (
            <FormMessage kind="error">{failureReason(payment?.status ?? null, payment?.status_detail ?? null)}</FormMessage>
          ) : null}
          <ul>
            {t.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <div className="result-actions">
            <button type="button" className="btn" onClick={() => window.history.back()}>
              {t.retry}
            </button>
            {failureLink ? (
              <AppLink className="btn btn--ghost" to={failureLink.to}>
                {failureLink.label}
              </AppLink>
            ) : null}
          </div>
        </section>
      </PageFrame>
    );
  }

  if (result === 'pending' && status !== 'approved') {
    const busy = check.state === 'checking';
    return (
      <PageFrame title={resultHeading.pending} intro={<p>{t.pendingLead}</p>}>
        <section className="card result-card" aria-labelledby="estado-pendiente">
          <h2 id="estado-pendiente">{t.pendingTitle}</h2>
          <p>{processingTime(payment?.payment_type ?? hint.payment_type)}</p>
          <p aria-live="polite">
            {t.currentStatus} <span className="result-status result-status--wait">{busy ? t.checking : statusLabel(status)}</span>
          </p>
          {check.state === 'error' ? <FormMessage kind="error">{t.verifyError}</FormMessage> : null}
          {hasPayment ? (
            <button type="button" className="btn" onClick={() => void verify()} disabled={busy}>
              {busy ? t.verifying : t.verify}
            </button>
          ) : null}
        </section>
      </PageFrame>
    );
  }

  const approved = status === 'approved';
  return (
    <PageFrame title={resultHeading.success} intro={<p>{t.successLead}</p>}>
      <section className="card result-card" aria-labelledby="estado-pago">
        <h2 id="estado-pago">{t.statusTitle}</h2>
        <p aria-live="polite">
          <span className={`result-status ${approved ? 'result-status--ok' : 'result-status--wait'}`}>
            {approved ? t.approved : t.processing}
          </span>
        </p>
        {check.state === 'error' ? <FormMessage kind="error">{t.verifyError}</FormMessage> : null}
        {approved && payment && children ? (typeof children === 'function' ? children(payment) : children) : null}
        <p>{t.accessPromise}</p>
        {successLink ? (
          <AppLink className="btn" to={successLink.to}>
            {successLink.label}
          </AppLink>
        ) : null}
      </section>
    </PageFrame>
  );
}

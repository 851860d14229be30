import './payment-result.css';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ApiResult } from '../api/client';
import { AppLink, useNavigation } from 'shared/navigation';
import { claimFor, PENDING_PAYMENT_KEY, removeKey } from '../payments/browser-storage';
import {
  failureReason,
  processingTime,
  readReturnParams,
  resultHeading,
  resultTexts,
  statusLabel,
  type ResultTexts,
} from '../payments/result-texts';
import type { PaymentStatusRequest, PaymentStatusResponse } from '../schemas/payments-api';
import { FormMessage } from './form';
import { PageFrame } from './page-frame';

/** What the status check answers: the payment as the server read it from the provider. */
export type CheckedPayment = PaymentStatusResponse;

/** The owning remote's status check (`src/api/check-payment-status.ts`): POST /api/<courses|giving>/payments/status. */
export type CheckPaymentStatus = (body: PaymentStatusRequest) => Promise<ApiResult<PaymentStatusResponse>>;

type Check =
  | { state: 'idle' | 'checking' }
  | { state: 'done'; payment: CheckedPayment; claim: string }
  | { state: 'error'; message?: string }
  /** The checkout was not started in this browser (or its claim expired): the server will not answer, by design. */
  | { state: 'unclaimed' };

/**
 * The return URL is only a hint: asks the server, which reads the payment from the provider and applies it. Only the
 * browser that started the checkout holds its claim secret, so a shared or guessed return URL shows no verdict.
 */
export function usePaymentCheck(checkStatus: CheckPaymentStatus, search: string) {
  const { paymentId, reference, hasPayment, hint } = readReturnParams(search);
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const verify = useCallback(async () => {
    if (!hasPayment) return;
    const claim = reference ? claimFor(reference) : null;
    if (!claim) {
      setCheck({ state: 'unclaimed' });
      return;
    }
    setCheck({ state: 'checking' });
    const res = await checkStatus({
      payment_id: paymentId,
      external_reference: reference,
      claim_secret: claim,
    });
    if (res.kind === 'ok') setCheck({ state: 'done', payment: res.data, claim });
    else if (res.kind === 'error' && res.status === 403) setCheck({ state: 'unclaimed' });
    else setCheck({ state: 'error', ...(res.kind === 'error' && res.status === 409 && res.message ? { message: res.message } : {}) });
  }, [checkStatus, hasPayment, paymentId, reference]);

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
  /** The status check of the remote that owns the payment (courses or giving). */
  checkStatus: CheckPaymentStatus;
  /** Texts that name what was paid (a course or a donation); the rest are the spec's. */
  texts?: Partial<ResultTexts>;
  /** The success page's link onwards (courses: Mis Cursos). */
  successLink?: PaymentResultLink;
  /** The failure page's second button (courses: 'Ver Otros Cursos'). */
  failureLink?: PaymentResultLink;
  /** Shown under the status once the server confirms an approved payment (e.g. account creation, with the claim). */
  children?: ReactNode | ((payment: CheckedPayment, claim: string) => ReactNode);
  /** Told every status the server confirms (e.g. to forget stored personal data once the payment is final). */
  onConfirmed?: (payment: CheckedPayment) => void;
}

/** The message shown when the server could not (or, for another browser, would not) confirm the payment. */
function CheckProblem({ check, texts }: { check: Check; texts: ResultTexts }) {
  if (check.state === 'unclaimed') return <FormMessage kind="warning">{texts.notThisBrowser}</FormMessage>;
  if (check.state === 'error') return <FormMessage kind="error">{check.message ?? texts.verifyError}</FormMessage>;
  return null;
}

/** Payment result screen (spec §2, §4, §8): /pago/* for courses and /success, /failure, /pending for donations. */
export function PaymentResult({
  result = 'success',
  checkStatus,
  texts,
  successLink,
  failureLink,
  children,
  onConfirmed,
}: PaymentResultProps) {
  const t = { ...resultTexts, ...texts };
  const { search } = useNavigation();
  const { check, verify, hint, hasPayment } = usePaymentCheck(checkStatus, search);
  const payment = check.state === 'done' ? check.payment : null;
  const status = payment?.status ?? (hasPayment ? '' : hint.status);

  useEffect(() => {
    if (!payment) return;
    if (payment.status === 'approved') removeKey(PENDING_PAYMENT_KEY);
    onConfirmed?.(payment);
  }, [payment, onConfirmed]);

  if (result === 'failure') {
    return (
      <PageFrame title={resultHeading.failure} intro={<p>{t.failureLead}</p>}>
        <section className="card result-card" aria-labelledby="pago-no-completado">
          <h2 id="pago-no-completado">{t.failureTitle}</h2>
          {check.state === 'checking' ? <p role="status">{t.checking}</p> : null}
          {check.state !== 'checking' ? (
            <FormMessage kind="error">{failureReason(payment?.status ?? null, payment?.status_detail ?? null)}</FormMessage>
          ) : null}
          <CheckProblem check={check} texts={t} />
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
          <CheckProblem check={check} texts={t} />
          {hasPayment && check.state !== 'unclaimed' ? (
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
        <CheckProblem check={check} texts={t} />
        {approved && check.state === 'done' && children
          ? typeof children === 'function'
            ? children(check.payment, check.claim)
            : children
          : null}
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

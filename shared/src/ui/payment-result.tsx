import './payment-result.css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '../api/client';
import { formatColombianDateTime } from '../format/dates';
import { formatCOP } from '../format/money';
import { AppLink, useNavigation } from 'shared/navigation';
import { claimFor, PENDING_PAYMENT_KEY, removeKey } from '../payments/browser-storage';
import {
  checkedAtLine,
  failureReason,
  paymentMethodLabel,
  processingTime,
  readReturnParams,
  resultFor,
  resultHeading,
  resultTexts,
  statusLabel,
  type ResultTexts,
} from '../payments/result-texts';
import type { PaymentStatusRequest, PaymentStatusResponse } from '../payments/schemas';
import { FormMessage } from './form';
import { PageFrame } from './page-frame';

/** What the status check answers: the payment as the server read it from the provider, and its receipt. */
export type CheckedPayment = PaymentStatusResponse;

/** The owning remote's declared status check (`paymentStatus` of its operations): POST /api/<courses|giving>/payments/status. */
export type CheckPaymentStatus<P extends CheckedPayment = CheckedPayment> = (body: PaymentStatusRequest) => Promise<ApiResult<P>>;

type ResultPage = 'success' | 'failure' | 'pending';

/** A confirmed answer; `manual` when the visitor asked for it ('Verificar Estado'), so the page says when and what. */
interface Confirmed<P> {
  payment: P;
  claim: string;
  manual: boolean;
}

type Problem =
  | { kind: 'error'; message?: string }
  /** The checkout was not started in this browser (or its claim expired): the server will not answer, by design. */
  | { kind: 'unclaimed' };

interface CheckState<P> {
  busy: boolean;
  /** The last status the server confirmed; kept while a later check runs or fails. */
  confirmed: Confirmed<P> | null;
  /** Why the last check gave no answer. */
  problem: Problem | null;
}

/**
 * A confirmed answer handed to the result page the payment moved to (a route change mounts a new screen): that page
 * shows it at once instead of asking again, and says it came from the visitor's check. Kept a few seconds only.
 */
let handoff: { key: string; at: number; confirmed: Confirmed<CheckedPayment> } | null = null;
const HANDOFF_MS = 10_000;
const handoffKey = (paymentId: string, reference: string) => `${paymentId}|${reference}`;

function takeHandoff<P extends CheckedPayment>(key: string): Confirmed<P> | null {
  if (!handoff || handoff.key !== key || Date.now() - handoff.at > HANDOFF_MS) return null;
  // The handoff holds the same remote's answer type it was given (one result screen per remote).
  return handoff.confirmed as Confirmed<P>;
}

/**
 * The return URL is only a hint: asks the server, which reads the payment from the provider and applies it. Only the
 * browser that started the checkout holds its claim secret, so a shared or guessed return URL shows no verdict.
 */
export function usePaymentCheck<P extends CheckedPayment>(checkStatus: CheckPaymentStatus<P>, search: string) {
  const { paymentId, reference, hasPayment } = readReturnParams(search);
  const key = handoffKey(paymentId, reference);
  /** The answer this page was handed on arrival (see `handoff`), if any. */
  const [arrival] = useState(() => {
    const confirmed = hasPayment ? takeHandoff<P>(key) : null;
    return confirmed ? { key, confirmed } : null;
  });
  const [check, setCheck] = useState<CheckState<P>>(() => ({
    busy: hasPayment && !arrival,
    confirmed: arrival?.confirmed ?? null,
    problem: null,
  }));

  const verify = useCallback(
    async (manual: boolean) => {
      if (!hasPayment) return;
      const claim = reference ? claimFor(reference) : null;
      if (!claim) {
        setCheck({ busy: false, confirmed: null, problem: { kind: 'unclaimed' } });
        return;
      }
      setCheck((c) => ({ ...c, busy: true, problem: null }));
      const res = await checkStatus({ payment_id: paymentId, external_reference: reference, claim_secret: claim });
      if (res.kind === 'ok') setCheck({ busy: false, confirmed: { payment: res.data, claim, manual }, problem: null });
      else if (res.kind === 'error' && res.status === 403) setCheck({ busy: false, confirmed: null, problem: { kind: 'unclaimed' } });
      else {
        // 404 (the provider does not know this payment for this reference), 409 (it does not pay the record as priced),
        // 503 (the provider is down) carry a Spanish message; a network failure does not.
        const message = res.kind === 'error' && res.status !== 400 && res.message ? res.message : undefined;
        setCheck((c) => ({ ...c, busy: false, problem: { kind: 'error', ...(message ? { message } : {}) } }));
      }
    },
    [checkStatus, hasPayment, paymentId, reference],
  );

  const arrivedWithAnswer = arrival?.key === key;
  useEffect(() => {
    // Spec §4: a return without a numeric payment id means no payment was made; forget the pending one.
    if (!hasPayment) removeKey(PENDING_PAYMENT_KEY);
    else if (!arrivedWithAnswer) void verify(false);
  }, [hasPayment, arrivedWithAnswer, verify]);

  /** Hands a confirmed answer to the page it belongs on (see `handoff`). */
  const handOver = useCallback(
    (confirmed: Confirmed<P>) => {
      handoff = { key, at: Date.now(), confirmed };
    },
    [key],
  );

  /** True when this page shows an answer the visitor asked for on another result page ('Verificar Estado'). */
  const arrivedByCheck = arrivedWithAnswer && Boolean(arrival?.confirmed.manual);
  return { check, verify, hasPayment, handOver, arrivedByCheck };
}

export interface PaymentResultLink {
  to: string;
  label: string;
}

/** One line of the receipt: what it names and its value. */
export type ReceiptLine = readonly [label: string, value: string];

export interface PaymentResultProps<P extends CheckedPayment> {
  /** Which page: 'success', 'failure' or 'pending' (from the route table). */
  result?: string;
  /** This remote's addresses of the three pages: a confirmed status that belongs on another page moves there. */
  paths: Record<ResultPage, string>;
  /** The status check of the remote that owns the payment (courses or giving). */
  checkStatus: CheckPaymentStatus<P>;
  /** The receipt's first lines: what was paid, as the server's record says (course and module, or a donation). */
  describe: (payment: P) => readonly ReceiptLine[];
  /** Texts that name what was paid (a course or a donation); the rest are the spec's. */
  texts?: Partial<ResultTexts>;
  /** The success page's link onwards (courses: Mis Cursos). */
  successLink?: PaymentResultLink;
  /** The failure page's second button (courses: 'Ver Otros Cursos'). */
  failureLink?: PaymentResultLink;
  /** The pending page's way back to what is being paid (the course's page, the donation page). */
  backLink?: (payment: P) => PaymentResultLink;
  /** Shown under the status once the server confirms an approved payment (e.g. account creation, with the claim). */
  children?: ReactNode | ((payment: P, claim: string) => ReactNode);
  /** Told every status the server confirms (e.g. to forget stored personal data once the payment is final). */
  onConfirmed?: (payment: P) => void;
}

/** The receipt: what was paid, then the amount, payment number, date and method, all as the server read them. */
function Receipt<P extends CheckedPayment>({
  payment,
  describe,
  t,
}: {
  payment: P;
  describe: (p: P) => readonly ReceiptLine[];
  t: ResultTexts;
}) {
  const date = payment.status === 'approved' ? (payment.date_approved ?? payment.date_created) : payment.date_created;
  const lines: ReceiptLine[] = [
    ...describe(payment),
    [t.receiptAmount, formatCOP(payment.amount)],
    [t.receiptNumber, payment.payment_id],
    ...(date ? [[t.receiptDate, formatColombianDateTime(date)] as const] : []),
    [t.receiptMethod, paymentMethodLabel(payment.payment_type, payment.payment_method)],
  ];
  return (
    <section className="result-receipt" aria-labelledby="detalle-pago">
      <h3 id="detalle-pago">{t.receiptTitle}</h3>
      <dl>
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Links({ links }: { links: ReadonlyArray<PaymentResultLink | undefined> }) {
  const shown = links.filter((l, i): l is PaymentResultLink => Boolean(l) && links.findIndex((o) => o?.to === l?.to) === i);
  if (!shown.length) return null;
  return (
    <div className="result-actions">
      {shown.map((l, i) => (
        <AppLink key={l.to} className={i === 0 ? 'btn' : 'btn btn--ghost'} to={l.to}>
          {l.label}
        </AppLink>
      ))}
    </div>
  );
}

/** Payment result screen (spec §2, §4, §8): /pago/* for courses and /success, /failure, /pending for donations. */
export function PaymentResult<P extends CheckedPayment>({
  result = 'success',
  paths,
  checkStatus,
  describe,
  texts,
  successLink,
  failureLink,
  backLink,
  children,
  onConfirmed,
}: PaymentResultProps<P>) {
  const t = { ...resultTexts, ...texts };
  const { search, navigate } = useNavigation();
  const { check, verify, hasPayment, handOver, arrivedByCheck } = usePaymentCheck(checkStatus, search);
  const confirmed = check.confirmed;
  const payment = confirmed?.payment ?? null;
  const route: ResultPage = result === 'failure' || result === 'pending' ? result : 'success';
  // A confirmed status decides the page; the route (the provider's redirect, or a typed URL) only until then.
  const page = payment ? resultFor(payment.status) : route;
  const home: PaymentResultLink = { to: '/', label: t.home };
  const statusRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!payment) return;
    if (payment.status === 'approved') removeKey(PENDING_PAYMENT_KEY);
    onConfirmed?.(payment);
  }, [payment, onConfirmed]);

  // The address follows the confirmed status (e.g. 'Verificar Estado' found it approved): that page shows it at once.
  useEffect(() => {
    if (!confirmed || page === route) return;
    handOver(confirmed);
    navigate(`${paths[page]}${search}`, { replace: true });
  }, [confirmed, page, route, paths, search, navigate, handOver]);

  // Arriving from the visitor's own check on another page: focus goes to the answer, not to the top of the page.
  useEffect(() => {
    if (arrivedByCheck) statusRef.current?.focus();
  }, [arrivedByCheck]);

  const checkedLine = confirmed?.manual && !check.busy ? checkedAtLine(confirmed.payment.checked_at, confirmed.payment.status) : '';

  // No payment the server could check: one message, no status (a made-up or edited return URL lands here).
  if (!hasPayment) {
    if (route === 'failure') {
      return (
        <PageFrame title={resultHeading.failure} intro={<p>{t.failureLead}</p>}>
          <section className="card result-card" aria-labelledby="pago-no-completado">
            <h2 id="pago-no-completado">{t.failureTitle}</h2>
            <FormMessage kind="warning">{t.noPaymentMade}</FormMessage>
            <FailureActions t={t} failureLink={failureLink} />
          </section>
        </PageFrame>
      );
    }
    return (
      <PageFrame title={resultHeading[route]}>
        <section className="card result-card" aria-labelledby="estado-pago">
          <h2 id="estado-pago">{t.statusTitle}</h2>
          <FormMessage kind="warning">{t.noPaymentToCheck}</FormMessage>
          <Links links={[successLink, home]} />
        </section>
      </PageFrame>
    );
  }

  // A payment id, but no confirmed status yet (or ever): checking, or one message and a way to check again.
  if (!payment) {
    const problem = check.problem;
    return (
      <PageFrame title={resultHeading[route]}>
        <section className="card result-card" aria-labelledby="estado-pago" aria-busy={check.busy || undefined}>
          <h2 id="estado-pago">{t.statusTitle}</h2>
          {check.busy || !problem ? <p role="status">{t.checking}</p> : null}
          {!check.busy && problem?.kind === 'unclaimed' ? <FormMessage kind="warning">{t.notThisBrowser}</FormMessage> : null}
          {!check.busy && problem?.kind === 'error' ? (
            <>
              <FormMessage kind="error">{problem.message ?? t.verifyError}</FormMessage>
              <div className="result-actions">
                <button type="button" className="btn" onClick={() => void verify(true)}>
                  {t.checkAgain}
                </button>
              </div>
            </>
          ) : null}
          {!check.busy && problem ? <Links links={[successLink, home]} /> : null}
        </section>
      </PageFrame>
    );
  }

  const receipt = <Receipt payment={payment} describe={describe} t={t} />;
  const checked = (
    <p role="status" className="result-checked">
      {check.busy ? t.checking : checkedLine}
    </p>
  );
  const recheckProblem =
    check.problem?.kind === 'error' ? <FormMessage kind="error">{check.problem.message ?? t.verifyError}</FormMessage> : null;

  if (page === 'failure') {
    return (
      <PageFrame title={resultHeading.failure} intro={<p>{t.failureLead}</p>}>
        <section className="card result-card" aria-labelledby="pago-no-completado">
          <h2 id="pago-no-completado" ref={statusRef} tabIndex={-1}>
            {t.failureTitle}
          </h2>
          <FormMessage kind="error">{failureReason(payment.status, payment.status_detail)}</FormMessage>
          {checkedLine ? checked : null}
          {receipt}
          <FailureActions t={t} failureLink={failureLink} />
        </section>
      </PageFrame>
    );
  }

  if (page === 'pending') {
    return (
      <PageFrame title={resultHeading.pending} intro={<p>{t.pendingLead}</p>}>
        <section className="card result-card" aria-labelledby="estado-pendiente">
          <h2 id="estado-pendiente" ref={statusRef} tabIndex={-1}>
            {t.pendingTitle}
          </h2>
          <p>{processingTime(payment.payment_type)}</p>
          <p>
            {t.currentStatus} <span className="result-status result-status--wait">{statusLabel(payment.status)}</span>
          </p>
          {checked}
          {recheckProblem}
          <div className="result-actions">
            <button
              type="button"
              className="btn"
              onClick={() => void verify(true)}
              disabled={check.busy}
              aria-busy={check.busy || undefined}
            >
              {check.busy ? t.verifying : t.verify}
            </button>
          </div>
          {receipt}
          <Links links={[backLink?.(payment), home]} />
        </section>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={resultHeading.success} intro={<p>{t.successLead}</p>}>
      <section className="card result-card" aria-labelledby="estado-pago">
        <h2 id="estado-pago" ref={statusRef} tabIndex={-1}>
          {t.statusTitle}
        </h2>
        <p>
          <span className="result-status result-status--ok">{t.approved}</span>
        </p>
        {checkedLine ? checked : null}
        {receipt}
        {children && confirmed ? (typeof children === 'function' ? children(payment, confirmed.claim) : children) : null}
        <p>{t.accessPromise}</p>
        <Links links={[successLink]} />
      </section>
    </PageFrame>
  );
}

/** The failure page's tips and buttons (spec §2): 'Intentar Nuevamente' goes back to the checkout. */
function FailureActions({ t, failureLink }: { t: ResultTexts; failureLink: PaymentResultLink | undefined }) {
  return (
    <>
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
    </>
  );
}

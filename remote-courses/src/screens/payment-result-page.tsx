import '../state/enrolment-slice';
import '../courses.css';
import { useCallback, useEffect, useState } from 'react';
import { apiClient } from 'shared/api/client';
import { AppLink, useNavigation } from 'shared/navigation';
import { FormMessage } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { PENDING_PAYMENT_KEY, removeKey } from '../payment-storage';
import { failureReason, processingTime, resultHeading, resultTexts as t } from '../texts';

interface PaymentStatus {
  status: string;
  status_detail: string | null;
  payment_type: string | null;
}

type Check = { state: 'idle' | 'checking' } | { state: 'done'; payment: PaymentStatus } | { state: 'error' };

/** The return URL is only a hint: the page asks the server, which reads the payment from the provider. */
function usePaymentStatus(search: string) {
  const params = new URLSearchParams(search);
  const paymentId = params.get('payment_id') ?? params.get('collection_id') ?? '';
  const reference = params.get('external_reference') ?? '';
  const hint: PaymentStatus = {
    status: params.get('status') ?? params.get('collection_status') ?? '',
    status_detail: params.get('status_detail'),
    payment_type: params.get('payment_type') ?? params.get('payment_type_id'),
  };
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const numeric = /^\d+$/.test(paymentId);

  const verify = useCallback(async () => {
    if (!numeric) return;
    setCheck({ state: 'checking' });
    const query = reference ? `?external_reference=${encodeURIComponent(reference)}` : '';
    const res = await apiClient.request<PaymentStatus>('GET', `/api/courses/payments/${paymentId}${query}`);
    setCheck(res.kind === 'ok' ? { state: 'done', payment: res.data } : { state: 'error' });
  }, [numeric, paymentId, reference]);

  useEffect(() => {
    // Spec §4: a return without a numeric payment id means no payment was made; forget the pending one.
    if (!numeric) removeKey(PENDING_PAYMENT_KEY);
    else void verify();
  }, [numeric, verify]);

  return { check, verify, hint, hasPayment: numeric };
}

/** Payment result pages /pago/exitoso, /pago/error, /pago/pendiente (spec §2, §4, §8). */
export default function PaymentResultPage({ result = 'success' }: { result?: string }) {
  const { search } = useNavigation();
  const { check, verify, hint, hasPayment } = usePaymentStatus(search);
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
            <AppLink className="btn btn--ghost" to="/#proyectos">
              {t.otherCourses}
            </AppLink>
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
          <h2 id="estado-pendiente">Tu pago está en proceso</h2>
          <p>{processingTime(payment?.payment_type ?? hint.payment_type)}</p>
          <p aria-live="polite">
            Estado actual: <span className="result-status result-status--wait">{busy ? t.checking : statusLabel(status)}</span>
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
        <h2 id="estado-pago">Estado de tu pago</h2>
        <p aria-live="polite">
          <span className={`result-status ${approved ? 'result-status--ok' : 'result-status--wait'}`}>
            {approved ? t.approved : t.processing}
          </span>
        </p>
        {check.state === 'error' ? <FormMessage kind="error">{t.verifyError}</FormMessage> : null}
        <p>{t.accessPromise}</p>
        <AppLink className="btn" to="/mis-cursos">
          Ir a Mis Cursos
        </AppLink>
      </section>
    </PageFrame>
  );
}

function statusLabel(status: string): string {
  const labels: Record<string, string> = {
    approved: 'Aprobado',
    pending: 'Pendiente',
    in_process: 'En proceso',
    rejected: 'Rechazado',
    cancelled: 'Cancelado',
  };
  return labels[status] ?? (status || 'Pendiente');
}

import 'shared/ui/staff/screens.css';
import { useMemo, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { paymentStaffOperationsOf, type PayableDeclaration } from 'shared/payments/staff-operations';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCaller } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { PaymentIssue, PaymentsReviewResponse, PendingPayment } from 'shared/payments/staff-schemas';
import { AppLink } from 'shared/navigation';
import { messageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { PaymentStatusText } from 'shared/ui/staff/record';
import { staffPath } from 'shared/staff-routes';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { payables as sitePayables } from '../../../site/staff-routes';

export const staffPaymentsTexts = {
  title: 'Pagos por revisar',
  intro:
    'Lo que la pasarela informó y el sitio no aplicó (otro valor, otra moneda, una referencia que no emitimos, un curso pagado cuando ya no quedaba cupo), los pagos reembolsados o con contracargo, y los pagos que siguen esperando. El sitio vuelve a preguntar por los pagos en espera cada 15 minutos.',
  loading: 'Cargando los pagos…',
  failed: 'No pudimos cargar los pagos.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  issuesTitle: 'Diferencias y reversiones',
  issuesCaption: 'Pagos que el sitio no aplicó o que fueron reversados, del más reciente al más antiguo',
  issuesEmpty: 'No hay diferencias ni reversiones.',
  issueColumns: ['Detectado (Bogotá)', 'Área', 'Qué pasó', 'Registro', 'Esperado', 'Informado', 'Revisión'] as const,
  kinds: {
    amount_mismatch: 'Valor distinto al cobrado',
    currency_mismatch: 'Moneda distinta a COP',
    unknown_reference: 'Referencia desconocida',
    seat_unavailable: 'Pagado cuando la cohorte ya no tenía cupo',
    refunded: 'Reembolsado',
    charged_back: 'Contracargo',
  } as Record<PaymentIssue['kind'], string>,
  review: 'Marcar como revisada',
  reviewLabel: (payment: string) => `Marcar como revisada la diferencia del pago ${payment}`,
  reviewing: 'Guardando…',
  reviewedBy: (who: string, when: string) => `Revisada por ${who} el ${when}`,
  reviewed: (payment: string) => `Diferencia del pago ${payment} marcada como revisada.`,
  notReviewable: 'Informativo',
  pendingTitle: 'Pagos en espera',
  pendingCaption: 'Pagos abiertos en la pasarela que aún no tienen un resultado final',
  pendingEmpty: 'No hay pagos en espera.',
  pendingColumns: ['Abierto (Bogotá)', 'Área', 'Registro', 'Valor', 'Estado', 'Última consulta a la pasarela'] as const,
  never: 'Aún no',
  reconcile: 'Revisar pagos en espera ahora',
  reconciling: 'Preguntando a la pasarela…',
  reconciled: (checked: number, applied: number, failed: number) =>
    `Consultamos ${checked} ${checked === 1 ? 'pago' : 'pagos'}; ${applied} ${applied === 1 ? 'cambió' : 'cambiaron'} de estado.${
      failed ? ` ${failed} no se pudieron consultar: se intentará de nuevo.` : ''
    }`,
  actionFailed: 'No pudimos completar la acción.',
  statuses: { 'processing...': 'Sin pago aún', pending: 'Pendiente', in_process: 'En proceso' } as Record<string, string>,
} as const;
const t = staffPaymentsTexts;

/** A row of one payable's answer, with the payable it came from (its area's name, its records' page, its operations). */
type Row<T> = T & { payable: PayableDeclaration };
type Review = { issues: Row<PaymentIssue>[]; pending: Row<PendingPayment>[] };

/** The record's reference, linked to its page in the panel (the payable's declaration names it). */
function RecordRef({ payable, reference }: { payable: PayableDeclaration; reference: string }) {
  return <AppLink to={staffPath(payable.recordPage, { reference })}>{reference}</AppLink>;
}

/** A row's key among every payable's rows. */
const rowKey = (payable: PayableDeclaration, key: string) => `${payable.domain}/${payable.name}/${key}`;

const money = (value: number | null, currency: string | null = 'COP') =>
  value === null ? '—' : currency && currency.toUpperCase() !== 'COP' ? `${value} ${currency}` : formatCOP(value);

/**
 * /equipo/pagos: the payments that need a person, of every payable a domain declares (site/staff-routes `payables`), and
 * the by-hand reconciliation.
 */
export default function StaffPayments() {
  return <PaymentsReview payables={sitePayables} />;
}

/** The review of the payables given (the site's, or a test's). */
export function PaymentsReview({ payables }: { payables: readonly PayableDeclaration[] }) {
  // Each payable's review is the payments kit's, declared once for every payable (the staff client brings the token).
  const call = useOperationCaller();
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Every payable's payments, newest first, as one answer: the first failure of any is the screen's.
  const review = useMemo(
    () => ({
      load: async (): Promise<ApiResult<Review>> => {
        const results = await Promise.all(payables.map((p) => call(paymentStaffOperationsOf(p).review)));
        const issues: Row<PaymentIssue>[] = [];
        const pending: Row<PendingPayment>[] = [];
        for (const [i, result] of results.entries()) {
          if (result.kind !== 'ok') return result;
          const payable = payables[i] as PayableDeclaration;
          const data: PaymentsReviewResponse = result.data;
          issues.push(...data.issues.map((x) => ({ ...x, payable })));
          pending.push(...data.pending.map((x) => ({ ...x, payable })));
        }
        issues.sort((a, b) => b.detected_at.localeCompare(a.detected_at));
        pending.sort((a, b) => b.created_at.localeCompare(a.created_at));
        return { kind: 'ok', status: 200, data: { issues, pending } };
      },
    }),
    [call, payables],
  );
  const resource = useStaffResource(review, t);
  const state = resource.data;

  const markReviewed = async (issue: Row<PaymentIssue>) => {
    setBusy(issue.key);
    const result = await call(paymentStaffOperationsOf(issue.payable).markReviewed, { params: { id: issue.key.slice(2) } });
    setBusy(null);
    // The session ended: nothing was sent.
    if (isSessionEnded(result)) return setNotice({ text: t.sessionEnded, kind: 'error', at: Date.now() });
    if (result.kind !== 'ok') return setNotice({ text: messageOf(result, t.network, t.actionFailed), kind: 'error', at: Date.now() });
    const updated = result.data.issue;
    if (state)
      resource.set({
        ...state,
        issues: state.issues.map((x) => (x.key === issue.key && x.payable === issue.payable ? { ...updated, payable: x.payable } : x)),
      });
    setNotice({ text: t.reviewed(issue.payment_id), kind: 'success', at: Date.now() });
  };

  const reconcileNow = async () => {
    setBusy('reconcile');
    const results = await Promise.all(payables.map((p) => call(paymentStaffOperationsOf(p).reconcile)));
    setBusy(null);
    if (results.some(isSessionEnded)) return setNotice({ text: t.sessionEnded, kind: 'error', at: Date.now() });
    const failedCall = results.find((r) => r.kind !== 'ok');
    if (failedCall) return setNotice({ text: messageOf(failedCall, t.network, t.actionFailed), kind: 'error', at: Date.now() });
    const sum = { checked: 0, applied: 0, failed: 0 };
    for (const r of results)
      if (r.kind === 'ok') {
        sum.checked += r.data.checked;
        sum.applied += r.data.applied;
        sum.failed += r.data.failed;
      }
    setNotice({ text: t.reconciled(sum.checked, sum.applied, sum.failed), kind: sum.failed ? 'error' : 'success', at: Date.now() });
    await resource.reload();
  };

  return (
    <section className="staff-screen" aria-labelledby="pagos-titulo">
      <header>
        <h1 id="pagos-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>
      {notice ? <Notice key={notice.at} text={notice.text} kind={notice.kind} /> : null}
      <ResourceState resource={resource} loading={t.loading} />
      {state ? (
        <>
          <section aria-labelledby="pagos-diferencias">
            <h2 id="pagos-diferencias">{t.issuesTitle}</h2>
            {state.issues.length ? (
              <StaffTable caption={t.issuesCaption} columns={t.issueColumns}>
                {state.issues.map((issue) => (
                  <tr key={rowKey(issue.payable, issue.key)}>
                    <td className="staff-nowrap">{formatColombianDateTime(issue.detected_at)}</td>
                    <td>{issue.payable.label}</td>
                    <td>
                      {t.kinds[issue.kind]}
                      <br />
                      <span className="staff-muted">Pago {issue.payment_id}</span>
                    </td>
                    <td>{issue.reference ? <RecordRef payable={issue.payable} reference={issue.reference} /> : '—'}</td>
                    <td>{money(issue.expected_amount)}</td>
                    <td>
                      {money(issue.reported_amount, issue.reported_currency)}
                      {issue.reported_status ? (
                        <span className="staff-muted">
                          {' '}
                          (<PaymentStatusText status={issue.reported_status} />)
                        </span>
                      ) : null}
                    </td>
                    <td>
                      {issue.reviewed_at ? (
                        t.reviewedBy(issue.reviewed_by ?? '—', formatColombianDateTime(issue.reviewed_at))
                      ) : issue.key.startsWith('d-') ? (
                        <button
                          type="button"
                          className="btn btn--ghost"
                          aria-label={t.reviewLabel(issue.payment_id)}
                          disabled={busy !== null}
                          onClick={() => void markReviewed(issue)}
                        >
                          {busy === issue.key ? t.reviewing : t.review}
                        </button>
                      ) : (
                        <span className="staff-muted">{t.notReviewable}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </StaffTable>
            ) : (
              <p className="staff-empty">{t.issuesEmpty}</p>
            )}
          </section>
          <section aria-labelledby="pagos-espera">
            <h2 id="pagos-espera">{t.pendingTitle}</h2>
            <p>
              <button
                type="button"
                className="btn"
                disabled={busy !== null}
                aria-busy={busy === 'reconcile' || undefined}
                onClick={() => void reconcileNow()}
              >
                {busy === 'reconcile' ? t.reconciling : t.reconcile}
              </button>
            </p>
            {state.pending.length ? (
              <StaffTable caption={t.pendingCaption} columns={t.pendingColumns}>
                {state.pending.map((p) => (
                  <tr key={rowKey(p.payable, p.reference)}>
                    <td className="staff-nowrap">{formatColombianDateTime(p.created_at)}</td>
                    <td>{p.payable.label}</td>
                    <td>
                      <RecordRef payable={p.payable} reference={p.reference} />
                    </td>
                    <td>{formatCOP(p.amount)}</td>
                    <td>{t.statuses[p.payment_status] ?? <PaymentStatusText status={p.payment_status} />}</td>
                    <td>{p.reconciled_at ? formatColombianDateTime(p.reconciled_at) : t.never}</td>
                  </tr>
                ))}
              </StaffTable>
            ) : (
              <p className="staff-empty">{t.pendingEmpty}</p>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}

import type { ReactNode } from 'react';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import {
  discrepancyKinds,
  isNamedPaymentDetail,
  isNamedPaymentType,
  paymentSources,
  paymentStatusDetailLabel,
  paymentStatusLabel,
  paymentStatuses,
  paymentTypeLabel,
  type Discrepancy,
  type PaymentEvent,
} from '../../payments/ledger';
import { StaffTable } from './kit';

/** What a payable's record screen shows alike (an enrolment's, a donation's): its facts, payment history and discrepancies. */

export const recordTexts = {
  historyTitle: 'Historia del pago',
  historyCaption: 'Cada estado que informó la pasarela, del primero al último',
  historyEmpty: 'La pasarela aún no ha informado ningún pago para este registro.',
  historyColumns: ['Visto (Bogotá)', 'Pago', 'Estado', 'Valor', 'Cómo llegó', '¿Se aplicó?'] as const,
  applied: 'Sí',
  notApplied: 'No (repetido, fuera de orden o con diferencia)',
  discrepanciesTitle: 'Diferencias',
  discrepanciesCaption: 'Pagos de este registro que el sitio no aplicó',
  discrepancyColumns: ['Detectada (Bogotá)', 'Pago', 'Qué pasó', 'Esperado', 'Informado'] as const,
  providerCode: 'código del proveedor',
} as const;
const t = recordTexts;

/**
 * A provider code nobody named yet (#31), apart and labelled, so the staff can ask the provider about it: the readable
 * text comes first and never is the code itself.
 */
function ProviderCode({ code }: { code: string }) {
  return (
    <span className="staff-muted">
      {' '}
      ({t.providerCode}: <code>{code}</code>)
    </span>
  );
}

/** A payment status in words; an unnamed one with its code apart (staff screens only). */
export function PaymentStatusText({ status }: { status: string }) {
  return (
    <>
      {paymentStatusLabel(status)}
      {status in paymentStatuses ? null : <ProviderCode code={status} />}
    </>
  );
}

/** A payment type in words ("Tarjeta de crédito"); an unnamed one with its code apart (staff screens only). */
export function PaymentTypeText({ type }: { type: string | null }) {
  return (
    <>
      {paymentTypeLabel(type)}
      {type && !isNamedPaymentType(type) ? <ProviderCode code={type} /> : null}
    </>
  );
}

/** A status with its detail in words ("Rechazado: fondos insuficientes"); unnamed codes apart (staff screens only). */
export function PaymentDetailText({ status, detail }: { status: string; detail: string | null }) {
  return (
    <>
      {paymentStatusDetailLabel(status, detail)}
      {status in paymentStatuses ? null : <ProviderCode code={status} />}
      {detail && !isNamedPaymentDetail(detail) ? <ProviderCode code={detail} /> : null}
    </>
  );
}

/** A record's facts, label and value, as a description list (two columns on a wide screen). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="staff-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const money = (value: number | null, currency: string | null) =>
  value === null ? '—' : currency && currency.toUpperCase() !== 'COP' ? `${value} ${currency}` : formatCOP(value);

/** Every status the provider reported for the record, and the payments the site refused to apply to it. */
export function PaymentHistory({ history, discrepancies }: { history: PaymentEvent[]; discrepancies: Discrepancy[] }) {
  return (
    <>
      <section aria-labelledby="registro-historia">
        <h2 id="registro-historia">{t.historyTitle}</h2>
        {history.length ? (
          <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
            {history.map((e) => (
              <tr key={`${e.paymentId}-${e.status}`}>
                <td className="staff-nowrap">{formatColombianDateTime(e.seenAt)}</td>
                <td>{e.paymentId}</td>
                <td>
                  <PaymentDetailText status={e.status} detail={e.statusDetail} />
                </td>
                <td>{money(e.amount, e.currency)}</td>
                <td>{paymentSources[e.source] ?? e.source}</td>
                <td>{e.applied ? t.applied : t.notApplied}</td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="staff-empty">{t.historyEmpty}</p>
        )}
      </section>
      {discrepancies.length ? (
        <section aria-labelledby="registro-diferencias">
          <h2 id="registro-diferencias">{t.discrepanciesTitle}</h2>
          <StaffTable caption={t.discrepanciesCaption} columns={t.discrepancyColumns}>
            {discrepancies.map((d) => (
              <tr key={`${d.paymentId}-${d.kind}-${d.reportedStatus ?? ''}`}>
                <td className="staff-nowrap">{formatColombianDateTime(d.detectedAt)}</td>
                <td>{d.paymentId}</td>
                <td>{discrepancyKinds[d.kind] ?? d.kind}</td>
                <td>{money(d.expectedAmount, 'COP')}</td>
                <td>
                  {money(d.reportedAmount, d.reportedCurrency)}
                  {d.reportedStatus ? <span className="staff-muted"> ({paymentStatusLabel(d.reportedStatus)})</span> : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
    </>
  );
}

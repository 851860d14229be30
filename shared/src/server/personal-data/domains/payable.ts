import { sql } from 'kysely';
import { enrolmentStatuses, paymentSources, paymentStatuses, paymentTypeLabels } from '../../../schemas/enrolments-staff-api';
import type { ColumnSpec } from '../registry';

/**
 * What the payable tables (enrolments, donations) share: the payment columns, and the rule that decides which records
 * the law obliges the foundation to keep.
 */

/**
 * A payment moved money, or still may: the provider reported a payment that was not rejected or cancelled (approved,
 * authorized, pending, in process, refunded, charged back). Such a record is accounting support (Código de Comercio
 * art. 60; Estatuto Tributario art. 632): it stays, with its amount, dates, references and who paid, without contact data.
 */
export const moneyMoved = sql<boolean>`(t.payment_id is not null and t.payment_status not in ('rejected', 'cancelled'))`;

export const retainedPaymentWhy =
  'Soporte contable y tributario del pago (Código de Comercio art. 60, Estatuto Tributario art. 632): se conservan el valor, las fechas, las referencias del pago y el nombre y documento de quien pagó; se borran el correo, el teléfono y lo demás.';

export { enrolmentStatuses };

/** The payment columns every payable record has (database.ts `PayableTable`) but its reference, which each names. */
export const payableColumns = {
  payment_status: { label: 'Estado del pago', values: paymentStatuses },
  payment_id: { label: 'Número del pago' },
  status_detail: { label: 'Detalle del estado del pago' },
  payment_type: { label: 'Medio de pago', values: paymentTypeLabels },
  preference_id: {},
  payment_created_at: { label: 'Fecha en que se inició el pago' },
  payment_date: { label: 'Fecha del último estado del pago' },
  date_approved: { label: 'Fecha de aprobación del pago' },
  receipt_sent_at: { label: 'Fecha del recibo enviado' },
  // SHA-256 of the browser's claim secret: no personal data.
  claim_hash: {},
  reconciled_at: {},
  updated_at: {},
} as const satisfies Record<string, ColumnSpec>;

/** `<domain>.payment_events`: the provider's reports on a record's payments; no personal data of their own. */
export const paymentEventColumns = {
  reference: { label: 'Referencia' },
  payment_id: { label: 'Número del pago' },
  status: { label: 'Estado informado', values: paymentStatuses },
  status_detail: { label: 'Detalle' },
  amount: { label: 'Valor (COP)' },
  currency: { label: 'Moneda' },
  source: { label: 'Origen del dato', values: paymentSources },
  applied: {},
  seen_at: { label: 'Fecha' },
} as const satisfies Record<string, ColumnSpec>;

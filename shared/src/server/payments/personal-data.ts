import { sql } from 'kysely';
import type { Database } from '../database';
import { paymentSources, paymentStatuses, paymentTypeLabels } from '../../payments/ledger';
import type { ColumnSpec } from '../personal-data/registry';
import { before, consentProofRule, type RetentionRule } from '../personal-data/retention';
import type { RetentionSettings } from '../personal-data/retention-settings';

/**
 * The payments kit's personal data: what every payable table (a course seat, a donation, the next one) shares — the
 * payment columns, the rule that decides which records the law obliges the foundation to keep, and their retention. A
 * domain's manifest uses these for its own payable tables; nothing here names a domain.
 */

/**
 * A payment moved money, or still may: the provider reported a payment that was not rejected or cancelled (approved,
 * authorized, pending, in process, refunded, charged back). Such a record is accounting support (Código de Comercio
 * art. 60; Estatuto Tributario art. 632): it stays, with its amount, dates, references and who paid, without contact data.
 */
export const moneyMoved = sql<boolean>`(t.payment_id is not null and t.payment_status not in ('rejected', 'cancelled'))`;

export const retainedPaymentWhy =
  'Soporte contable y tributario del pago (Código de Comercio art. 60, Estatuto Tributario art. 632): se conservan el valor, las fechas, las referencias del pago y el nombre y documento de quien pagó; se borran el correo, el teléfono y lo demás.';

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

/**
 * The retention of a payable table and of its form's consent proofs: a record that never moved money goes after
 * `unpaid`; one that did is accounting support for `paymentRecordsYears`, then anonymised entirely. The proof keeps the
 * address as long as the record keeps its data; a never-paid one's proof loses it when that record goes.
 */
export function payableRetention(
  table: keyof Database & `${string}.${string}`,
  consentForm: string,
  unpaid: keyof RetentionSettings,
): RetentionRule[] {
  const records = sql.table(table);
  return [
    {
      setting: unpaid,
      table,
      expired: (c) => sql<boolean>`not ${moneyMoved} and ${before(sql`t.created_at`, c)}`,
      treatment: 'delete',
    },
    {
      setting: 'paymentRecordsYears',
      table,
      expired: (c) => sql<boolean>`${moneyMoved} and ${before(sql`coalesce(t.date_approved, t.payment_date, t.created_at)`, c)}`,
      treatment: 'anonymise-all',
    },
    consentProofRule(
      'paymentRecordsYears',
      [consentForm],
      (c) => sql<boolean>`(${before(sql`t.granted_at`, c)} or not exists (select 1 from ${records} r where r.reference = t.record_ref))`,
    ),
  ];
}

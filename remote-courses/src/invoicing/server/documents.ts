// What an invoice says (#30): the buyer, what was sold and how it was paid, from the enrolment as it was priced and paid,
// and the same in the provider's words (Factus v1). The tax treatment comes from the configuration (config.ts).
import type { Selectable } from 'kysely';
import type { Database } from 'shared/server/database';
import { vatOf, type InvoicingConfig } from './config';
import type { FactusBillRequest, FactusCreditNoteRequest, FactusCustomer, FactusItem } from './factus';
import type { InvoiceBuyer, InvoiceLine } from '../schemas';

type Enrolment = Pick<
  Selectable<Database['courses.enrolments']>,
  | 'reference'
  | 'course_name'
  | 'course_title'
  | 'module_name'
  | 'price'
  | 'full_name'
  | 'id_type'
  | 'id_number'
  | 'email'
  | 'phone_number'
  | 'payment_type'
  | 'payment_id'
  | 'buyer_nit'
  | 'buyer_business_name'
>;

/** The idempotency keys the provider is asked under: one invoice and one credit note per sale, whoever asks. */
export const invoiceReferenceCode = (enrolmentReference: string) => `FV-${enrolmentReference}`;
export const creditNoteReferenceCode = (enrolmentReference: string) => `NC-${enrolmentReference}`;

/** The invoice's buyer: the company the form named, or the student with their document. */
export function buyerOf(e: Enrolment): InvoiceBuyer {
  if (e.buyer_nit && e.buyer_business_name)
    return { documentType: 'NIT', documentNumber: e.buyer_nit, name: e.buyer_business_name, email: e.email, phone: e.phone_number };
  return {
    documentType: e.id_type as InvoiceBuyer['documentType'],
    documentNumber: e.id_number.replace(/[.\s-]/g, ''),
    name: e.full_name,
    email: e.email,
    phone: e.phone_number,
  };
}

/** One line: the module of the course, at the price the enrolment was sold for. */
export function linesOf(e: Enrolment, config: Pick<InvoicingConfig, 'vat' | 'defaultVat'>): InvoiceLine[] {
  const vat = vatOf(config, e.course_name);
  return [
    {
      code: `${e.course_name}`.slice(0, 40),
      description: `Curso ${e.course_title} — ${e.module_name}`.slice(0, 250),
      quantity: 1,
      unitPrice: e.price,
      vatRate: vat.kind === 'taxed' ? vat.rate : null,
    },
  ];
}

/** DIAN's payment means codes for Mercado Pago's payment types and for money the team received outside the site. */
export function paymentMeansOf(paymentType: string | null): string {
  switch (paymentType) {
    case 'credit_card':
      return '48';
    case 'debit_card':
    case 'prepaid_card':
      return '49';
    case 'bank_transfer':
    case 'outside_transfer':
      return '47';
    case 'outside_deposit':
      return '42';
    case 'outside_cash':
      return '10';
    case 'ticket':
    case 'atm':
      return '10';
    default:
      return 'ZZZ';
  }
}

/** Factus's identity document ids (v1), by the names the site's forms use. */
const factusDocumentIds: Record<InvoiceBuyer['documentType'], number> = {
  'Cédula de ciudadanía': 3,
  'Tarjeta de identidad': 2,
  'Cédula de extranjería': 5,
  Pasaporte: 7,
  // Factus's v1 table as we know it has no PPT (DIAN added code 48 for it): until its id is confirmed, the invoice names
  // it as a foreign person's identification document (8, DIAN 42). Our reading, not verified with Factus.
  'Permiso por Protección Temporal': 8,
  NIT: 6,
};

/** The buyer in the provider's words: a company by its NIT (base and check digit apart), a person by their document. */
export function factusCustomer(buyer: InvoiceBuyer): FactusCustomer {
  const common = { ...(buyer.email ? { email: buyer.email } : {}), ...(buyer.phone ? { phone: buyer.phone } : {}) };
  if (buyer.documentType === 'NIT') {
    const [base = '', dv = ''] = buyer.documentNumber.replace(/[.\s]/g, '').split('-');
    return {
      identification_document_id: 6,
      identification: base,
      dv,
      legal_organization_id: 1,
      tribute_id: 21,
      company: buyer.name,
      ...common,
    };
  }
  return {
    identification_document_id: factusDocumentIds[buyer.documentType],
    identification: buyer.documentNumber.replace(/[.\s-]/g, ''),
    legal_organization_id: 2,
    tribute_id: 21,
    names: buyer.name,
    ...common,
  };
}

export function factusItems(lines: readonly InvoiceLine[]): FactusItem[] {
  return lines.map((line) => ({
    code_reference: line.code,
    name: line.description,
    quantity: line.quantity,
    discount_rate: 0,
    // v1 prices include the taxes: the buyer paid exactly this.
    price: line.unitPrice,
    tax_rate: (line.vatRate ?? 0).toFixed(2),
    unit_measure_id: 70,
    standard_code_id: 1,
    is_excluded: line.vatRate === null ? 1 : 0,
    tribute_id: 1,
  }));
}

/** What an outbox row holds to build its request. */
export interface DocumentRow {
  reference_code: string;
  enrolment_reference: string;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  payment_method: string;
  reason: string | null;
}

export function billRequest(row: DocumentRow, config: Pick<InvoicingConfig, 'resolution'>, paymentId: string | null): FactusBillRequest {
  return {
    numbering_range_id: config.resolution.rangeId,
    reference_code: row.reference_code,
    observation: `Inscripción ${row.enrolment_reference}${paymentId ? ` · pago ${paymentId}` : ''}`.slice(0, 250),
    payment_form: '1',
    payment_method_code: paymentMeansOf(row.payment_method),
    // The site sends its own e-mail (with the link to the PDF); the provider's would be a second one.
    send_email: false,
    customer: factusCustomer(row.buyer),
    items: factusItems(row.lines),
  };
}

export function creditNoteRequest(row: DocumentRow, billId: number, config: Pick<InvoicingConfig, 'resolution'>): FactusCreditNoteRequest {
  return {
    numbering_range_id: config.resolution.creditNoteRangeId,
    // 2: anulación de factura electrónica (the whole sale went back).
    correction_concept_code: 2,
    customization_id: 20,
    bill_id: billId,
    reference_code: row.reference_code,
    payment_method_code: paymentMeansOf(row.payment_method),
    observation: (row.reason ?? `Reversión del pago de la inscripción ${row.enrolment_reference}`).slice(0, 250),
    send_email: false,
    items: factusItems(row.lines),
  };
}

/** The VAT a line carries (its price includes it), to the cent, as the provider computes it. */
export function vatIncluded(line: InvoiceLine): { base: number; vat: number } {
  const gross = line.unitPrice * line.quantity;
  if (line.vatRate === null) return { base: gross, vat: 0 };
  const base = Math.round((gross / (1 + line.vatRate / 100)) * 100) / 100;
  return { base, vat: Math.round((gross - base) * 100) / 100 };
}

// Payload validation as Factus v1 documents its fields (required, types, catalogues, cross-field rules), with
// Laravel's Spanish messages keyed by dotted path. What passes comes out normalised: ids as numbers, money in cents.
import {
  CEDULA_DOCUMENT_ID,
  FINAL_CONSUMER_ID,
  correctionConcepts,
  customerTributes,
  identificationDocuments,
  legalOrganizations,
  paymentMethods,
  productTributes,
  standardCodes,
  withholdingNames,
} from './catalog';
import { payloadError, type FieldErrors } from './errors';

export interface ItemInput {
  code_reference: string;
  name: string;
  quantity: number;
  /** Percent, ≤ 2 decimals. */
  discount_rate: number;
  /** Unit price with taxes included (v1), in cents. */
  priceCents: number;
  /** '19.00' */
  tax_rate: string;
  unit_measure_id: number;
  standard_code_id: number;
  is_excluded: 0 | 1;
  tribute_id: number;
  withholding_taxes: Array<{ code: string; rate: number }>;
  note: string | null;
  scheme_id: string | null;
}

export interface CustomerInput {
  identification_document_id: number;
  identification: string;
  dv: string | null;
  company: string;
  trade_name: string;
  names: string;
  address: string | null;
  email: string | null;
  phone: string | null;
  legal_organization_id: number;
  tribute_id: number;
  municipality_id: number | null;
}

export interface SurchargeInput {
  reason: string;
  baseCents: number;
  amountCents: number;
}

interface CommonInput {
  numbering_range_id: number | null;
  reference_code: string;
  observation: string | null;
  payment_method_code: string;
  send_email: boolean;
  establishment: Record<string, unknown> | null;
  billing_period: Record<string, unknown> | null;
  items: ItemInput[];
  allowance_charges: SurchargeInput[];
}

export interface BillInput extends CommonInput {
  document: '01' | '03';
  payment_form: '1' | '2';
  payment_due_date: string | null;
  operation_type: '10' | '11' | '12';
  order_reference: Record<string, unknown> | null;
  related_documents: Array<Record<string, unknown>>;
  customer: CustomerInput;
}

export interface CreditNoteInput extends CommonInput {
  correction_concept_code: number;
  customization_id: 20 | 22;
  bill_id: number | null;
  customer: CustomerInput | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null || v === '';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: unknown): v is string => typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Collects field errors with Laravel's wording; every reader answers undefined when the value is absent or wrong. */
class Checker {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }

  required(field: string, v: unknown): boolean {
    if (absent(v)) {
      this.add(field, `El campo ${field} es obligatorio.`);
      return false;
    }
    return true;
  }

  string(field: string, v: unknown, { required = false, max = 0 } = {}): string | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    if (typeof v !== 'string') return this.add(field, `El campo ${field} debe ser una cadena de caracteres.`);
    if (max && v.length > max) return this.add(field, `El campo ${field} no debe ser mayor que ${max} caracteres.`);
    return v;
  }

  /** Integers may come as numbers or numeric strings ("2", "980"), as the docs' own examples send them. */
  integer(
    field: string,
    v: unknown,
    { required = false, min, max, allowed }: { required?: boolean; min?: number; max?: number; allowed?: readonly number[] } = {},
  ) {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n)) return this.add(field, `El campo ${field} debe ser un número entero.`);
    if (allowed && !allowed.includes(n)) return this.add(field, `El campo ${field} seleccionado no es válido.`);
    if (min !== undefined && n < min) return this.add(field, `El campo ${field} debe ser al menos ${min}.`);
    if (max !== undefined && n > max) return this.add(field, `El campo ${field} no debe ser mayor que ${max}.`);
    return n;
  }

  /** A number (or numeric string) with at most two decimals. */
  decimal(field: string, v: unknown, { required = false } = {}): number | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isFinite(n)) return this.add(field, `El campo ${field} debe ser un número.`);
    if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return this.add(field, `El campo ${field} debe tener como máximo 2 decimales.`);
    return n;
  }

  oneOf<T extends string>(field: string, v: unknown, allowed: readonly T[], { required = false } = {}): T | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    const s = typeof v === 'number' ? String(v) : v;
    if (typeof s !== 'string' || !(allowed as readonly string[]).includes(s))
      return this.add(field, `El campo ${field} seleccionado no es válido.`);
    return s as T;
  }

  boolean(field: string, v: unknown): boolean | undefined {
    if (absent(v)) return undefined;
    if (v === true || v === 1 || v === '1' || v === 'true') return true;
    if (v === false || v === 0 || v === '0' || v === 'false') return false;
    return this.add(field, `El campo ${field} debe ser verdadero o falso.`);
  }

  date(field: string, v: unknown, { required = false } = {}): string | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    if (!validDate(v)) return this.add(field, `El campo ${field} no corresponde al formato Y-m-d.`);
    return v;
  }

  object(field: string, v: unknown, { required = false } = {}): Obj | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    if (!isObj(v)) return this.add(field, `El campo ${field} debe ser un objeto.`);
    return v;
  }

  array(field: string, v: unknown, { required = false, min = 0 } = {}): unknown[] | undefined {
    if (absent(v)) return required ? void this.required(field, v) : undefined;
    if (!Array.isArray(v)) return this.add(field, `El campo ${field} debe ser un arreglo.`);
    if (v.length < min) return this.add(field, `El campo ${field} debe tener al menos ${min} ${min === 1 ? 'elemento' : 'elementos'}.`);
    return v;
  }
}

const ids = (map: ReadonlyMap<number, unknown>) => [...map.keys()];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Passports and foreign documents may carry letters; every other identification is digits only (a NIT without DV). */
const ALPHANUMERIC_DOCUMENTS = [7, 8, 10];

function customer(c: Checker, raw: unknown, field = 'customer'): CustomerInput | undefined {
  const o = c.object(field, raw, { required: true });
  if (!o) return undefined;
  const docId = c.integer(`${field}.identification_document_id`, o.identification_document_id, {
    required: true,
    allowed: ids(identificationDocuments),
  });
  const identificationRaw = typeof o.identification === 'number' ? String(o.identification) : o.identification;
  const identification = c.string(`${field}.identification`, identificationRaw, { required: true, max: 20 })?.trim();
  if (identification !== undefined) {
    const pattern = docId !== undefined && ALPHANUMERIC_DOCUMENTS.includes(docId) ? /^[A-Za-z0-9]+$/ : /^\d+$/;
    if (!pattern.test(identification))
      c.add(
        `${field}.identification`,
        docId === 6
          ? `El campo ${field}.identification debe contener solo el número del NIT, sin puntos, guion ni dígito de verificación.`
          : `El campo ${field}.identification solo debe contener números.`,
      );
  }
  const dvRaw = typeof o.dv === 'number' ? String(o.dv) : o.dv;
  const dv = c.string(`${field}.dv`, dvRaw);
  if (dv !== undefined && !/^\d$/.test(dv)) c.add(`${field}.dv`, `El campo ${field}.dv debe ser un dígito (0 a 9).`);
  const legal = c.integer(`${field}.legal_organization_id`, o.legal_organization_id, { required: true, allowed: ids(legalOrganizations) });
  const tribute = c.integer(`${field}.tribute_id`, o.tribute_id, { required: true, allowed: ids(customerTributes) });
  const company = c.string(`${field}.company`, o.company, { max: 450 }) ?? '';
  const names = c.string(`${field}.names`, o.names, { max: 450 }) ?? '';
  if (legal === 1 && !company.trim())
    c.add(`${field}.company`, `El campo ${field}.company es obligatorio cuando ${field}.legal_organization_id es 1 (persona jurídica).`);
  if (legal === 2 && !names.trim())
    c.add(`${field}.names`, `El campo ${field}.names es obligatorio cuando ${field}.legal_organization_id es 2 (persona natural).`);
  if (identification === FINAL_CONSUMER_ID && docId !== undefined && docId !== CEDULA_DOCUMENT_ID)
    c.add(
      `${field}.identification_document_id`,
      `El consumidor final (${FINAL_CONSUMER_ID}) se identifica con cédula de ciudadanía (identification_document_id ${CEDULA_DOCUMENT_ID}).`,
    );
  const email = c.string(`${field}.email`, o.email, { max: 255 });
  if (email !== undefined && !EMAIL.test(email))
    c.add(`${field}.email`, `El campo ${field}.email debe ser una dirección de correo válida.`);
  const municipality = c.integer(`${field}.municipality_id`, o.municipality_id, { min: 1 });
  const phoneRaw = typeof o.phone === 'number' ? String(o.phone) : o.phone;
  const result = {
    identification_document_id: docId,
    identification,
    dv: dv ?? null,
    company,
    trade_name: c.string(`${field}.trade_name`, o.trade_name, { max: 450 }) ?? '',
    names,
    address: c.string(`${field}.address`, o.address, { max: 450 }) ?? null,
    email: email ?? null,
    phone: c.string(`${field}.phone`, phoneRaw, { max: 30 }) ?? null,
    legal_organization_id: legal,
    tribute_id: tribute,
    municipality_id: municipality ?? null,
  };
  return result.identification_document_id !== undefined &&
    typeof result.identification === 'string' &&
    result.legal_organization_id !== undefined &&
    result.tribute_id !== undefined
    ? (result as CustomerInput)
    : undefined;
}

function items(c: Checker, raw: unknown): ItemInput[] {
  const list = c.array('items', raw, { required: true, min: 1 });
  if (!list) return [];
  const out: ItemInput[] = [];
  list.forEach((rawItem, i) => {
    const f = `items.${i}`;
    const o = c.object(f, rawItem, { required: true });
    if (!o) return;
    const codeRaw = typeof o.code_reference === 'number' ? String(o.code_reference) : o.code_reference;
    const code_reference = c.string(`${f}.code_reference`, codeRaw, { required: true, max: 255 });
    const name = c.string(`${f}.name`, o.name, { required: true, max: 1000 });
    const quantity = c.integer(`${f}.quantity`, o.quantity, { required: true, min: 1 });
    const discount_rate = c.decimal(`${f}.discount_rate`, o.discount_rate, { required: true });
    if (discount_rate !== undefined && (discount_rate < 0 || discount_rate > 100))
      c.add(`${f}.discount_rate`, `El campo ${f}.discount_rate debe estar entre 0 y 100.`);
    const price = c.decimal(`${f}.price`, o.price, { required: true });
    if (price !== undefined && price <= 0) c.add(`${f}.price`, `El campo ${f}.price debe ser mayor que 0.`);
    let tax_rate: string | undefined;
    if (c.required(`${f}.tax_rate`, o.tax_rate)) {
      if (typeof o.tax_rate !== 'string' || !/^\d{1,3}\.\d{2}$/.test(o.tax_rate) || Number(o.tax_rate) > 100)
        c.add(`${f}.tax_rate`, `El formato del campo ${f}.tax_rate no es válido: debe ser un porcentaje con dos decimales, como "19.00".`);
      else tax_rate = o.tax_rate;
    }
    const unit_measure_id = c.integer(`${f}.unit_measure_id`, o.unit_measure_id, { required: true, min: 1 });
    const standard_code_id = c.integer(`${f}.standard_code_id`, o.standard_code_id, { required: true, allowed: ids(standardCodes) });
    const is_excluded = c.integer(`${f}.is_excluded`, o.is_excluded, { required: true, allowed: [0, 1] });
    const tribute_id = c.integer(`${f}.tribute_id`, o.tribute_id, { required: true, allowed: ids(productTributes) });
    if (is_excluded === 1 && tax_rate !== undefined && Number(tax_rate) !== 0)
      c.add(`${f}.tax_rate`, `El campo ${f}.tax_rate debe ser "0.00" cuando el producto está excluido de IVA (is_excluded = 1).`);
    const withholding: Array<{ code: string; rate: number }> = [];
    c.array(`${f}.withholding_taxes`, o.withholding_taxes)?.forEach((w, j) => {
      const wf = `${f}.withholding_taxes.${j}`;
      const wo = c.object(wf, w, { required: true });
      if (!wo) return;
      const wcode = c.oneOf(`${wf}.code`, wo.code, Object.keys(withholdingNames), { required: true });
      const rate = c.decimal(`${wf}.withholding_tax_rate`, wo.withholding_tax_rate, { required: true });
      if (rate !== undefined && (rate < 0 || rate > 100))
        c.add(`${wf}.withholding_tax_rate`, `El campo ${wf}.withholding_tax_rate debe estar entre 0 y 100.`);
      else if (wcode && rate !== undefined) withholding.push({ code: wcode, rate });
    });
    const note = c.string(`${f}.note`, o.note, { max: 1000 }) ?? null;
    const scheme_id = c.oneOf(`${f}.scheme_id`, o.scheme_id, ['0', '1']) ?? null;
    if (
      code_reference !== undefined &&
      name !== undefined &&
      quantity !== undefined &&
      discount_rate !== undefined &&
      price !== undefined &&
      tax_rate !== undefined &&
      unit_measure_id !== undefined &&
      standard_code_id !== undefined &&
      is_excluded !== undefined &&
      tribute_id !== undefined
    )
      out.push({
        code_reference,
        name,
        quantity,
        discount_rate,
        priceCents: Math.round(price * 100),
        tax_rate,
        unit_measure_id,
        standard_code_id,
        is_excluded: is_excluded as 0 | 1,
        tribute_id,
        withholding_taxes: withholding,
        note,
        scheme_id,
      });
  });
  return out;
}

function surcharges(c: Checker, raw: unknown): SurchargeInput[] {
  const out: SurchargeInput[] = [];
  c.array('allowance_charges', raw)?.forEach((a, i) => {
    const f = `allowance_charges.${i}`;
    const o = c.object(f, a, { required: true });
    if (!o) return;
    // Only 03 (recargo condicionado) is enabled in v1; 00-02 are announced as "próximamente".
    c.oneOf(`${f}.concept_type`, o.concept_type, ['03'], { required: true });
    const surcharge = c.boolean(`${f}.is_surcharge`, o.is_surcharge);
    if (surcharge === false)
      c.add(`${f}.is_surcharge`, `El concepto 03 (recargo condicionado) es un recargo: ${f}.is_surcharge debe ser true.`);
    const reason = c.string(`${f}.reason`, o.reason, { required: true, max: 255 });
    const base = c.decimal(`${f}.base_amount`, o.base_amount, { required: true });
    const amount = c.decimal(`${f}.amount`, o.amount, { required: true });
    if (amount !== undefined && amount <= 0) c.add(`${f}.amount`, `El campo ${f}.amount debe ser mayor que 0.`);
    if (reason !== undefined && base !== undefined && amount !== undefined)
      out.push({ reason, baseCents: Math.round(base * 100), amountCents: Math.round(amount * 100) });
  });
  return out;
}

function common(c: Checker, o: Obj) {
  const reference_code = c.string('reference_code', o.reference_code, { required: true, max: 255 });
  const observation = c.string('observation', o.observation, { max: 250 }) ?? null;
  const payment_method_code = c.oneOf('payment_method_code', o.payment_method_code, Object.keys(paymentMethods)) ?? '10';
  const send_email = c.boolean('send_email', o.send_email) ?? true;
  const numbering_range_id = c.integer('numbering_range_id', o.numbering_range_id, { min: 1 }) ?? null;
  const establishment = c.object('establishment', o.establishment) ?? null;
  const billing_period = c.object('billing_period', o.billing_period) ?? null;
  if (billing_period) {
    c.date('billing_period.start_date', billing_period.start_date, { required: true });
    c.date('billing_period.end_date', billing_period.end_date, { required: true });
  }
  return {
    reference_code: reference_code ?? '',
    observation,
    payment_method_code,
    send_email,
    numbering_range_id,
    establishment,
    billing_period,
    items: items(c, o.items),
    allowance_charges: surcharges(c, o.allowance_charges),
  };
}

/** The body of `POST /v1/bills/validate`, checked; a 422 FactusError when any field is wrong. */
export function validateBill(body: unknown): BillInput {
  const c = new Checker();
  if (!isObj(body)) throw payloadError({ customer: ['El campo customer es obligatorio.'], items: ['El campo items es obligatorio.'] });
  const base = common(c, body);
  const document = c.oneOf('document', body.document, ['01', '03'] as const) ?? '01';
  const payment_form = c.oneOf('payment_form', body.payment_form, ['1', '2'] as const) ?? '1';
  const payment_due_date = c.date('payment_due_date', body.payment_due_date) ?? null;
  if (payment_form === '2' && !payment_due_date && absent(body.payment_due_date))
    c.add('payment_due_date', 'El campo payment_due_date es obligatorio cuando payment_form es 2.');
  const operation_type = c.oneOf('operation_type', body.operation_type, ['10', '11', '12'] as const) ?? '10';
  const order_reference = c.object('order_reference', body.order_reference) ?? null;
  if (order_reference) c.string('order_reference.reference_code', order_reference.reference_code, { required: true });
  const related =
    c.array('related_documents', body.related_documents, { required: document === '03', min: document === '03' ? 1 : 0 }) ?? [];
  related.forEach((r, i) => {
    const ro = c.object(`related_documents.${i}`, r, { required: true });
    if (!ro) return;
    c.string(`related_documents.${i}.code`, ro.code, { required: true });
    c.date(`related_documents.${i}.issue_date`, ro.issue_date, { required: true });
    c.string(`related_documents.${i}.number`, ro.number, { required: true });
  });
  if (operation_type === '11')
    base.items.forEach((item, i) => {
      if (item.scheme_id === null)
        c.add(`items.${i}.scheme_id`, `El campo items.${i}.scheme_id es obligatorio cuando operation_type es 11.`);
    });
  const cust = customer(c, body.customer);
  if (Object.keys(c.errors).length > 0 || !cust) throw payloadError(c.errors);
  return {
    ...base,
    document,
    payment_form,
    payment_due_date,
    operation_type,
    order_reference,
    related_documents: related.filter(isObj),
    customer: cust,
  };
}

/** The body of `POST /v1/credit-notes/validate`, checked; a 422 FactusError when any field is wrong. */
export function validateCreditNote(body: unknown): CreditNoteInput {
  const c = new Checker();
  if (!isObj(body)) throw payloadError({ items: ['El campo items es obligatorio.'] });
  const base = common(c, body);
  const correction = c.integer('correction_concept_code', body.correction_concept_code, {
    required: true,
    allowed: Object.keys(correctionConcepts).map(Number),
  });
  const customization = c.integer('customization_id', body.customization_id, { required: true, allowed: [20, 22] });
  const bill_id = c.integer('bill_id', body.bill_id, { required: customization === 20, min: 1 }) ?? null;
  if (customization === 22 && !base.billing_period && absent(body.billing_period))
    c.add('billing_period', 'El campo billing_period es obligatorio cuando customization_id es 22.');
  const cust = absent(body.customer) ? null : customer(c, body.customer);
  if (Object.keys(c.errors).length > 0 || correction === undefined || customization === undefined) throw payloadError(c.errors);
  return { ...base, correction_concept_code: correction, customization_id: customization as 20 | 22, bill_id, customer: cust ?? null };
}

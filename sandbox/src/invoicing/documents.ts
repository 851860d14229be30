// A bill's and a credit note's figures and answers: v1's tax-inclusive arithmetic, the CUFE/CUDE, Bogotá's dates
// and every `data` object shaped as Factus's documentation shows it.
import {
  correctionConcepts,
  creditNoteCustomizations,
  billDocuments,
  customerTributes,
  legalOrganizations,
  municipalities,
  NIT_DOCUMENT_ID,
  operationTypes,
  paymentForms,
  paymentMethods,
  productTributes,
  standardCodes,
  unitMeasures,
  withholdingNames,
} from './catalog';
import { money, qrText, searchQrUrl, uniqueCode } from './cufe';
import type { NumberingRange } from './store';
import type { CustomerInput, ItemInput, SurchargeInput } from './validation';

/** The issuer, as configured. */
export interface Company {
  nit: string;
  dv: string;
  name: string;
}

// ---- Dates: Colombia is UTC-5 all year.

const pad = (n: number) => String(n).padStart(2, '0');
const bogota = (d: Date) => new Date(d.getTime() - 5 * 3600_000);

/** FecFac / HorFac of the CUFE: 'YYYY-MM-DD' and 'HH:MM:SS-05:00'. */
export function issueParts(d: Date): { date: string; time: string } {
  const b = bogota(d);
  return {
    date: `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())}`,
    time: `${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}:${pad(b.getUTCSeconds())}-05:00`,
  };
}

/** How Factus writes `validated` and `created_at`: 'DD-MM-YYYY hh:mm:ss AM/PM', Bogotá time. */
export function factusDateTime(d: Date): string {
  const b = bogota(d);
  const h = b.getUTCHours();
  return `${pad(b.getUTCDate())}-${pad(b.getUTCMonth() + 1)}-${b.getUTCFullYear()} ${pad(h % 12 || 12)}:${pad(b.getUTCMinutes())}:${pad(b.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (the ranges inside documents and `GET /v1/numbering-ranges/:id`). */
export const dmy = (ymd: string | null) => (ymd ? ymd.split('-').reverse().join('-') : null);

// ---- Arithmetic. In v1 the price includes taxes: the line's total is price × quantity less the discount, and its
// taxable base is that total divided by (1 + rate). Everything is integer cents, rounded half up per line.

export interface Line {
  item: ItemInput;
  /** price × quantity × (1 − discount): what the buyer pays for the line. */
  totalCents: number;
  /** Before taxes (LineExtensionAmount of the line). */
  grossCents: number;
  /** The base of the tax: the gross value, or 0 for a line excluded from IVA. */
  taxableCents: number;
  taxCents: number;
  discountCents: number;
  withholdings: Array<{ code: string; rate: number; valueCents: number }>;
}

export function lineOf(item: ItemInput): Line {
  const rate = item.is_excluded ? 0 : Number(item.tax_rate) / 100;
  const full = item.priceCents * item.quantity;
  const totalCents = Math.round((full * (100 - item.discount_rate)) / 100);
  const grossCents = Math.round(totalCents / (1 + rate));
  const taxCents = totalCents - grossCents;
  const discountCents = Math.round((full * item.discount_rate) / 100 / (1 + rate));
  const withholdings = item.withholding_taxes.map((w) => ({
    code: w.code,
    rate: w.rate,
    // ReteIVA is withheld on the tax; ReteRenta and ReteICA on the base.
    valueCents: Math.round(((w.code === '05' ? taxCents : grossCents) * w.rate) / 100),
  }));
  return { item, totalCents, grossCents, taxableCents: item.is_excluded ? 0 : grossCents, taxCents, discountCents, withholdings };
}

export interface Totals {
  lines: Line[];
  grossCents: number;
  taxableCents: number;
  taxCents: number;
  /** Taxes by DIAN code, for the CUFE: 01 IVA, 04 INC, 03 ICA; anything else counts as "other". */
  ivaCents: number;
  incCents: number;
  icaCents: number;
  surchargeCents: number;
  totalCents: number;
}

export function totalsOf(items: ItemInput[], surcharges: SurchargeInput[]): Totals {
  const lines = items.map(lineOf);
  const sum = (f: (l: Line) => number, of = lines) => of.reduce((s, l) => s + f(l), 0);
  const byCode = (code: string) =>
    sum(
      (l) => l.taxCents,
      lines.filter((l) => productTributes.get(l.item.tribute_id)?.code === code),
    );
  const surchargeCents = surcharges.reduce((s, a) => s + a.amountCents, 0);
  return {
    lines,
    grossCents: sum((l) => l.grossCents),
    taxableCents: sum((l) => l.taxableCents),
    taxCents: sum((l) => l.taxCents),
    ivaCents: byCode('01'),
    incCents: byCode('04'),
    icaCents: byCode('03'),
    surchargeCents,
    totalCents: sum((l) => l.totalCents) + surchargeCents,
  };
}

// ---- Answer shapes.

const named = (row: { id: number; code: string; name: string } | undefined, id: number) => row ?? { id, code: String(id), name: '' };
const municipality = (id: number | null) => {
  if (id === null) return null;
  const m = municipalities.get(id);
  return m ? { id: m.id, code: m.code, name: m.name } : { id, code: null, name: null };
};

export function companyData(company: Company) {
  return {
    url_logo: null,
    nit: company.nit,
    dv: company.dv,
    company: company.name,
    name: company.name,
    graphic_representation_name: company.name,
    registration_code: null,
    economic_activity: null,
    phone: null,
    email: null,
    direction: null,
    municipality: null,
  };
}

export function establishmentData(company: Company, e: Record<string, unknown> | null) {
  if (!e) return { name: company.name, address: null, phone_number: null, email: null, municipality_id: null };
  const id = Number(e.municipality_id);
  const m = Number.isInteger(id) ? municipalities.get(id) : undefined;
  return {
    name: e.name ?? company.name,
    address: e.address ?? null,
    phone_number: e.phone_number ?? null,
    email: e.email ?? null,
    municipality_id: m ?? (Number.isInteger(id) ? { id, code: null, name: null, department: null } : null),
  };
}

/** The customer object of an answer; a NIT's DV is the one sent or, when absent, the one computed. */
export function customerData(c: CustomerInput, nitDv: string | null) {
  return {
    identification: c.identification,
    dv: c.identification_document_id === NIT_DOCUMENT_ID ? nitDv : null,
    graphic_representation_name: c.company.trim() || c.names,
    trade_name: c.trade_name,
    company: c.company,
    names: c.names,
    address: c.address,
    email: c.email,
    phone: c.phone,
    legal_organization: named(legalOrganizations.get(c.legal_organization_id), c.legal_organization_id),
    tribute: named(customerTributes.get(c.tribute_id), c.tribute_id),
    municipality: municipality(c.municipality_id),
  };
}

export function numberingRangeData(r: NumberingRange) {
  const [sy, sm] = (r.start_date ?? '').split('-').map(Number);
  const [ey, em] = (r.end_date ?? '').split('-').map(Number);
  const months = sy && sm && ey && em ? (ey - sy) * 12 + (em - sm) : null;
  return {
    prefix: r.prefix,
    from: r.from,
    to: r.to,
    resolution_number: r.resolution_number,
    start_date: dmy(r.start_date),
    end_date: dmy(r.end_date),
    months,
  };
}

export function itemsData(lines: Line[]) {
  return lines.map(({ item, totalCents, grossCents, taxableCents, taxCents, discountCents, withholdings }) => ({
    scheme_id: item.scheme_id,
    note: item.note,
    code_reference: item.code_reference,
    name: item.name,
    quantity: item.quantity,
    discount_rate: item.discount_rate.toFixed(2),
    discount: money(discountCents),
    gross_value: money(grossCents),
    tax_rate: item.tax_rate,
    taxable_amount: money(taxableCents),
    tax_amount: money(taxCents),
    price: money(item.priceCents),
    is_excluded: item.is_excluded,
    unit_measure: named(unitMeasures.get(item.unit_measure_id), item.unit_measure_id),
    standard_code: named(standardCodes.get(item.standard_code_id), item.standard_code_id),
    tribute: named(productTributes.get(item.tribute_id), item.tribute_id),
    total: totalCents / 100,
    withholding_taxes: withholdings.map((w) => ({
      tribute_code: w.code,
      name: withholdingNames[w.code] ?? w.code,
      value: money(w.valueCents),
      rates: [{ code: w.code, name: withholdingNames[w.code] ?? w.code, rate: w.rate.toFixed(2) }],
    })),
    mandate: null,
  }));
}

export function withholdingTotals(lines: Line[]) {
  const byCode = new Map<string, number>();
  for (const l of lines) for (const w of l.withholdings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + w.valueCents);
  return [...byCode.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, cents]) => ({ tribute_code: code, name: withholdingNames[code] ?? code, value: money(cents) }));
}

export function allowanceChargesData(surcharges: SurchargeInput[]) {
  return surcharges.map((s) => ({
    concept_type: { code: '03', name: 'Recargo Condicionado' },
    is_surcharge: true,
    reason: s.reason,
    base_amount: money(s.baseCents),
    percentage: s.baseCents > 0 ? ((s.amountCents / s.baseCents) * 100).toFixed(2) : '0.00',
    amount: money(s.amountCents),
  }));
}

/** The money fields shared by a bill and a credit note. */
export function moneyFields(t: Totals) {
  return {
    gross_value: money(t.grossCents),
    taxable_amount: money(t.taxableCents),
    tax_amount: money(t.taxCents),
    // Bill-level discounts (concepts 00-02) are not enabled in v1: line discounts are inside the lines.
    discount_amount: '0.00',
    surcharge_amount: money(t.surchargeCents),
    total: money(t.totalCents),
  };
}

/** CUFE (key = the range's technical key) or CUDE (key = the Software-PIN), TipoAmbiente 2 (habilitación), and the QR text. */
export function codesOf(args: {
  number: string;
  issuedAt: Date;
  totals: Totals;
  company: Company;
  buyerId: string;
  key: string;
  kind: 'CUFE' | 'CUDE';
}) {
  const { date, time } = issueParts(args.issuedAt);
  const t = args.totals;
  const code = uniqueCode({
    number: args.number,
    date,
    time,
    lineExtension: money(t.grossCents),
    iva: money(t.ivaCents),
    inc: money(t.incCents),
    ica: money(t.icaCents),
    payable: money(t.totalCents),
    issuerNit: args.company.nit,
    buyerId: args.buyerId,
    key: args.key,
    environment: '2',
  });
  const text = qrText({
    number: args.number,
    date,
    time,
    issuerNit: args.company.nit,
    buyerId: args.buyerId,
    lineExtension: money(t.grossCents),
    iva: money(t.ivaCents),
    otherTaxes: money(t.taxCents - t.ivaCents),
    payable: money(t.totalCents),
    code,
    codeName: args.kind,
  });
  return { code, qr: searchQrUrl(code), qrText: text };
}

export const labels = { billDocuments, operationTypes, paymentForms, paymentMethods, correctionConcepts, creditNoteCustomizations };

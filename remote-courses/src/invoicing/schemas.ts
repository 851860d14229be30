import { BUSINESS_NAME_MAX, documentTypes, emailField, nameCheck } from 'shared/schemas/common';
import { isValidNit } from 'shared/schemas/nit';
import { z } from 'shared/schemas/zod';
import { buyerInvoiceTexts } from './buyer-schemas';

// The enrolment form's part (texts, company buyer) lives in buyer-schemas.ts so the public enrolment page does not
// download the staff invoice schemas (#33); re-exported here for the invoicing code.
export { buyerInvoiceTexts, companyBuyerCheck, companyBuyerFields } from './buyer-schemas';

/** The panel's and the buyer's words for electronic invoices (#30). */
export const invoiceTexts = {
  ...buyerInvoiceTexts,
  kinds: { invoice: 'Factura electrónica', credit_note: 'Nota crédito' },
  states: {
    pending: 'En cola',
    issuing: 'Enviando a la DIAN',
    issued: 'Validada por la DIAN',
    rejected: 'Rechazada',
  },
  notFound: 'No encontramos esa factura.',
  linkNotFound: 'Este enlace de factura no existe o fue reemplazado por uno más reciente. Revisa el último correo que te enviamos.',
  notIssued: 'Esta factura aún no ha sido validada por la DIAN. Intenta de nuevo en unos minutos.',
  pdfUnavailable: 'No pudimos traer el PDF de la factura en este momento. Intenta de nuevo en unos minutos.',
  notRetriable: 'Solo se puede reenviar una factura rechazada o en cola.',
  monthInvalid: 'Indica el mes como AAAA-MM.',
  buyerNameRequired: 'Escribe el nombre o la razón social del comprador.',
  documentTypeRequired: 'Selecciona el tipo de documento del comprador.',
  documentNumberInvalid: 'Escribe el número de documento solo con números (de 5 a 15).',
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono de 7 a 15 dígitos, o déjalo vacío.',
  buyerOnlyRejected: 'Solo se corrige el comprador de una factura que la DIAN rechazó; esta se reenvía sin cambios.',
} as const;

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export const invoiceStates = ['pending', 'issuing', 'issued', 'rejected'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export type InvoiceState = (typeof invoiceStates)[number];

/** What an invoice can name a buyer by: the enrolment form's documents and a company's NIT. */
export const buyerDocumentTypes = [...documentTypes, 'NIT'] as const;
export type BuyerDocumentType = (typeof buyerDocumentTypes)[number];

/** The buyer as an invoice names them: the student, or the company the enrolment form gave. */
export const invoiceBuyerSchema = z
  .object({
    documentType: z.enum(buyerDocumentTypes, { error: invoiceTexts.documentTypeRequired }),
    /** Digits only; a NIT's is written with its check digit (`901234567-7`). */
    // Stored as DIAN reads it: a document's digits, a NIT's base and check digit (`901234567-7`).
    documentNumber: z.pipe(
      z.string().check(z.trim(), z.maxLength(20, { error: invoiceTexts.documentNumberInvalid })),
      z.transform((v: string) => v.replace(/[.\s]/g, '')),
    ),
    // A name or a company's, by the site's rule for names printed on documents (no links, digits or formulas).
    name: z.string().check(z.trim(), z.minLength(2, { error: invoiceTexts.buyerNameRequired }), nameCheck('business', BUSINESS_NAME_MAX)),
    email: emailField(invoiceTexts.emailInvalid, invoiceTexts.emailInvalid),
    phone: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(25, { error: invoiceTexts.phoneInvalid }),
        z.refine((v: string) => v === '' || (/^\+?[\d\s()-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, ''))), {
          error: invoiceTexts.phoneInvalid,
        }),
      ),
      '',
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      const { documentType, documentNumber } = value;
      if (documentType === 'NIT') {
        if (!isValidNit(documentNumber))
          ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: invoiceTexts.nitInvalid, input: documentNumber });
      } else if (!/^\d{5,15}$/.test(documentNumber.replace(/[.\s]/g, '')))
        ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: invoiceTexts.documentNumberInvalid, input: documentNumber });
    }),
  );
export type InvoiceBuyer = z.output<typeof invoiceBuyerSchema>;

/** One line of what was sold: the course module, at the enrolment's price (VAT included when taxed). */
export const invoiceLineSchema = z.object({
  code: z.string(),
  description: z.string(),
  quantity: z.int(),
  /** Whole COP, VAT included. */
  unitPrice: z.int(),
  /** null: excluded from VAT. */
  vatRate: z.nullable(z.number()),
});
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

const summaryShape = {
  id: z.int(),
  kind: z.enum(invoiceKinds),
  state: z.enum(invoiceStates),
  number: z.nullable(z.string()),
  enrolmentReference: z.string(),
  courseTitle: z.string(),
  buyerName: z.string(),
  buyerDocument: z.string(),
  total: z.int(),
  issuedAt: z.nullable(z.string()),
  createdAt: z.string(),
  attempts: z.int(),
  nextAttemptAt: z.nullable(z.string()),
  /** DIAN's or the provider's reasons, in Spanish (rejected). */
  rejection: z.nullable(z.array(z.string())),
  /** A credit note's invoice number. */
  invoiceNumber: z.nullable(z.string()),
};

/** An invoice or credit note as the panel lists it. */
export const invoiceSummarySchema = z.object(summaryShape);
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

/** One invoice or credit note with its buyer, lines and the provider's answer. */
export const invoiceRecordSchema = z.object({
  ...summaryShape,
  // As stored: an erasure may have blanked the e-mail and phone (the name and document stay on a tax document).
  buyer: z.object({
    documentType: z.enum(buyerDocumentTypes),
    documentNumber: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  lines: z.array(invoiceLineSchema),
  cufe: z.nullable(z.string()),
  qrUrl: z.nullable(z.string()),
  paymentMethod: z.string(),
  reason: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  retriedBy: z.nullable(z.string()),
  hasPdf: z.boolean(),
});
export type InvoiceRecord = z.output<typeof invoiceRecordSchema>;

const monthField = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: invoiceTexts.monthInvalid }));

/** The panel's list: a month (of issue, or of creation for those not issued yet) and a state. */
export const invoiceListQuerySchema = z.object({
  mes: z.optional(monthField),
  estado: z.optional(z.enum(invoiceStates)),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSummarySchema),
  /** Whether the list was cut at its limit (narrow it by month or state). */
  truncated: z.boolean(),
  /** How many are rejected or waiting on the provider, whatever the filter (the panel's warning). */
  attention: z.object({ rejected: z.int(), waiting: z.int() }),
  /** The numbering resolution's warning (30 days or 10 % before it runs out), if any. */
  resolutionWarning: z.nullable(z.string()),
});
export type InvoiceListResponse = z.output<typeof invoiceListResponseSchema>;

export const invoiceExportQuerySchema = z.object({ mes: monthField });
export const invoiceParamsSchema = z.object({
  id: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,8}$/, { error: invoiceTexts.notFound })),
    z.transform((v: string) => Number(v)),
  ),
});

/** The staff's correction of a rejected invoice's buyer (optional), sent again at once. */
export const invoiceRetryRequestSchema = z.object({ buyer: z.optional(invoiceBuyerSchema) });

/** The buyer's link (e-mail): a random token of 32 bytes, base64url. */
export const invoiceLinkParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: invoiceTexts.linkNotFound })),
});

/** What Mis Cursos shows of an enrolment's invoice or credit note. */
export const buyerInvoiceSchema = z.object({
  kind: z.enum(invoiceKinds),
  number: z.string(),
  cufe: z.string(),
  issuedAt: z.string(),
});
export type BuyerInvoice = z.output<typeof buyerInvoiceSchema>;

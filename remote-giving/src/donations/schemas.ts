import { cursorField, limitField, paymentStatusList, paymentTrailShape, recordPaymentSchema, searchField } from 'shared/payments/ledger';
import { z } from 'shared/schemas/zod';

/**
 * The staff's ledger of donations (#14), under `/api/giving/staff/donations…`: totals per month and year (approved
 * donations only), a keyset-paginated list with search, payment status and date range, one donation with its payment
 * history and discrepancies, and the CSV export.
 */

export const donationLedgerTexts = {
  notFound: 'No encontramos esa donación. Puede que el enlace esté incompleto.',
  dateInvalid: 'Escribe la fecha como AAAA-MM-DD.',
  rangeInvalid: 'La fecha inicial debe ser anterior o igual a la final.',
  paymentInvalid: 'Elige un estado de pago de la lista.',
} as const;

const day = z.optional(
  z.string({ error: donationLedgerTexts.dateInvalid }).check(
    z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: donationLedgerTexts.dateInvalid }),
    z.refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: donationLedgerTexts.dateInvalid,
    }),
  ),
);

/** GET …/donations/exportar (query) and the list's filter: payment status and Bogotá dates, both ends included. */
export const donationExportQuerySchema = z
  .object({
    pago: z.optional(z.enum(paymentStatusList, { error: donationLedgerTexts.paymentInvalid })),
    desde: day,
    hasta: day,
  })
  .check(z.refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, { error: donationLedgerTexts.rangeInvalid, path: ['hasta'] }));
export type DonationExportQuery = z.output<typeof donationExportQuerySchema>;
export type DonationExportQueryInput = z.input<typeof donationExportQuerySchema>;

/** POST …/donations/lista. */
export const donationListRequestSchema = z
  .object({
    pago: z.optional(z.enum(paymentStatusList, { error: donationLedgerTexts.paymentInvalid })),
    desde: day,
    hasta: day,
    /** Words that must all appear in the donor's name, document, e-mail or the reference; accents do not matter. */
    q: searchField,
    cursor: cursorField,
    limit: limitField,
  })
  .check(z.refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, { error: donationLedgerTexts.rangeInvalid, path: ['hasta'] }));
export type DonationListRequest = z.input<typeof donationListRequestSchema>;
export type DonationListQuery = z.output<typeof donationListRequestSchema>;
export type DonationFilter = DonationExportQuery & { q?: string | undefined };

export const donationListItemSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  document: z.string(),
  amount: z.int(),
  paymentStatus: z.string(),
  approvedAt: z.nullable(z.string()),
});
export type DonationListItem = z.output<typeof donationListItemSchema>;

export const donationListResponseSchema = z.object({
  items: z.array(donationListItemSchema),
  nextCursor: z.nullable(z.string()),
  /** First page only: how many match the filter. */
  total: z.nullable(z.int()),
});
export type DonationListResponse = z.output<typeof donationListResponseSchema>;

/**
 * GET …/donations/totales: approved donations only, by the Bogotá month and year of their approval, within the date
 * range if one is given; newest first.
 */
export const donationTotalsQuerySchema = z
  .object({ desde: day, hasta: day })
  .check(z.refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, { error: donationLedgerTexts.rangeInvalid, path: ['hasta'] }));
export type DonationTotalsQuery = z.output<typeof donationTotalsQuerySchema>;
export type DonationTotalsQueryInput = z.input<typeof donationTotalsQuerySchema>;

const total = z.object({ count: z.int(), amount: z.int() });
export const donationTotalsResponseSchema = z.object({
  months: z.array(z.extend(total, { month: z.string() /* YYYY-MM */ })),
  years: z.array(z.extend(total, { year: z.string() })),
});
export type DonationTotalsResponse = z.output<typeof donationTotalsResponseSchema>;

export const donationRecordResponseSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  donor: z.object({
    name: z.string(),
    lastname: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  amount: z.int(),
  /** A monthly gift's charge (#29): its gift's reference (MEN-…); null for a one-time donation. */
  subscriptionReference: z.nullable(z.string()),
  payment: recordPaymentSchema,
  ...paymentTrailShape,
});
export type DonationRecordResponse = z.output<typeof donationRecordResponseSchema>;

import { BUSINESS_NAME_MAX, nameProblem, optionalText } from 'shared/schemas/common';
import { isValidNit } from 'shared/schemas/nit';
import { z } from 'shared/schemas/zod';
import { buyerInvoiceTexts } from './buyer-texts';

// What the public enrolment form needs from invoicing (#30), apart from the staff's invoice schemas in schemas.ts so
// the enrolment page's first load does not carry them (#33).

export { buyerInvoiceTexts } from './buyer-texts';

/**
 * The enrolment form's optional company buyer (#30): asked only when the visitor ticks "Necesito la factura a nombre de
 * una empresa", so the form is no longer for everyone else. Both or neither; the NIT passes DIAN's check digit.
 */
export const companyBuyerFields = {
  buyer_nit: optionalText(20),
  buyer_business_name: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(BUSINESS_NAME_MAX, { error: buyerInvoiceTexts.businessNameRequired }))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
};

/** The company buyer's check, run on the whole enrolment form (both fields or neither). */
export const companyBuyerCheck = z.superRefine(
  (value: { buyer_nit?: string | undefined; buyer_business_name?: string | undefined }, ctx) => {
    const { buyer_nit: nit, buyer_business_name: name } = value;
    if (!nit && !name) return;
    if (!nit || !isValidNit(nit)) ctx.addIssue({ code: 'custom', path: ['buyer_nit'], message: buyerInvoiceTexts.nitInvalid, input: nit });
    const problem = name ? nameProblem(name, 'business') : buyerInvoiceTexts.businessNameRequired;
    if (problem) ctx.addIssue({ code: 'custom', path: ['buyer_business_name'], message: problem, input: name });
  },
  // Run with the other fields' errors too (zod skips an object's checks once a field failed), so the form lists them all
  // at once; the two fields are read as they came (a value that is not text counts as missing).
  {
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return (
        typeof v === 'object' &&
        v !== null &&
        (v.buyer_nit === undefined || typeof v.buyer_nit === 'string') &&
        (v.buyer_business_name === undefined || typeof v.buyer_business_name === 'string')
      );
    },
  },
);

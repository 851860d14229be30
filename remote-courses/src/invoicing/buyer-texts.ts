// Apart from buyer-schemas.ts: the enrolment page renders these words and loads the schemas on submit (#33).

/** The enrolment form's words about a company buyer (#30); the rest of invoiceTexts is in schemas.ts. */
export const buyerInvoiceTexts = {
  nitInvalid: 'El NIT no es válido: escríbelo con su dígito de verificación, por ejemplo 901.234.567-7.',
  companyFieldsRequired: 'Escribe el NIT y la razón social de la empresa a cuyo nombre va la factura.',
  businessNameRequired: 'Escribe la razón social de la empresa.',
} as const;

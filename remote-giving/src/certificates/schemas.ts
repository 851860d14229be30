import { referenceParamsSchema } from 'shared/payments/ledger';
import { z } from 'shared/schemas/zod';

/**
 * Donation certificates (#14; Estatuto Tributario art. 125-2, DUR 1625 de 2016 art. 1.2.1.4.3): one per approved
 * donation and one per donor and year (consolidated), numbered CD-<year>-<000001> in sequence within the donation year.
 * The team issues them at `/api/giving/staff/certificates…`; a donor downloads the one of their donation from the
 * personal link in the receipt e-mail (`/api/giving/certificates/:reference?token=…`), never by typing a document.
 */

export const certificateTexts = {
  notFound: 'No encontramos ese certificado.',
  notApproved: 'Solo se expide certificado de una donación con el pago aprobado.',
  voided: 'Este certificado fue anulado porque la donación fue reembolsada o tuvo un contracargo.',
  yearNotEnded: 'El certificado anual se expide cuando el año terminó.',
  yearInvalid: 'Elige un año entre 2020 y el año pasado.',
  linkInvalid: 'El enlace del certificado no es válido o ya venció. Escríbenos y te lo enviamos de nuevo.',
  pendingData:
    'Los certificados de donación aún no se pueden expedir: faltan datos de la fundación (NIT, ciudad, destinación o firmantes). Avísale al administrador.',
  numberInvalid: 'El número de certificado no es válido.',
  namesDiffer:
    'Las donaciones de este documento en ese año tienen nombres distintos: revísalas (alguien pudo escribir un documento ajeno) y expide el certificado de cada donación por separado.',
  /** To the team: a donation stored before names had a rule, whose name is not one (it is never printed). */
  nameUnprintable:
    'El nombre registrado en esta donación no es un nombre (tiene números, enlaces u otros signos), así que no se imprime en un certificado. El donante debe escribir a la fundación desde el correo de la donación para confirmar su nombre.',
  /** To the donor who followed the receipt's link. */
  donorNameUnprintable: (email: string) =>
    `No podemos expedir el certificado con el nombre registrado en la donación: tiene números, enlaces u otros signos que un nombre no lleva. Escríbenos a ${email} desde el correo con el que donaste, con tu nombre completo y tu documento, y te lo expedimos.`,
} as const;

export const certificateKinds = { donation: 'Por donación', annual: 'Anual consolidado' } as const;
export type CertificateKind = keyof typeof certificateKinds;

/** CD-2026-000123. */
export const certificateNumberPattern = /^CD-\d{4}-\d{6}$/;
export const certificateNumberOf = (year: number, seq: number) => `CD-${year}-${String(seq).padStart(6, '0')}`;

export const certificateParamsSchema = z.object({
  number: z
    .string({ error: certificateTexts.numberInvalid })
    .check(z.regex(certificateNumberPattern, { error: certificateTexts.numberInvalid })),
});
export type CertificateParams = z.output<typeof certificateParamsSchema>;

export { referenceParamsSchema };

/** GET /api/giving/certificates/:reference?token=…: the donor's personal link from the receipt e-mail. */
export const certificateLinkQuerySchema = z.object({
  // Checked by the handler, not here: a cut or mangled link must reach it so a browser is sent to a page that explains.
  token: z.optional(z.string().check(z.maxLength(200))),
});
/** The shape of a link's token: 32 random bytes, base64url. */
export const certificateTokenPattern = /^[A-Za-z0-9_-]{43}$/;
export type CertificateLinkQuery = z.output<typeof certificateLinkQuerySchema>;

const yearField = z
  .number({ error: certificateTexts.yearInvalid })
  .check(
    z.int({ error: certificateTexts.yearInvalid }),
    z.minimum(2020, { error: certificateTexts.yearInvalid }),
    z.maximum(2100, { error: certificateTexts.yearInvalid }),
  );

/** GET …/staff/certificates?anio=YYYY (the query string carries text). */
export const certificateListQuerySchema = z.object({
  anio: z.pipe(
    z.pipe(
      z.string({ error: certificateTexts.yearInvalid }).check(z.regex(/^\d{4}$/, { error: certificateTexts.yearInvalid })),
      z.transform(Number),
    ),
    yearField,
  ),
});
export type CertificateListQuery = z.output<typeof certificateListQuerySchema>;
export type CertificateListQueryInput = z.input<typeof certificateListQuerySchema>;

/** POST …/staff/certificates/lote: the consolidated certificates of every donor of a finished year. */
export const certificateBatchRequestSchema = z.object({ anio: yearField });
export type CertificateBatchRequest = z.output<typeof certificateBatchRequestSchema>;

export const certificateSchema = z.object({
  number: z.string(),
  kind: z.enum(['donation', 'annual']),
  year: z.int(),
  /** The donation's reference (per-donation certificates), or null. */
  reference: z.nullable(z.string()),
  donorName: z.string(),
  donorDocument: z.string(),
  amount: z.int(),
  donations: z.int(),
  /** ISO 8601. */
  issuedAt: z.string(),
  issuedBy: z.string(),
  voidedAt: z.nullable(z.string()),
});
export type Certificate = z.output<typeof certificateSchema>;

export const certificateListResponseSchema = z.object({
  year: z.int(),
  certificates: z.array(certificateSchema),
  /** Approved donations of the year and how many donors have no annual certificate yet. */
  approvedDonations: z.int(),
  donorsWithoutAnnual: z.int(),
  /** Whether the foundation's data lets the site issue real certificates (else they are specimens, or refused). */
  dataComplete: z.boolean(),
});
export type CertificateListResponse = z.output<typeof certificateListResponseSchema>;

export const certificateResponseSchema = z.object({ certificate: certificateSchema, created: z.boolean() });
export type CertificateResponse = z.output<typeof certificateResponseSchema>;

export const certificateBatchResponseSchema = z.object({
  year: z.int(),
  issued: z.int(),
  existing: z.int(),
  /**
   * Donors held for review: their donations of the year carry different names under one document, or a name that is
   * not one (stored before names had a rule: never printed).
   */
  held: z.int(),
});
export type CertificateBatchResponse = z.output<typeof certificateBatchResponseSchema>;

/** What the donation's page in the panel shows of its certificates. */
export const donationCertificatesResponseSchema = z.object({ certificates: z.array(certificateSchema) });
export type DonationCertificatesResponse = z.output<typeof donationCertificatesResponseSchema>;

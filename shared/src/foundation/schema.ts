import { basicEmailPattern, z } from '../schemas/zod';
import { isValidNit } from '../schemas/nit';
import { PUBLIC_FILE_PATTERN } from '../publishing/file-pattern';

/**
 * The foundation's data (#28): its identity, contact data, legal documents' dates, what its donation certificates carry
 * and what an ESAL publishes. The staff edit it on /equipo/fundacion and publish it (shared/publishing); every page,
 * e-mail and PDF reads the published one through `site` (shared/foundation/site.ts). First-start values:
 * shared/config/site.ts.
 *
 * A value the foundation has not confirmed yet is `null` (pending; an empty field in the panel). The site never shows a
 * made-up value instead: a link built from a pending value is not rendered, texts leave it out, the legal and
 * transparency pages say "Dato por confirmar", and production issues no donation certificate while its data is pending.
 * Its document's name is in ./document-name (no zod there: what only reads the data does not load this module).
 */
export { FOUNDATION_DOCUMENT } from './document-name';

/** Every format a value may have; each with the one message a wrong value gets. */
export const foundationFormats = {
  nit: {
    check: isValidNit,
    message: "Escribe el NIT con su dígito de verificación correcto, como aparece en el RUT: '901.234.567-7'.",
  },
  phone: {
    check: (v: string) => /^\+57[\d\s-]+$/.test(v) && v.replace(/\D/g, '').length === 12,
    message: "Escribe +57 y los 10 dígitos, como '+57 601 234 5678'.",
  },
  whatsapp: {
    check: (v: string) => /^57\d{10}$/.test(v),
    message: "Escribe solo dígitos: 57 y el celular, como '573102345678'.",
  },
  email: { check: (v: string) => basicEmailPattern.test(v), message: 'Escribe un correo válido, como contacto@fundacion.org.' },
  https: { check: (v: string) => httpsUrl(v) !== null, message: 'Escribe una dirección que empiece por https://.' },
  booking: {
    check: (v: string) => {
      const url = httpsUrl(v);
      // A booking site's home page is not where a visitor books the foundation's stay.
      return url !== null && !(url.pathname === '/' && !url.search);
    },
    message: 'Escribe la dirección https:// de la página de la fundación en el sitio de reservas, no la de su inicio.',
  },
  /** A published document: the site's own file (`/archivos/…`, uploaded in the panel) or an https address. */
  document: {
    check: (v: string) => PUBLIC_FILE_PATTERN.test(v) || httpsUrl(v) !== null,
    message: 'Sube el archivo o escribe una dirección que empiece por https://.',
  },
  line: { check: (v: string) => !/[\r\n]/.test(v), message: 'Escribe este dato en una sola línea.' },
  text: { check: () => true, message: '' },
} as const;
export type FoundationFormat = keyof typeof foundationFormats;

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url : null;
  } catch {
    return null;
  }
}

const tooLong = (max: number) => `Máximo ${max} caracteres.`;

/** A value that may be pending: an empty field is null; anything written must have the format. */
const pendingOr = (format: FoundationFormat, max: number) =>
  z
    .pipe(
      z.nullable(z.string().check(z.maxLength(max, { error: tooLong(max) }))),
      z.transform((v: string | null) => (v === null || v.trim() === '' ? null : v.trim())),
    )
    .check(z.refine((v) => v === null || foundationFormats[format].check(v), { error: foundationFormats[format].message }));

/** A value the site cannot go without (the name, the contact mailbox). */
const required = (format: FoundationFormat, max: number, missing: string) =>
  z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, { error: missing }),
    z.maxLength(max, { error: tooLong(max) }),
    z.refine((v) => foundationFormats[format].check(v), { error: foundationFormats[format].message }),
  );

export const foundationDataSchema = z.object({
  /** Full name, as in the foundation's statutes. */
  name: required('line', 120, 'Escribe el nombre de la fundación.'),
  /** The brand in the header. */
  shortName: required('line', 40, 'Escribe el nombre corto que va en el encabezado.'),
  /** NIT with its check digit, as in the RUT. */
  nit: pendingOr('nit', 20),
  legalNature: required('line', 160, 'Escribe la naturaleza jurídica.'),
  /** The home page's description (meta description, structured data). */
  defaultDescription: required('line', 300, 'Escribe la descripción del sitio.'),
  contact: z.object({
    /** Public contact mailbox; also the sender of the site's e-mails. */
    email: required('email', 120, 'Escribe el correo de contacto.'),
    phoneDisplay: pendingOr('phone', 24),
    chatPhone: pendingOr('whatsapp', 12),
    /** Street address with city. */
    address: pendingOr('line', 160),
    hours: required('line', 120, 'Escribe el horario de atención.'),
  }),
  /** The foundation's own accounts; a network without one stays null and is not listed. */
  social: z
    .array(z.object({ name: required('line', 40, 'Escribe el nombre de la red.'), url: pendingOr('https', 300) }))
    .check(z.maxLength(8, { error: 'Máximo 8 redes sociales.' })),
  /** 'RESERVA AHORA' on /eco-turismo: the foundation's own listing on the booking site. */
  bookingUrl: pendingOr('booking', 300),
  legal: z.object({
    /** The date the board adopted the policy: '1 de diciembre de 2026'. */
    privacyEffectiveDate: pendingOr('line', 60),
    termsEffectiveDate: pendingOr('line', 60),
    /** Mailbox where data subjects exercise their rights (Ley 1581 de 2012, art. 17). */
    dataProtectionEmail: required('email', 120, 'Escribe el correo de protección de datos.'),
  }),
  /** What donation certificates carry (Estatuto Tributario art. 125-2, DUR 1625 de 2016 art. 1.2.1.4.3). */
  certificates: z.object({
    city: pendingOr('line', 80),
    destination: pendingOr('text', 600),
    legalRepresentative: pendingOr('line', 160),
    fiscalReviewer: pendingOr('line', 160),
  }),
  /** What an ESAL of the special tax regime publishes (Estatuto Tributario art. 364-5). */
  esal: z.object({
    documents: z
      .array(
        z.object({
          name: required('line', 120, 'Escribe el nombre del documento.'),
          description: required('line', 300, 'Escribe una descripción corta del documento.'),
          url: pendingOr('document', 300),
        }),
      )
      .check(z.maxLength(20, { error: 'Máximo 20 documentos.' })),
    meritoriousActivity: pendingOr('text', 4000),
    surplusReinvestment: pendingOr('text', 4000),
    directors: pendingOr('text', 4000),
    donations: pendingOr('text', 4000),
    annualReport: pendingOr('text', 4000),
    financialStatements: pendingOr('text', 4000),
  }),
});

export type FoundationData = z.output<typeof foundationDataSchema>;
/** What the editing form sends (the same shape; empty fields are pending). */
export type FoundationDataInput = z.input<typeof foundationDataSchema>;

/**
 * The foundation's data: the one place the pages, the e-mails, the PDF certificates and the structured data read the
 * foundation's identity and contact data from.
 *
 * Filling it in
 * - A value the foundation has not confirmed yet is `null` (pending). The site never shows a made-up value instead: a
 *   link or button built from a pending value (chat, phone, booking, social network, document) is not rendered, texts
 *   leave the value out, and the legal and transparency pages mark it "Dato por confirmar".
 * - `npm start` prints what is still pending (and any value written in the wrong format); a production start
 *   (`NODE_ENV=production`) refuses to run while anything is pending or malformed, unless
 *   `ALLOW_PENDING_FOUNDATION_DATA=1` allows publishing without the pending values
 *   (shared/src/server/foundation-data-check.ts; README, "Foundation data").
 * - Formats: see each field. A value the foundation gives replaces `null` here, in a commit like any other change.
 *
 * Why no per-environment override: these values are the same in every environment (the foundation has one address and
 * one phone), and the browser bundles are built once and served to every environment, each remote deployed on its own;
 * a value read from an environment variable at build time could differ between the shell and a remote's release.
 */
export interface FoundationData {
  /** Full name, as in the foundation's statutes. */
  name: string;
  /** The brand in the header. */
  shortName: string;
  /** NIT with its check digit, as in the RUT: '901.234.567-8'. */
  nit: string | null;
  legalNature: string;
  /** The home page's description (meta description, structured data). */
  defaultDescription: string;
  contact: {
    /** Public contact mailbox; also the sender of the site's e-mails. */
    email: string;
    /** Phone as visitors read it, with country code: '+57 601 234 5678' or '+57 310 234 5678'. */
    phoneDisplay: string | null;
    /** WhatsApp number for the chat buttons: digits only, country code first: '573102345678'. */
    chatPhone: string | null;
    /** Street address with city: 'Carrera 7 # 12-34, Tunja, Boyacá, Colombia'. */
    address: string | null;
    hours: string;
  };
  /** The foundation's own accounts, https; a network without one stays null and is not listed. */
  social: ReadonlyArray<{ name: string; url: string | null }>;
  /** 'RESERVA AHORA' on /eco-turismo: the foundation's own listing on the booking site (https, not the site's home page). */
  bookingUrl: string | null;
  /** Legal documents' data (privacy policy and terms). */
  legal: {
    /** The date the foundation's board adopts the policy: '1 de diciembre de 2026'. */
    privacyEffectiveDate: string | null;
    termsEffectiveDate: string | null;
    /** Mailbox where data subjects exercise their rights (Ley 1581 de 2012, art. 17). */
    dataProtectionEmail: string;
  };
  /**
   * What the donation certificates carry beyond the foundation's name, NIT and nature (Estatuto Tributario art. 125-2,
   * DUR 1625 de 2016 art. 1.2.1.4.3): where they are issued, what donations are used for, and who signs them. Until all
   * of these and the NIT are confirmed, a certificate outside production is a specimen marked as such, and production
   * issues none.
   */
  certificates: {
    /** City where certificates are issued: 'Tunja, Boyacá'. */
    city: string | null;
    /** The destination of the donations as the board approved it (one or two sentences). */
    destination: string | null;
    /** The legal representative's full name and identification: 'Ana María Rojas Peña, C.C. 40.123.456'. */
    legalRepresentative: string | null;
    /** The revisor fiscal (or contador) who certifies, with the professional card: 'Luis Pérez Gómez, T.P. 123456-T'. */
    fiscalReviewer: string | null;
  };
  /**
   * Documents and transparency data an ESAL of the special tax regime publishes (Estatuto Tributario, art. 364-5).
   * A document's url is its published PDF (https); each item's text is what the foundation publishes for it.
   */
  esal: {
    documents: ReadonlyArray<{ name: string; description: string; url: string | null }>;
    meritoriousActivity: string | null;
    surplusReinvestment: string | null;
    directors: string | null;
    donations: string | null;
    annualReport: string | null;
    financialStatements: string | null;
  };
}

export type Site = FoundationData;

export const site: Site = {
  name: 'Fundación Tejiendo Futuro',
  shortName: 'Tejiendo Futuro',
  nit: null,
  legalNature: 'Entidad sin ánimo de lucro (ESAL) del Régimen Tributario Especial',
  defaultDescription:
    'Fundación colombiana sin ánimo de lucro que forma a personas en situación de vulnerabilidad en desarrollo de software, ofimática y marketing digital.',
  contact: {
    email: 'contacto@tejiendofuturo.org',
    phoneDisplay: null,
    chatPhone: null,
    address: null,
    hours: 'Lunes a viernes, 8:00 a 17:00',
  },
  social: [
    { name: 'Facebook', url: null },
    { name: 'Instagram', url: null },
    { name: 'LinkedIn', url: null },
    { name: 'YouTube', url: null },
  ],
  bookingUrl: null,
  legal: {
    privacyEffectiveDate: null,
    termsEffectiveDate: null,
    dataProtectionEmail: 'datospersonales@tejiendofuturo.org',
  },
  certificates: {
    city: null,
    destination: null,
    legalRepresentative: null,
    fiscalReviewer: null,
  },
  esal: {
    documents: [
      {
        name: 'Registro Único Tributario (RUT)',
        description: 'Certificado de inscripción ante la DIAN con la responsabilidad de Régimen Tributario Especial.',
        url: null,
      },
      {
        name: 'Resolución de calificación en el Régimen Tributario Especial',
        description: 'Acto de la DIAN que reconoce a la fundación como entidad del Régimen Tributario Especial.',
        url: null,
      },
      {
        name: 'Informe de gestión',
        description: 'Informe anual de actividades, resultados y uso de los recursos, aprobado por el consejo directivo.',
        url: null,
      },
    ],
    meritoriousActivity: null,
    surplusReinvestment: null,
    directors: null,
    donations: null,
    annualReport: null,
    financialStatements: null,
  },
};

/** A chat link to the foundation's WhatsApp, optionally with a prefilled message; null while the number is pending. */
export function chatLink(message?: string, phone: string | null = site.contact.chatPhone): string | null {
  if (!phone) return null;
  const base = `https://wa.me/${phone}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A tel: link for a phone written as visitors read it ('+57 601 234 5678'); null while it is pending. */
export function telLink(phone: string | null = site.contact.phoneDisplay): string | null {
  return phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null;
}

/** Page title per the spec: "<page> - <foundation>", or the name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} - ${site.name}` : site.name;
}

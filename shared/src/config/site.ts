/**
 * The foundation's identity and contact data: the one place components read them from.
 * Values marked REAL-VALUE-PENDING are placeholders the foundation must replace with its own.
 */
export const site = {
  name: 'Fundación Tejiendo Futuro',
  shortName: 'Tejiendo Futuro',
  /** REAL-VALUE-PENDING: the foundation's NIT as it appears in its RUT. */
  nit: '901.000.000-0',
  legalNature: 'Entidad sin ánimo de lucro (ESAL) del Régimen Tributario Especial',
  defaultDescription:
    'Fundación colombiana sin ánimo de lucro que forma a personas en situación de vulnerabilidad en desarrollo de software, ofimática y marketing digital.',
  contact: {
    email: 'contacto@tejiendofuturo.org',
    phoneDisplay: '+57 300 000 0000',
    /** Digits only, with country code; used to build chat links. */
    chatPhone: '573000000000',
    address: 'Calle 00 # 00-00, Bogotá D.C., Colombia',
    hours: 'Lunes a viernes, 8:00 a 17:00',
  },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/tejiendofuturo' },
    { name: 'Instagram', url: 'https://www.instagram.com/tejiendofuturo' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/tejiendofuturo' },
    { name: 'YouTube', url: 'https://www.youtube.com/@tejiendofuturo' },
  ],
  bookingUrl: 'https://www.booking.com/',
  /** Legal documents' data (privacy policy and terms). */
  legal: {
    /** REAL-VALUE-PENDING: the date the foundation's board adopts the policy. */
    privacyEffectiveDate: '1 de diciembre de 2026',
    termsEffectiveDate: '1 de diciembre de 2026',
    /** Mailbox where data subjects exercise their rights (Ley 1581 de 2012, art. 17). */
    dataProtectionEmail: 'datospersonales@tejiendofuturo.org',
  },
  /**
   * Documents and transparency data an ESAL of the special tax regime publishes (Estatuto Tributario, art. 364-5).
   * Every value here is REAL-VALUE-PENDING until the foundation fills in its own; `pending: true` shows it marked as such.
   */
  esal: {
    documents: [
      {
        name: 'Registro Único Tributario (RUT)',
        description: 'Certificado de inscripción ante la DIAN con la responsabilidad de Régimen Tributario Especial.',
        url: 'https://www.tejiendofuturo.org/documentos/rut.pdf',
      },
      {
        name: 'Resolución de calificación en el Régimen Tributario Especial',
        description: 'Acto de la DIAN que reconoce a la fundación como entidad del Régimen Tributario Especial.',
        url: 'https://www.tejiendofuturo.org/documentos/resolucion-rte.pdf',
      },
      {
        name: 'Informe de gestión',
        description: 'Informe anual de actividades, resultados y uso de los recursos, aprobado por el consejo directivo.',
        url: 'https://www.tejiendofuturo.org/documentos/informe-de-gestion.pdf',
      },
    ],
    meritoriousActivity: {
      value:
        'Educación (actividad meritoria del numeral 1 del artículo 359 del Estatuto Tributario): formación para el trabajo en habilidades digitales.',
      pending: true,
    },
    surplusReinvestment: {
      value:
        'El excedente del año anterior se reinvierte en becas, equipos y conectividad para los programas de formación, según acta del consejo directivo.',
      pending: true,
    },
    directors: {
      value: 'Representante legal y miembros del consejo directivo: nombres e identificación por publicar.',
      pending: true,
    },
    donations: {
      value: 'Monto de las donaciones recibidas en el último año, donantes (cuando lo autoricen) y destino de los recursos: por publicar.',
      pending: true,
    },
    annualReport: { value: 'Informe anual de resultados del último año gravable: por publicar.', pending: true },
    financialStatements: {
      value: 'Estados financieros del último año, con sus notas y la certificación del revisor fiscal: por publicar.',
      pending: true,
    },
  },
} as const;

export type Site = typeof site;

/** A chat link to the foundation's phone, optionally with a prefilled message. */
export function chatLink(message?: string, phone: string = site.contact.chatPhone): string {
  const base = `https://wa.me/${phone}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** Page title per the spec: "<page> - <foundation>", or the name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} - ${site.name}` : site.name;
}

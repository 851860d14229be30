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

import type { FoundationData } from '../foundation/schema';

/**
 * The foundation's data for a first start (#28): what the site shows until the staff publish the foundation's own on
 * /equipo/fundacion ("Datos de la fundación"), and the form's starting values there. Nothing here is read once
 * something was published (shared/foundation/site.ts reads the published data); a foundation changes its data in the
 * panel, never here. A value it has not confirmed is `null`: the site leaves it out (shared/foundation/schema.ts).
 */
export const foundationDefaults: FoundationData = {
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

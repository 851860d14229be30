import type { FoundationData } from './schema';

/** One value the foundation confirms: where it is in the data, what staff know it as, and what its absence blocks. */
export interface FoundationField {
  key: string;
  label: string;
  value: string | null;
  /** What visitors or staff lose while it is pending, in plain words. */
  blocks: string;
}

const certificatesBlocked = 'los certificados de donación: en producción no se expide ninguno hasta completarlo';
const transparency = 'la página de transparencia (/Documents-esal), que muestra «Dato por confirmar»';

/** Every value that may be pending, in the order of the panel's form. */
export function foundationFields(data: FoundationData): FoundationField[] {
  const { contact, legal, certificates, esal } = data;
  return [
    { key: 'nit', label: 'NIT', value: data.nit, blocks: `${certificatesBlocked}; el NIT en el pie de página` },
    { key: 'contact.phoneDisplay', label: 'Teléfono', value: contact.phoneDisplay, blocks: 'el teléfono en el pie de página' },
    {
      key: 'contact.chatPhone',
      label: 'WhatsApp (botones de chat)',
      value: contact.chatPhone,
      blocks: 'los botones de WhatsApp de los talleres, de Automata y del chat',
    },
    { key: 'contact.address', label: 'Dirección', value: contact.address, blocks: 'la dirección en el pie de página' },
    ...data.social.map((s, i): FoundationField => ({
      key: `social.${i}.url`,
      label: `Red social: ${s.name}`,
      value: s.url,
      blocks: `el enlace a ${s.name} en el pie de página`,
    })),
    {
      key: 'bookingUrl',
      label: 'Reservas de ecoturismo (RESERVA AHORA)',
      value: data.bookingUrl,
      blocks: 'el botón RESERVA AHORA de /eco-turismo (mientras tanto invita a escribir por correo)',
    },
    {
      key: 'legal.privacyEffectiveDate',
      label: 'Vigencia de la política de privacidad',
      value: legal.privacyEffectiveDate,
      blocks: 'la fecha de vigencia de la política de privacidad',
    },
    {
      key: 'legal.termsEffectiveDate',
      label: 'Vigencia de los términos y condiciones',
      value: legal.termsEffectiveDate,
      blocks: 'la fecha de vigencia de los términos y condiciones',
    },
    { key: 'certificates.city', label: 'Ciudad de expedición de los certificados', value: certificates.city, blocks: certificatesBlocked },
    {
      key: 'certificates.destination',
      label: 'Destinación de las donaciones',
      value: certificates.destination,
      blocks: certificatesBlocked,
    },
    {
      key: 'certificates.legalRepresentative',
      label: 'Representante legal que firma',
      value: certificates.legalRepresentative,
      blocks: certificatesBlocked,
    },
    {
      key: 'certificates.fiscalReviewer',
      label: 'Revisor fiscal o contador que firma',
      value: certificates.fiscalReviewer,
      blocks: certificatesBlocked,
    },
    ...esal.documents.map((d, i): FoundationField => ({
      key: `esal.documents.${i}.url`,
      label: `Documento: ${d.name}`,
      value: d.url,
      blocks: transparency,
    })),
    { key: 'esal.meritoriousActivity', label: 'Actividad meritoria', value: esal.meritoriousActivity, blocks: transparency },
    { key: 'esal.surplusReinvestment', label: 'Reinversión de excedentes', value: esal.surplusReinvestment, blocks: transparency },
    { key: 'esal.directors', label: 'Directivos y representante legal', value: esal.directors, blocks: transparency },
    { key: 'esal.donations', label: 'Donaciones recibidas y su destino', value: esal.donations, blocks: transparency },
    { key: 'esal.annualReport', label: 'Informe anual de resultados', value: esal.annualReport, blocks: transparency },
    { key: 'esal.financialStatements', label: 'Estados financieros', value: esal.financialStatements, blocks: transparency },
  ];
}

/** The values still pending (null), which the site does not show. */
export const pendingFoundationData = (data: FoundationData): FoundationField[] => foundationFields(data).filter((f) => f.value === null);

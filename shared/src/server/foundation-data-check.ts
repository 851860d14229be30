import { site, type Site } from '../config/site';

/** Where the foundation's data is written (named in every message). */
export const FOUNDATION_DATA_FILE = 'shared/src/config/site.ts';

/** Set to 1 to start in production while some foundation data is still pending (it is simply not shown). */
export const ALLOW_PENDING_VARIABLE = 'ALLOW_PENDING_FOUNDATION_DATA';

type Format = 'nit' | 'phone' | 'whatsapp' | 'email' | 'https' | 'booking' | 'text';

/** One value of the configuration file: its path there, what visitors know it as, and its format. */
export interface FoundationField {
  key: string;
  label: string;
  value: string | null;
  format: Format;
}

/** Every value the foundation has to confirm, in the order of the file. */
export function foundationFields(data: Site = site): FoundationField[] {
  const { contact, legal, esal } = data;
  return [
    { key: 'nit', label: 'NIT', value: data.nit, format: 'nit' },
    { key: 'contact.email', label: 'Correo de contacto', value: contact.email, format: 'email' },
    { key: 'contact.phoneDisplay', label: 'Teléfono', value: contact.phoneDisplay, format: 'phone' },
    { key: 'contact.chatPhone', label: 'WhatsApp (botones de chat)', value: contact.chatPhone, format: 'whatsapp' },
    { key: 'contact.address', label: 'Dirección', value: contact.address, format: 'text' },
    ...data.social.map((s, i): FoundationField => ({
      key: `social[${i}].url`,
      label: `Red social: ${s.name}`,
      value: s.url,
      format: 'https',
    })),
    { key: 'bookingUrl', label: 'Reservas de ecoturismo (RESERVA AHORA)', value: data.bookingUrl, format: 'booking' },
    {
      key: 'legal.privacyEffectiveDate',
      label: 'Vigencia de la política de privacidad',
      value: legal.privacyEffectiveDate,
      format: 'text',
    },
    { key: 'legal.termsEffectiveDate', label: 'Vigencia de los términos y condiciones', value: legal.termsEffectiveDate, format: 'text' },
    { key: 'legal.dataProtectionEmail', label: 'Correo de datos personales', value: legal.dataProtectionEmail, format: 'email' },
    {
      key: 'certificates.city',
      label: 'Ciudad de expedición de los certificados de donación',
      value: data.certificates.city,
      format: 'text',
    },
    {
      key: 'certificates.destination',
      label: 'Destinación de las donaciones (certificados)',
      value: data.certificates.destination,
      format: 'text',
    },
    {
      key: 'certificates.legalRepresentative',
      label: 'Representante legal que firma los certificados',
      value: data.certificates.legalRepresentative,
      format: 'text',
    },
    {
      key: 'certificates.fiscalReviewer',
      label: 'Revisor fiscal o contador que firma los certificados',
      value: data.certificates.fiscalReviewer,
      format: 'text',
    },
    ...esal.documents.map((d, i): FoundationField => ({
      key: `esal.documents[${i}].url`,
      label: `Documento: ${d.name}`,
      value: d.url,
      format: 'https',
    })),
    { key: 'esal.meritoriousActivity', label: 'Actividad meritoria', value: esal.meritoriousActivity, format: 'text' },
    { key: 'esal.surplusReinvestment', label: 'Reinversión de excedentes', value: esal.surplusReinvestment, format: 'text' },
    { key: 'esal.directors', label: 'Directivos y representante legal', value: esal.directors, format: 'text' },
    { key: 'esal.donations', label: 'Donaciones recibidas y su destino', value: esal.donations, format: 'text' },
    { key: 'esal.annualReport', label: 'Informe anual de resultados', value: esal.annualReport, format: 'text' },
    { key: 'esal.financialStatements', label: 'Estados financieros', value: esal.financialStatements, format: 'text' },
  ];
}

/** The values still pending (null), which the site does not show. */
export function pendingFoundationData(data: Site = site): FoundationField[] {
  return foundationFields(data).filter((f) => f.value === null);
}

const httpsUrl = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/** Why a written value cannot be right, or null. */
function formatProblem(format: Format, value: string): string | null {
  const digits = value.replace(/\D/g, '');
  switch (format) {
    case 'nit':
      return /^\d{9,10}-\d$/.test(value.replace(/[.\s]/g, ''))
        ? null
        : "debe ser el NIT con su dígito de verificación, como '901.234.567-8'";
    case 'phone':
      return /^\+57[\d\s-]+$/.test(value) && digits.length === 12 ? null : "debe llevar +57 y los 10 dígitos, como '+57 601 234 5678'";
    case 'whatsapp':
      return /^57\d{10}$/.test(value) ? null : "deben ser solo dígitos, 57 y el celular, como '573102345678'";
    case 'email':
      return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? null : 'no es un correo válido';
    case 'https':
      return httpsUrl(value) ? null : 'debe ser una dirección https://';
    case 'booking': {
      const url = httpsUrl(value);
      if (!url) return 'debe ser una dirección https://';
      // A booking site's home page is not where a visitor books the foundation's stay (the old placeholder was one).
      return url.pathname === '/' && !url.search
        ? 'debe ser la página de la fundación en el sitio de reservas, no su página de inicio'
        : null;
    }
    case 'text':
      return value.trim() ? null : 'está vacío: escribe el dato o déjalo en null mientras esté pendiente';
  }
}

/** Values written in a form that cannot be right (a malformed value would reach visitors as it is). */
export function malformedFoundationData(data: Site = site): Array<FoundationField & { problem: string }> {
  return foundationFields(data).flatMap((f) => {
    const problem = f.value === null ? null : formatProblem(f.format, f.value);
    return problem ? [{ ...f, problem }] : [];
  });
}

/**
 * Why the foundation's data must not go to production, one Spanish sentence per problem: a malformed value always, and
 * the pending values (listed together) unless the start allows them explicitly (ALLOW_PENDING_FOUNDATION_DATA=1).
 * Outside production nothing is refused (`npm start` only lists them).
 */
export function foundationDataProblems(config: { production: boolean; allowPendingFoundationData?: boolean }, data: Site = site): string[] {
  if (!config.production) return [];
  const problems = malformedFoundationData(data).map(
    (f) => `Dato de la fundación mal escrito en ${FOUNDATION_DATA_FILE}: ${f.key} (${f.label}) ${f.problem}.`,
  );
  const pending = pendingFoundationData(data);
  if (pending.length && !config.allowPendingFoundationData)
    problems.push(
      `Faltan datos de la fundación en ${FOUNDATION_DATA_FILE}: ${pending.map((f) => f.label).join(', ')}. ` +
        `Complétalos, o define ${ALLOW_PENDING_VARIABLE}=1 para publicar sin ellos (el sitio no los muestra).`,
    );
  return problems;
}

/** Reads the explicit allowance: only '1' or 'true' allow pending data. */
export function readAllowPendingFoundationData(env: NodeJS.ProcessEnv): boolean {
  const value = env[ALLOW_PENDING_VARIABLE]?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

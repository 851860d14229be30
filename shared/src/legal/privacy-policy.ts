import { site } from '../config/site';

/**
 * The privacy policy's versions and the authorization each form shows (Ley 1581 de 2012 art. 9; Decreto 1377 de 2013
 * arts. 5–7, compiled in Decreto 1074 de 2015). The proof a form stores (`privacy.consents`) names the version and the
 * SHA-256 of the exact authorization text below, so what a person accepted can be shown later even after the text changes.
 *
 * Changing a text or the policy: add a new version here (never edit a published one), make it `current`, and keep the old
 * one so its page (/politica-de-privacidad/v/<id>) and the proofs that name it stay readable.
 */

/** Every form that stores personal data, as its proof names it. */
export const consentForms = [
  'courses.enrolment',
  'giving.donation',
  'community.volunteer',
  'community.ally',
  'community.workshop_inquiry',
  'community.software_request',
  'community.newsletter',
  'community.pqrsf',
  'account.registration',
] as const;
export type ConsentForm = (typeof consentForms)[number];

/**
 * Where the law asks for an express authorization (a box the person ticks) and where the data are processed because the
 * person exercises a right the foundation must answer (a PQRSF: Ley 1755 de 2015; Ley 1581 art. 10 lists the cases
 * without authorization), so the form informs rather than asks.
 */
export const consentBasis: Record<ConsentForm, 'consent' | 'legal_duty'> = {
  'courses.enrolment': 'consent',
  'giving.donation': 'consent',
  'community.volunteer': 'consent',
  'community.ally': 'consent',
  'community.workshop_inquiry': 'consent',
  'community.software_request': 'consent',
  'community.newsletter': 'consent',
  'community.pqrsf': 'legal_duty',
  'account.registration': 'consent',
};

/** What each form's data is used for, in the authorization's words. */
const purposes: Record<ConsentForm, string> = {
  'courses.enrolment': 'gestionar mi inscripción, el pago del curso, mi acceso a las clases y mi certificado',
  'giving.donation': 'registrar mi donación y su pago, enviarme el comprobante y expedir el certificado de donación',
  'community.volunteer': 'gestionar mi postulación como voluntario y contactarme sobre actividades de voluntariado',
  'community.ally': 'gestionar la alianza con la empresa y contactar a su representante',
  'community.workshop_inquiry': 'responder mi consulta sobre el taller y contactarme sobre él',
  'community.software_request': 'responder mi solicitud de software a la medida y contactarme sobre ella',
  'community.newsletter': 'enviarme el boletín de la fundación por correo electrónico hasta que cancele la suscripción',
  'community.pqrsf': 'tramitar y responder mi petición, queja, reclamo, sugerencia o felicitación',
  'account.registration': 'crear y administrar mi cuenta, mostrarme mis cursos y sus certificados y escribirme sobre ellos',
};

export interface PrivacyPolicyVersion {
  /** Short id in URLs and proofs: '1', '2'… */
  id: string;
  /** When the foundation's board adopted it ('1 de diciembre de 2026'); null while pending. */
  adoptedOn: string | null;
  /** What changed from the previous version (shown in the list of versions). */
  changes: string;
  /** The authorization each form shows with this version. */
  authorization: (form: ConsentForm) => string;
}

export const privacyPolicyVersions: readonly PrivacyPolicyVersion[] = [
  {
    id: '1',
    adoptedOn: site.legal.privacyEffectiveDate,
    changes: 'Primera versión publicada en el sitio.',
    authorization: (form) =>
      consentBasis[form] === 'consent'
        ? `Autorizo a ${site.name} a tratar mis datos personales para ${purposes[form]}, según su Política de privacidad. Sé que puedo conocer, actualizar, rectificar y suprimir mis datos y revocar esta autorización.`
        : `${site.name} tratará tus datos personales para ${purposes[form]}, según su Política de privacidad. Puedes conocer, actualizar, rectificar y suprimir tus datos.`,
  },
];

/** The version every form shows today (the last one). */
export const currentPrivacyPolicy: PrivacyPolicyVersion = privacyPolicyVersions[privacyPolicyVersions.length - 1]!;

export const privacyVersionOf = (id: string): PrivacyPolicyVersion | undefined => privacyPolicyVersions.find((v) => v.id === id);

/** The page of a version: the current one at the policy's own address, older ones under /v/<id>. */
export const privacyPolicyPath = (id: string = currentPrivacyPolicy.id) =>
  id === currentPrivacyPolicy.id ? '/politica-de-privacidad' : `/politica-de-privacidad/v/${encodeURIComponent(id)}`;

export const consentTexts = {
  required: 'Debes autorizar el tratamiento de tus datos personales para continuar.',
  versionUnknown: 'La versión de la política de privacidad que viste ya no existe. Recarga la página e intenta de nuevo.',
  policyLink: 'Política de privacidad',
  newTab: '(se abre en una pestaña nueva)',
  checkbox: 'Autorizo el tratamiento de mis datos personales',
} as const;

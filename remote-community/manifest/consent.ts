import { declareConsentForm } from 'shared/legal/privacy-policy';

/**
 * The community domain's forms that store personal data (#27): the proof's name, the label in a person's copy, the
 * basis and the purpose every policy version's authorization text reads (shared/src/legal/privacy-policy.ts).
 * Browser-safe data: the pages (and the shell's newsletter box, through site/consent-forms) show the text, the server
 * records the proof, the manifest gives the label to the copy and the retention rules their forms' names.
 * A purpose is part of a hashed text: never edit one, add a policy version instead.
 */
export const volunteerConsent = declareConsentForm({
  form: 'community.volunteer',
  label: 'Voluntariado',
  basis: 'consent',
  purpose: 'gestionar mi postulación como voluntario y contactarme sobre actividades de voluntariado',
});

export const allyConsent = declareConsentForm({
  form: 'community.ally',
  label: 'Empresa aliada',
  basis: 'consent',
  purpose: 'gestionar la alianza con la empresa y contactar a su representante',
});

export const workshopInquiryConsent = declareConsentForm({
  form: 'community.workshop_inquiry',
  label: 'Consulta sobre un taller',
  basis: 'consent',
  purpose: 'responder mi consulta sobre el taller y contactarme sobre él',
});

export const softwareRequestConsent = declareConsentForm({
  form: 'community.software_request',
  label: 'Solicitud de software',
  basis: 'consent',
  purpose: 'responder mi solicitud de software a la medida y contactarme sobre ella',
});

export const newsletterConsent = declareConsentForm({
  form: 'community.newsletter',
  label: 'Boletín',
  basis: 'consent',
  purpose: 'enviarme el boletín de la fundación por correo electrónico hasta que cancele la suscripción',
});

/** A PQRSF exercises a right the foundation must answer (Ley 1755 de 2015): the form informs, it asks no authorization. */
export const pqrsfConsent = declareConsentForm({
  form: 'community.pqrsf',
  label: 'PQRSF',
  basis: 'legal_duty',
  purpose: 'tramitar y responder mi petición, queja, reclamo, sugerencia o felicitación',
});

export const communityConsentForms = [
  volunteerConsent,
  allyConsent,
  workshopInquiryConsent,
  softwareRequestConsent,
  newsletterConsent,
  pqrsfConsent,
];

import { declareConsentForm } from 'shared/legal/privacy-policy';

/**
 * The courses domain's forms that store personal data (#27): the proof's name, the label in a person's copy, the basis
 * and the purpose every policy version's authorization text reads (shared/src/legal/privacy-policy.ts). Browser-safe
 * data: the enrolment page shows the text, its server records the proof, the manifest gives the label to the copy.
 * A purpose is part of a hashed text: never edit one, add a policy version instead.
 */
export const enrolmentConsent = declareConsentForm({
  form: 'courses.enrolment',
  label: 'Inscripción a un curso',
  basis: 'consent',
  purpose: 'gestionar mi inscripción, el pago del curso, mi acceso a las clases y mi certificado',
});

/**
 * A student the team enrols by hand (#31: a scholarship, money received outside the site) did not tick the site's box:
 * the member reads or gives them this same authorization and records how it was given (a signed form, their e-mail, a
 * recorded call). Its own name and its own words (every form's text differs, so a proof's hash names its form).
 */
export const manualEnrolmentConsent = declareConsentForm({
  form: 'courses.manual_enrolment',
  label: 'Inscripción registrada por el equipo',
  basis: 'consent',
  purpose:
    'gestionar la inscripción que el equipo de la fundación registra por mí (con una beca o un pago hecho fuera del sitio), mi acceso a las clases y mi certificado',
});

export const coursesConsentForms = [enrolmentConsent, manualEnrolmentConsent];

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

export const coursesConsentForms = [enrolmentConsent];

import { declareConsentForm } from 'shared/legal/privacy-policy';

/**
 * The account domain's forms that store personal data (#27): the proof's name, the label in a person's copy, the basis
 * and the purpose every policy version's authorization text reads (shared/src/legal/privacy-policy.ts). Browser-safe
 * data: the registration page shows the text, its server records the proof, the manifest gives the label to the copy.
 * A purpose is part of a hashed text: never edit one, add a policy version instead.
 */
export const registrationConsent = declareConsentForm({
  form: 'account.registration',
  label: 'Creación de cuenta',
  basis: 'consent',
  purpose: 'crear y administrar mi cuenta, mostrarme mis cursos y sus certificados y escribirme sobre ellos',
});

export const accountConsentForms = [registrationConsent];

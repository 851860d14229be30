import { declareConsentForm } from 'shared/legal/privacy-policy';

/**
 * The giving domain's forms that store personal data (#27): the proof's name, the label in a person's copy, the basis
 * and the purpose every policy version's authorization text reads (shared/src/legal/privacy-policy.ts). Browser-safe
 * data: the donation page shows the text, its server records the proof, the manifest gives the label to the copy.
 * A purpose is part of a hashed text: never edit one, add a policy version instead.
 */
export const donationConsent = declareConsentForm({
  form: 'giving.donation',
  label: 'Donación',
  basis: 'consent',
  purpose: 'registrar mi donación y su pago, enviarme el comprobante y expedir el certificado de donación',
});

/**
 * Monthly giving's form (#29): the donation form's fields, for a gift charged every month until the donor stops it. Its
 * own form, so its proofs keep their address while the monthly gift exists (a one-time donation's proof is tied to its
 * donation's record).
 */
export const monthlyConsent = declareConsentForm({
  form: 'giving.monthly',
  label: 'Donación mensual',
  basis: 'consent',
  purpose:
    'registrar mi donación mensual y cobrarla a mi tarjeta cada mes por medio de Mercado Pago, enviarme los comprobantes y el enlace para gestionarla, y expedir los certificados de donación',
});

export const givingConsentForms = [donationConsent, monthlyConsent];

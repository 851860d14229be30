import type { DomainManifest } from 'shared/server/domains';
import { payableRetention } from 'shared/server/payments/personal-data';
import { donationConsent, givingConsentForms } from './consent';
import { givingPersonalData } from './personal-data';
import { givingAudit } from './audit';
import { donationDocument } from './documents';

/**
 * The giving domain's server manifest (#27): data only, no side effects on import, no Fastify plugin, no React. The
 * composition root (site/server.ts) imports it; nothing else does.
 */
export const givingManifest: DomainManifest = {
  name: 'giving',
  personalData: givingPersonalData,
  audit: givingAudit,
  retention: payableRetention('giving.contributions', donationConsent.form, 'unpaidDonationsMonths'),
  consentForms: givingConsentForms,
  // The donation's presets, bounds and texts, edited by finanzas on /equipo/donaciones-config (#28).
  documents: [donationDocument],
};

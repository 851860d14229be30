import type { DomainManifest } from 'shared/server/domains';
import { payableRetention } from 'shared/server/payments/personal-data';
import { sql } from 'kysely';
import { before, consentProofRule, type RetentionRule } from 'shared/server/personal-data/retention';
import { donationConsent, givingConsentForms, monthlyConsent } from './consent';
import { givingPersonalData } from './personal-data';
import { givingAudit } from './audit';
import { donationDocument } from './documents';
import { cancelMonthlyGiftsBeforeErasure } from './monthly-erasure';

/**
 * Monthly gifts (#29): one never authorized goes like an unpaid donation; a cancelled one after the payment records' years
 * (its charges are donations, kept by their own rule). Their proofs keep the address while the gift is not cancelled.
 */
function monthlyRetention(): RetentionRule[] {
  const live = sql<boolean>`exists (select 1 from giving.subscriptions r where r.reference = t.record_ref and r.status <> 'cancelled')`;
  const gone = sql<boolean>`not exists (select 1 from giving.subscriptions r where r.reference = t.record_ref)`;
  return [
    {
      setting: 'unpaidDonationsMonths',
      table: 'giving.subscriptions',
      expired: (c) => sql<boolean>`t.status = 'pending' and ${before(sql`t.created_at`, c)}`,
      treatment: 'delete',
    },
    {
      setting: 'paymentRecordsYears',
      table: 'giving.subscriptions',
      expired: (c) => sql<boolean>`t.status = 'cancelled' and ${before(sql`coalesce(t.cancelled_at, t.updated_at)`, c)}`,
      treatment: 'delete',
    },
    consentProofRule(
      'paymentRecordsYears',
      [monthlyConsent.form],
      (c) => sql<boolean>`not ${live} and (${before(sql`t.granted_at`, c)} or ${gone})`,
    ),
  ];
}

/**
 * The giving domain's server manifest (#27): data only, no side effects on import, no Fastify plugin, no React. The
 * composition root (site/server.ts) imports it; nothing else does.
 */
export const givingManifest: DomainManifest = {
  name: 'giving',
  personalData: givingPersonalData,
  audit: givingAudit,
  retention: [...payableRetention('giving.contributions', donationConsent.form, 'unpaidDonationsMonths'), ...monthlyRetention()],
  consentForms: givingConsentForms,
  // The donation's presets, bounds and texts, edited by finanzas on /equipo/donaciones-config (#28).
  documents: [donationDocument],
  // A deletion request cancels the person's monthly gifts at the provider first (#29).
  beforeErasure: cancelMonthlyGiftsBeforeErasure,
};

import { sql } from 'kysely';
import type { DomainManifest } from 'shared/server/domains';
import { before, consentProofRule, type RetentionRule } from 'shared/server/personal-data/retention';
import {
  allyConsent,
  communityConsentForms,
  newsletterConsent,
  pqrsfConsent,
  softwareRequestConsent,
  volunteerConsent,
  workshopInquiryConsent,
} from './consent';
import { communityPersonalData } from './personal-data';
import { communityAudit } from './audit';

/** Open PQRSF: never touched by retention, nor their notices' proofs. */
const open = sql`('En proceso', 'En trámite')`;

const retention: RetentionRule[] = [
  ...(['community.volunteers', 'community.allies', 'community.workshop_inquiries', 'community.software_requests'] as const).map(
    (table): RetentionRule => ({
      setting: 'communityFormsMonths',
      table,
      expired: (c) => before(sql`t.created_at`, c),
      treatment: 'delete',
    }),
  ),
  {
    setting: 'pqrsfMonths',
    table: 'community.pqrsf_requests',
    // Only finished ones, counted from when they finished: an open PQRSF is never touched.
    expired: (c) =>
      sql<boolean>`t.status not in ${open} and ${before(sql`coalesce(t.closed_at, t.responded_at, t.transferred_at, t.created_at)`, c)}`,
    treatment: 'own',
  },
  {
    setting: 'newsletterUnsubscribedMonths',
    table: 'community.newsletter_subscriptions',
    expired: (c) => sql<boolean>`t.status = 'unsubscribed' and ${before(sql`coalesce(t.unsubscribed_at, t.created_at)`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'newsletterUnconfirmedDays',
    table: 'community.newsletter_subscriptions',
    expired: (c) =>
      sql<boolean>`t.status = 'pending' and ${before(sql`greatest(t.subscribed_at, coalesce(t.confirmation_sent_at, t.subscribed_at))`, c)}`,
    treatment: 'delete',
  },
  { setting: 'rateLimitDays', table: 'community.newsletter_confirmation_log', expired: (c) => before(sql`t.at`, c), treatment: 'delete' },
  {
    setting: 'rateLimitDays',
    table: 'community.acknowledgement_counts',
    // `day` is the Bogotá calendar date (YYYY-MM-DD) the counter was for.
    expired: (c) => sql<boolean>`t.day < ${c.toISOString().slice(0, 10)}`,
    treatment: 'delete',
  },
  consentProofRule(
    'communityFormsMonths',
    [volunteerConsent, allyConsent, workshopInquiryConsent, softwareRequestConsent].map((d) => d.form),
  ),
  // A PQRSF's notice keeps the address while the PQRSF is open, like the PQRSF itself.
  consentProofRule(
    'pqrsfMonths',
    [pqrsfConsent.form],
    (c) =>
      sql<boolean>`${before(sql`t.granted_at`, c)} and not exists (select 1 from community.pqrsf_requests p where p.radicado = t.record_ref and p.status in ${open})`,
  ),
  // A subscription's proof keeps the address while that address is subscribed (or waiting to confirm).
  consentProofRule(
    'newsletterUnconfirmedDays',
    [newsletterConsent.form],
    (c) =>
      sql<boolean>`${before(sql`t.granted_at`, c)} and not exists (select 1 from community.newsletter_subscriptions s where s.email = t.subject_email)`,
  ),
];

/**
 * The community domain's server manifest (#27): data only, no side effects on import, no Fastify plugin, no React. The
 * composition root (site/server.ts) imports it; nothing else does.
 */
export const communityManifest: DomainManifest = {
  name: 'community',
  personalData: communityPersonalData,
  audit: communityAudit,
  retention,
  consentForms: communityConsentForms,
};

import { sql } from 'kysely';
import type { DomainManifest } from 'shared/server/domains';
import { before } from 'shared/server/personal-data/retention';
import { accountConsentForms } from './consent';
import { accountPersonalData } from './personal-data';
import { accountAudit } from './audit';

/**
 * The account domain's server manifest (#27): data only, no side effects on import, no Fastify plugin, no React. The
 * composition root (site/server.ts) imports it; nothing else does.
 */
export const accountManifest: DomainManifest = {
  name: 'account',
  personalData: accountPersonalData,
  audit: accountAudit,
  consentForms: accountConsentForms,
  retention: [
    { setting: 'paymentRecordsYears', table: 'account.payment_accounts', expired: (c) => before(sql`t.created_at`, c), treatment: 'own' },
    {
      setting: 'dataRequestCodesDays',
      table: 'account.data_request_codes',
      expired: (c) => before(sql`t.created_at`, c),
      treatment: 'delete',
    },
    {
      setting: 'dataRequestCodesDays',
      table: 'account.data_request_code_misses',
      expired: (c) => before(sql`t.at`, c),
      treatment: 'delete',
    },
  ],
};

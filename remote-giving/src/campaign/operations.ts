import { defineOperation } from 'shared/api/operation';
import { currentCampaignResponseSchema } from './progress-schemas';

/**
 * The campaign's public operation, declared once (#27): server/campaign.ts registers it with `route`, the donation
 * page's progress bar calls it. The panel's are in staff-operations.ts, so a donor's page never downloads them.
 */

/** The donation page's campaign (public). */
export const campaignOperations = {
  /** The campaign running today and what approved donations have raised (no personal data). */
  campaign: defineOperation({
    method: 'GET',
    path: '/api/giving/campaign',
    response: currentCampaignResponseSchema,
    summary: 'La campaña de donaciones en curso y cuánto lleva recaudado (sin datos personales)',
  }),
};

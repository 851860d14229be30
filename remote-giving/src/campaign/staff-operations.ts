import { defineOperation } from 'shared/api/operation';
import { campaignParamsSchema, campaignRequestSchema, staffCampaignResponseSchema, staffCampaignsResponseSchema } from './schemas';

/**
 * The panel's campaign operations, declared once (#27): server/campaign.ts registers them with `route`, the staff
 * screen calls them through the staff client. Apart from the public one (operations.ts), so a donor's page never
 * downloads them (a declaration's schemas are code).
 */

/** Who keeps the donations' books in the panel. */
const finanzas = ['finanzas'] as const;

/** The panel's donation campaigns (finanzas). */
export const campaignStaffOperations = {
  /** Every campaign, the latest first, with what each raised. */
  campaigns: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/campaigns',
    response: staffCampaignsResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Campañas de donaciones con lo recaudado',
  }),
  /** A new campaign (audited as giving.campaign.save). */
  createCampaign: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/campaigns',
    body: campaignRequestSchema,
    response: staffCampaignResponseSchema,
    status: 201,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Crear una campaña',
  }),
  /** Edits a campaign's name, goal or dates (audited as giving.campaign.save). */
  updateCampaign: defineOperation({
    method: 'PUT',
    path: '/api/giving/staff/campaigns/:id',
    params: campaignParamsSchema,
    body: campaignRequestSchema,
    response: staffCampaignResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Editar una campaña (nombre, meta, fechas)',
  }),
};

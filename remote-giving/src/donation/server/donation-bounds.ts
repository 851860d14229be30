import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext, ServerSettings } from 'shared/server/api-contract';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { documentRoutes } from 'shared/server/publishing/routes';
import {
  donationDocument,
  donationSettings,
  donationSettingsTexts,
  PROVIDER_MIN_COP,
  type DonationSettings,
} from '../../../manifest/documents';
import { donationOperations } from '../operations';
import type { DonationBounds } from '../schemas';

/**
 * The bounds a donation must be within now: what finanzas published (#28) inside the outer limits of the site's
 * configuration (DONATION_MIN_COP / DONATION_MAX_COP, what the provider contract allows) and never below the
 * provider's minimum. Read at each donation, so a publication applies to the next one. A publication cannot leave
 * them empty (see `checkWithinSettings`); if the configuration later narrows so they are, the configuration rules.
 */
export function donationBoundsNow(
  settings: ServerSettings['donationBounds'],
  published: DonationSettings = donationSettings(),
): DonationBounds {
  const min = Math.max(published.min, settings.min, PROVIDER_MIN_COP);
  const max = Math.min(published.max, settings.max);
  return min <= max ? { min, max } : { min: settings.min, max: settings.max };
}

/** Refuses a published minimum under the configuration's or a maximum over it, on its field (the schema cannot know them). */
function checkWithinSettings(body: DonationSettings, ctx: ApiContext): void {
  const outer = ctx.settings.donationBounds;
  const fields: Record<string, string> = {};
  if (body.min < outer.min) fields.min = donationSettingsTexts.minBelowSettings(outer.min);
  if (body.max > outer.max) fields.max = donationSettingsTexts.maxAboveSettings(outer.max);
  const first = Object.values(fields)[0];
  if (first) throw new ApiError(400, 'validation_error', first, fields);
}

/**
 * The donation bounds the server applies, so the donation page states them next to the custom amount and checks them
 * as it is typed (#17) instead of revealing them only in a refusal; and finanzas' staff API of the published presets,
 * bounds and texts (#28). The page is a convenience: the contribution route decides every amount against the same bounds.
 */
export const donationBoundsRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(app, donationOperations.donationBounds, async () => donationBoundsNow(ctx.settings.donationBounds));
  await app.register(documentRoutes(donationDocument, { check: checkWithinSettings }), ctx);
};

import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { route } from 'shared/server/operation-routes';
import { donationOperations } from '../operations';

/**
 * The donation bounds the server applies (DONATION_MIN_COP / DONATION_MAX_COP), so the donation page states them next
 * to the custom amount and checks them as it is typed (#17) instead of revealing them only in a refusal. The page is a
 * convenience: the contribution route still decides every amount against the same settings.
 */
export const donationBoundsRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(app, donationOperations.donationBounds, async () => {
    const { min, max } = ctx.settings.donationBounds;
    return { min, max };
  });
};

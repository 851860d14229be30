import type { FastifyPluginAsync } from 'fastify';
import { registerStaffRoutes } from 'shared/server/staff-guard';
import type { CommunityContext } from './acknowledge';

/** The staff's community inbox under /api/community/staff/inbox/… (lists, records, 'Contactado' marks, CSV exports). */
export const communityInboxRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, async () => {
    // Routes follow.
  });
};

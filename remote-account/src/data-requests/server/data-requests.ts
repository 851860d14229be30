import type { FastifyInstance } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { scheduleRetention } from 'shared/server/personal-data/retention';
import { sitePersonalData, type PersonalDataFactory } from './personal-data';
import { dataRequestStaffRoutes } from './staff';
import { dataRequestVisitorRoutes } from './visitor';

/** Options of the data requests (tests): the clock, and the personal-data engine (the site's by default). */
export interface DataRequestOptions {
  now?: () => Date;
  personalData?: PersonalDataFactory;
}

/**
 * The data subject's requests (Ley 1581): the visitor's routes and the team's, inside the account API's plugin; and the
 * daily retention job, which runs the same personal-data engine.
 */
export async function registerDataRequests(app: FastifyInstance, ctx: ApiContext, options: DataRequestOptions = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  const personalData = (options.personalData ?? sitePersonalData)(ctx);
  await app.register(dataRequestVisitorRoutes, { ...ctx, now });
  await app.register(dataRequestStaffRoutes, { ...ctx, now, personalData });
  // The site's retention of personal data (every domain's records, by the same registry as the erasure), once a day.
  const stopRetention = scheduleRetention(ctx, { now, log: app.log });
  app.addHook('onClose', async () => stopRetention());
}

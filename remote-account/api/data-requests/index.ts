import type { FastifyInstance } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { unavailablePersonalData, type PersonalDataFactory } from './personal-data';
import { dataRequestStaffRoutes } from './staff';
import { dataRequestVisitorRoutes } from './visitor';

export { dataRequestCompletionMigration, dataRequestsMigration } from './migrations';

/** Options of the data requests (tests): the clock, and the personal-data engine (a fake until the real one is wired). */
export interface DataRequestOptions {
  now?: () => Date;
  personalData?: PersonalDataFactory;
}

/** The data subject's requests (Ley 1581): the visitor's routes and the team's, inside the account API's plugin. */
export async function registerDataRequests(app: FastifyInstance, ctx: ApiContext, options: DataRequestOptions = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  const personalData = (options.personalData ?? unavailablePersonalData)(ctx);
  await app.register(dataRequestVisitorRoutes, { ...ctx, now });
  await app.register(dataRequestStaffRoutes, { ...ctx, now, personalData });
}

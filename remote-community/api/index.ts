import type { ApiModule } from 'shared/server/api-module';
import { communityMigrations } from './migrations';
import { newsletterRoutes } from './newsletter';

/** Community API: newsletter now; volunteers, allies, PQRSF and inquiries arrive with their forms. */
export const communityApi: ApiModule = {
  name: 'community',
  description: 'Boletín, voluntarios, aliados, PQRSF y consultas de talleres',
  migrations: communityMigrations,
  plugin: async (app, ctx) => {
    await app.register(newsletterRoutes, ctx);
  },
};

export default communityApi;

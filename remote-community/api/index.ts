import type { ApiModule } from 'shared/server/api-module';
import { formRoutes } from './forms';
import { communityMigrations } from './migrations';
import { newsletterRoutes } from './newsletter';
import { pqrsfRoutes } from './pqrsf';

/** Community API: newsletter, volunteers, allies, PQRSF filing and lookup, workshop inquiries, custom-software requests. */
export const communityApi: ApiModule = {
  name: 'community',
  description: 'Boletín, voluntarios, aliados, PQRSF y consultas de talleres',
  migrations: communityMigrations,
  plugin: async (app, ctx) => {
    await app.register(newsletterRoutes, ctx);
    await app.register(formRoutes, ctx);
    await app.register(pqrsfRoutes, ctx);
  },
};

export default communityApi;

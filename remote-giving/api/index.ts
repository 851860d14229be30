import type { ApiModule } from 'shared/server/api-module';

/** Giving API: its routes arrive with the issue that builds this remote's flows. */
export const givingApi: ApiModule = {
  name: 'giving',
  description: 'Donaciones y contribuciones',
  migrations: { schema: 'giving', migrations: {} },
  plugin: async () => {},
};

export default givingApi;

import type { ApiModule } from 'shared/server/api-module';

/** Account API: its routes arrive with the issue that builds this remote's flows. */
export const accountApi: ApiModule = {
  name: 'account',
  description: 'Cuentas, Mis Cursos y certificados',
  migrations: { schema: 'account', migrations: {} },
  plugin: async () => {},
};

export default accountApi;

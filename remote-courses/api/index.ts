import type { ApiModule } from 'shared/server/api-module';

/** Courses API: its routes arrive with the issue that builds this remote's flows. */
export const coursesApi: ApiModule = {
  name: 'courses',
  description: 'Cursos, inscripciones y pagos de cursos',
  migrations: { schema: 'courses', migrations: {} },
  plugin: async () => {},
};

export default coursesApi;

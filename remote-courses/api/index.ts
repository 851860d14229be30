import type { ApiModule } from 'shared/server/api-module';
import { enrolmentRoutes } from './enrolments';
import { coursesMigrations } from './migrations';
import { paymentRoutes } from './payments';

/** Courses API: enrolments (leads), checkout priced from the catalogue, signed payment notifications and status sync. */
export const coursesApi: ApiModule = {
  name: 'courses',
  description: 'Cursos, inscripciones y pagos de cursos',
  migrations: coursesMigrations,
  plugin: async (app, ctx) => {
    await app.register(enrolmentRoutes, ctx);
    await app.register(paymentRoutes, ctx);
  },
};

export default coursesApi;

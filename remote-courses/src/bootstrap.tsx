import { startStandalone } from 'shared/ui/standalone-app';
import type { ScreenModule } from 'shared/ui/standalone-routes';
import { coursesRoutes } from '../manifest/routes';

/**
 * The public screens by file name (`CoursePage` → `course-page`, shared/ui/standalone-routes), each in its feature
 * folder; one chunk each, as the exposes (webpack.config.mjs) give the shell.
 */
const screens: Record<string, () => Promise<ScreenModule>> = {
  'course-page': () => import('./catalogue/course-page'),
  'learn-and-help-page': () => import('./catalogue/learn-and-help-page'),
  'learning-processes-page': () => import('./catalogue/learning-processes-page'),
  'puentes-page': () => import('./catalogue/puentes-page'),
  'enrolment-page': () => import('./enrolment/enrolment-page'),
  'payment-result-page': () => import('./payments/payment-result-page'),
  'certificate-verification-page': () => import('./certificates/certificate-verification-page'),
};

/** Runs this remote alone for development: its own routes (its manifest's) with the shared contract, no shell. */
startStandalone(coursesRoutes, (file) => screens[file]?.() ?? Promise.reject(new Error(`Pantalla desconocida: ${file}`)));

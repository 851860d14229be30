import { startStandalone } from 'shared/ui/standalone-app';
import { accountRoutes } from '../manifest/routes';
import type { ScreenModule } from 'shared/ui/standalone-routes';

/** The public screens by their file name (`screenFile` of the route's screen), each in its feature folder. */
const screens: Record<string, () => Promise<ScreenModule>> = {
  'login-page': () => import('./session/login-page'),
  'register-page': () => import('./registration/register-page'),
  'confirm-email-page': () => import('./registration/confirm-email-page'),
  'mis-cursos-page': () => import('./mis-cursos/mis-cursos-page'),
  'data-rights-page': () => import('./data-requests/data-rights-page'),
};

/** Runs this remote alone for development: its own routes (its manifest's) with the shared contract, no shell. */
startStandalone(accountRoutes, (file) => screens[file]?.() ?? Promise.reject(new Error(`Pantalla desconocida: ${file}`)));

import { startStandalone } from 'shared/ui/standalone-app';
import { communityRoutes } from '../manifest/routes';

/** The feature folder of a public screen's file (`pqrsf-lookup-page` → `pqrsf/`); the forms' pages are in `forms/`. */
const featureOf = (file: string) => (file.startsWith('pqrsf-') ? 'pqrsf' : file.startsWith('newsletter-') ? 'newsletter' : 'forms');

/** Runs this remote alone for development: its own routes (its manifest's) with the shared contract, no shell. */
// Component tests sit beside the screens (*.test.tsx): the include pattern leaves them out, so they never become chunks.
startStandalone(
  communityRoutes,
  (file) => import(/* webpackInclude: /\/(forms|pqrsf|newsletter)\/[a-z-]+\.tsx$/ */ `./${featureOf(file)}/${file}.tsx`),
);

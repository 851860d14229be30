import { startStandalone } from 'shared/ui/standalone-app';
import { communityRoutes } from '../manifest/routes';

/** Runs this remote alone for development: its own routes (its manifest's) with the shared contract, no shell. */
// Component tests sit beside the screens (*.test.tsx): they must not become chunks of the build.
startStandalone(communityRoutes, (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `./screens/${file}.tsx`));

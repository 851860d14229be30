import { startStandalone } from 'shared/ui/standalone-app';

/** Runs this remote alone for development: its own routes with the shared contract, no shell. */
// Component tests sit beside the screens (*.test.tsx): they must not become chunks of the build.
startStandalone('giving', (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `./screens/${file}.tsx`));

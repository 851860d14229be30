import { startStandalone } from 'shared/ui/standalone-app';

/** Runs this remote alone for development: its own routes with the shared contract, no shell. */
// The public screens (the only ones served alone) are the donation feature's: donation-page, transaction-result-page.
// Component tests sit beside the screens (*.test.tsx): they must not become chunks of the build.
startStandalone('giving', (file) => import(/* webpackExclude: /\.test\.tsx$/ */ `./donation/${file}.tsx`));

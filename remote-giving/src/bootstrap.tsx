import { startStandalone } from 'shared/ui/standalone-app';
import { givingRoutes } from '../manifest/routes';

/** Runs this remote alone for development: its own routes (its manifest's) with the shared contract, no shell. */
// The public screens (the only ones served alone) are the donation feature's (donation-page, transaction-result-page)
// monthly giving's (monthly-*) and Mis donaciones (mine/). Component tests sit beside the screens (*.test.tsx): they
// must not become chunks.
startStandalone(givingRoutes, (file) =>
  file.startsWith('monthly-')
    ? import(/* webpackExclude: /\.test\.tsx$/ */ `./monthly/${file}.tsx`)
    : file.startsWith('mis-donaciones')
      ? import(/* webpackExclude: /\.test\.tsx$/ */ `./mine/${file}.tsx`)
      : import(/* webpackExclude: /\.test\.tsx$/ */ `./donation/${file}.tsx`),
);

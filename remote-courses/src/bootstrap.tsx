import { startStandalone } from 'shared/ui/standalone-app';

/** Runs this remote alone for development: its own routes with the shared contract, no shell. */
startStandalone('courses', (file) => import(`./screens/${file}.tsx`));

// Clean-up: every started process or browser registers how to stop it; the entry runs them on success, on error and
// on SIGINT/SIGTERM, so an interrupted bench leaves no site, Chromium or Lighthouse behind.
import { TIMEOUTS, message, withTimeout } from './common.mjs';

/** @type {Array<{ name: string, stop: () => Promise<void> }>} */
const cleanups = [];

/** Set by SIGINT/SIGTERM: from then on nothing new is started. */
let aborting = false;

export const isAborting = () => aborting;

/** Throws once the run was interrupted, so no phase starts a process or browser after the clean-up began. */
export function checkAborted() {
  if (aborting) throw new Error('interrupted');
}

/** @param {string} name @param {() => Promise<void>} stop @returns {() => void} unregisters */
export function onCleanup(name, stop) {
  if (aborting) {
    void stop();
    throw new Error(`interrupted: stopped ${name} at once`);
  }
  const entry = { name, stop };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Stops everything still registered, newest first; a stop that fails or hangs is reported, not thrown. */
export async function runCleanups() {
  while (cleanups.length) {
    const entry = /** @type {{ name: string, stop: () => Promise<void> }} */ (cleanups.pop());
    try {
      await withTimeout(entry.stop(), TIMEOUTS.stop + 5_000, `stopping ${entry.name}`);
    } catch (err) {
      console.error(`  (limpieza) ${message(err)}`);
    }
  }
}

/** On SIGINT/SIGTERM: stop starting things, clean up, exit 130. */
export function cleanUpOnSignals() {
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      aborting = true;
      console.error(`\n${signal}: stopping the site, the browsers and Lighthouse…`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}

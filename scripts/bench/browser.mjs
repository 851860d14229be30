// Chromium as both browser measurements use it: Debian's /usr/bin/chromium, headless, and unable to reach any host
// but loopback.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { checkAborted, onCleanup } from './cleanup.mjs';
import { TIMEOUTS, withTimeout } from './common.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Any host but loopback goes to a closed port: the benchmark never reaches outside 127.0.0.1. */
const NO_OUTSIDE_NETWORK = '--proxy-server=http://127.0.0.1:9';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  NO_OUTSIDE_NETWORK,
];
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  NO_OUTSIDE_NETWORK,
];
/** Lighthouse's default mobile screen (Moto G Power), so the first-load numbers see what its run sees. */
export const MOBILE_VIEWPORT = { width: 412, height: 823 };

/** Launches Chromium, registered for clean-up until `close` is called. */
export async function launchBrowser() {
  checkAborted();
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} does not exist`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: TIMEOUTS.browserLaunch });
  const unregister = onCleanup('Chromium', () => browser.close());
  return {
    browser,
    close: async () => {
      unregister();
      await withTimeout(browser.close(), TIMEOUTS.stop, 'closing Chromium');
    },
  };
}

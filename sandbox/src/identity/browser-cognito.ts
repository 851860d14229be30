import type * as CognitoIdentity from 'amazon-cognito-identity-js';

/**
 * amazon-cognito-identity-js (the browser's Cognito client) for tests that drive the emulator as the browser does.
 *
 * The library chooses its big-number multiply when it loads, from `navigator.appName`: every browser reports
 * 'Netscape' and gets integer arithmetic (am3). Node 21 and later have a global `navigator` without appName, which
 * selects am1 (a Math.floor per digit): a path no browser takes, and one that Jest's vm context runs some 45 times
 * slower (on Node 24 one sign-in computed for 10 s and the emulator cut the connection). So the environment gets the
 * navigator a browser has for that choice, and only then the library is loaded (Jest evaluates a CommonJS package when
 * the importing module is linked, so a static import would run before this).
 */
export async function loadBrowserCognito(): Promise<typeof CognitoIdentity> {
  const userAgent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  Object.defineProperty(globalThis, 'navigator', { value: { appName: 'Netscape', userAgent }, configurable: true, writable: true });
  return import('amazon-cognito-identity-js');
}

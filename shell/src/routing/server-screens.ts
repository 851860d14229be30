import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '../../../site/routes';

export type ScreenComponent = ComponentType<Record<string, string>>;

/**
 * Present only in the gateway's render: a remote's screen from the server build the gateway has loaded for that
 * remote, or null when it has none in time (down, slow, built for another contract) — then that part is left to
 * the browser, and the rest of the page is still rendered.
 */
export type ServerScreenLookup = (remote: RemoteName, screen: string) => ScreenComponent | null;

export const ServerScreensContext = createContext<ServerScreenLookup | null>(null);

/** Digest the server gives a part it leaves to the browser on purpose; the browser does not report it as an error. */
export const LEFT_TO_BROWSER_DIGEST = 'parte-en-navegador';

export class LeftToBrowser extends Error {
  readonly digest = LEFT_TO_BROWSER_DIGEST;
  constructor(what: string) {
    super(`${what}: se muestra en el navegador`);
  }
}

/**
 * What the staff published (#28), as every page, e-mail and PDF of this JavaScript realm reads it: one snapshot of the
 * published documents, the same for every visitor (never per person), replaced as a whole when something is published.
 *
 * - On the server, each process loads it from the database and checks for a newer one every few seconds
 *   (shared/server/publishing/refresh.ts); the gateway's and the remotes' server builds run in that same realm, so a
 *   render reads what the process read.
 * - In the browser, the page the server sent carries the snapshot it was rendered with, as JSON in
 *   `<script id="published-content">`; the first read parses it, so hydration sees exactly what the server rendered.
 *
 * One realm-wide slot (a global symbol) rather than module state: the shell and each remote bundle their own copy of
 * this module, and they must all read the same snapshot.
 */

/** The published documents by name (`<domain>.<name>`), and a version that changes whenever any of them does. */
export interface PublishedSnapshot {
  version: string;
  documents: Readonly<Record<string, unknown>>;
  /**
   * In a browser, the page the snapshot was cut for (a collection carries only what that page needs); absent on the
   * server, which holds everything.
   */
  pathname?: string;
}

/** The element a server-rendered page carries the snapshot in. */
export const PUBLISHED_ELEMENT_ID = 'published-content';

const SLOT = Symbol.for('fundacion.published-snapshot');
type Realm = typeof globalThis & { [SLOT]?: PublishedSnapshot };
const realm = globalThis as Realm;

const empty: PublishedSnapshot = { version: 'defaults', documents: {} };

/** Reads the page's snapshot once, in a browser; an absent or unreadable element leaves the defaults. */
function fromPage(): PublishedSnapshot {
  if (typeof document === 'undefined') return empty;
  const element = document.getElementById(PUBLISHED_ELEMENT_ID);
  if (!element?.textContent) return empty;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<PublishedSnapshot>;
    if (typeof parsed.version === 'string' && parsed.documents && typeof parsed.documents === 'object')
      return {
        version: parsed.version,
        documents: parsed.documents,
        ...(typeof parsed.pathname === 'string' ? { pathname: parsed.pathname } : {}),
      };
  } catch {
    // A page without a readable snapshot shows the defaults; it never breaks the page.
  }
  return empty;
}

/** The snapshot this realm reads now. */
export function publishedSnapshot(): PublishedSnapshot {
  return (realm[SLOT] ??= fromPage());
}

/** Replaces the snapshot (the server's refresh; tests). */
export function setPublishedSnapshot(snapshot: PublishedSnapshot): void {
  realm[SLOT] = snapshot;
}

/** Forgets the snapshot, so the next read starts again from the page or the defaults (tests). */
export function resetPublishedSnapshot(): void {
  realm[SLOT] = undefined;
}

/** A published document, or `fallback` (its first-start defaults) while nothing was published. */
export function publishedDocument<T>(name: string, fallback: T): T {
  const value = publishedSnapshot().documents[name];
  return value === undefined ? fallback : (value as T);
}

/**
 * An object that reads a published document's top-level fields at each access, for modules that import a document
 * once and read it for years (`site.contact.email`): what they read is always the current snapshot's. Nested values
 * are the snapshot's own, so read them through the view at the time they are needed, never keep them.
 */
export function liveDocument<T extends object>(name: string, defaults: T): T {
  const view = {} as T;
  for (const key of Object.keys(defaults) as (keyof T & string)[])
    Object.defineProperty(view, key, { enumerable: true, get: () => publishedDocument(name, defaults)[key] });
  return Object.freeze(view);
}

/** The snapshot as the JSON a page carries (`<` escaped so no text in it can close the script element). */
export function snapshotJson(snapshot: PublishedSnapshot): string {
  return JSON.stringify(snapshot).replace(/</g, '\\u003c');
}

/** A path as the server reads it: percent-escapes decoded (a malformed one is kept as written). */
const decoded = (p: string) => {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
};

/**
 * Lower case, decoded, without a trailing slash, as the route table matches paths: `/bl%6fg` is the `/blog` the server
 * cut the page for (compared as written, the page reloaded itself for ever: security review #28).
 */
const samePath = (a: string, b: string) => {
  const plain = (p: string) => {
    const path = decoded(p);
    return (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
  };
  return plain(a) === plain(b);
};

/**
 * A collection's live items (`{ [key]: item }`) as the page at `pathname` may read them: on the server every item; in
 * a browser what the page was sent with (the collection's `browserFor` for it). Null when this realm's snapshot was cut
 * for another page (the visitor came here by client navigation): the screen then asks the server for the page.
 */
export function publishedItems<T>(
  name: string,
  defaults: Readonly<Record<string, T>>,
  pathname: string,
): Readonly<Record<string, T>> | null {
  const snapshot = publishedSnapshot();
  if (snapshot.pathname !== undefined && !samePath(snapshot.pathname, pathname)) return null;
  return publishedDocument(name, defaults);
}

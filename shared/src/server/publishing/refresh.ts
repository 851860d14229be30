import type { FastifyBaseLogger } from 'fastify';
import { isCollection, type Publishable, type PublishedCollection, type PublishedDocument } from '../../publishing/document';
import { publishedSnapshot, setPublishedSnapshot, type PublishedSnapshot } from '../../publishing/snapshot';
import type { SiteDb } from '../database';
import { firstPublications, liveRevisions, readBody, readItem, revisionBodies } from './revisions';

/** How often a process asks whether anything new went live (PUBLISHED_REFRESH_MS): a publication reaches every page within it. */
export const DEFAULT_REFRESH_MS = 2000;

export interface PublishingRefresh {
  /** Loads what is live now, if it changed (a publish calls it before answering, so its own process shows it at once). */
  refresh(): Promise<void>;
  stop(): void;
}

/** `site.foundation@3,courses.catalogue@7`: changes exactly when what a visitor sees does. */
const versionOf = (live: ReadonlyMap<string, number>) =>
  [...live]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, revision]) => `${name}@${revision}`)
    .join(',') || 'defaults';

/**
 * Keeps this process's snapshot (shared/publishing/snapshot) equal to what is published: asks every `intervalMs` which
 * revision of each declared document is live — a scheduled publication goes live by the clock, with no write — and
 * loads the bodies when that changed. Each body is read through its document's schema, so a page never receives a shape
 * it does not know. A failed read keeps the last snapshot (the pages keep working) and is logged.
 */
export function startPublishingRefresh(
  db: SiteDb,
  declared: readonly Publishable[],
  options: { intervalMs?: number; log?: FastifyBaseLogger; ready?: Promise<void> } = {},
): PublishingRefresh {
  const byName = new Map(declared.filter((d): d is PublishedDocument => !isCollection(d)).map((d) => [d.name, d]));
  const collections = new Map(declared.filter(isCollection).map((c) => [c.name, c]));
  // A collection's items are asked for by its prefix (`<name>/`).
  const asked = [...byName.keys(), ...[...collections.keys()].map((n) => `${n}/`)];
  let running: Promise<void> | null = null;
  let stopped = false;

  const load = async () => {
    const live = await liveRevisions(db, asked);
    const version = versionOf(live);
    if (version === publishedSnapshot().version) return;
    const bodies = await revisionBodies(db, live);
    const next: Record<string, unknown> = {};
    const items = new Map<string, Map<string, unknown>>();
    const stamped = [...collections.values()].filter((c) => c.firstPublished);
    const firsts = stamped.length
      ? await firstPublications(
          db,
          stamped.map((c) => c.name),
        )
      : new Map<string, string>();
    for (const [name, body] of bodies) {
      const doc = byName.get(name);
      if (doc) next[name] = readBody(doc, body);
      const slash = name.indexOf('/');
      const collection = slash > 0 ? collections.get(name.slice(0, slash)) : undefined;
      if (!collection) continue;
      // Each collection starts from its defaults; a published item replaces its default, an archived one removes it.
      const all = items.get(collection.name) ?? new Map<string, unknown>(Object.entries(collection.defaults));
      const key = name.slice(slash + 1);
      const item = readItem(collection, body);
      const first = firsts.get(name);
      if (item === null) all.delete(key);
      else all.set(key, first && collection.firstPublished ? collection.firstPublished(item, first) : item);
      items.set(collection.name, all);
    }
    for (const [name, all] of items) next[name] = Object.fromEntries(all);
    const snapshot: PublishedSnapshot = { version, documents: next };
    setPublishedSnapshot(snapshot);
    options.log?.info({ published: version }, 'published content loaded');
  };

  const refresh = async () => {
    if (stopped || !asked.length) return;
    running ??= load()
      .catch((err: unknown) => options.log?.error({ err }, 'could not read the published content; the last one stays'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  let timer: NodeJS.Timeout | null = null;
  void (options.ready ?? Promise.resolve())
    .then(async () => {
      await refresh();
      if (stopped) return;
      timer = setInterval(() => void refresh(), options.intervalMs ?? DEFAULT_REFRESH_MS);
      // The refresh never keeps a process (or a test) alive by itself.
      timer.unref();
    })
    .catch(() => undefined);

  return {
    refresh,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}

/**
 * What a page carries for the browser, under the snapshot's version: the documents public screens read, and of each
 * collection what its `browserFor` gives for this page (its items by default when nothing was published); the page's
 * path goes with it, so a screen reached by client navigation knows whether this page carried what it needs.
 */
export function browserSnapshot(snapshot: PublishedSnapshot, declared: readonly Publishable[], pathname?: string): PublishedSnapshot {
  const documents: Record<string, unknown> = {};
  for (const d of declared) {
    if (isCollection(d)) {
      if (pathname === undefined || !d.browserFor) continue;
      const c = d as PublishedCollection;
      const items = (snapshot.documents[c.name] ?? c.defaults) as Readonly<Record<string, unknown>>;
      const projected = c.browserFor?.(pathname, items);
      if (projected !== undefined) documents[c.name] = projected;
    } else if (d.browser && d.name in snapshot.documents) {
      // Only what public screens read (browserView): a certificate's signers stay on the server.
      const body = snapshot.documents[d.name];
      documents[d.name] = d.browserView ? d.browserView(body) : body;
    }
  }
  return { version: snapshot.version, documents, ...(pathname === undefined ? {} : { pathname }) };
}

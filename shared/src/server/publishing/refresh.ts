import type { FastifyBaseLogger } from 'fastify';
import type { PublishedDocument } from '../../publishing/document';
import { publishedSnapshot, setPublishedSnapshot, type PublishedSnapshot } from '../../publishing/snapshot';
import type { SiteDb } from '../database';
import { liveRevisions, readBody, revisionBodies } from './revisions';

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
  documents: readonly PublishedDocument[],
  options: { intervalMs?: number; log?: FastifyBaseLogger; ready?: Promise<void> } = {},
): PublishingRefresh {
  const byName = new Map(documents.map((d) => [d.name, d]));
  let running: Promise<void> | null = null;
  let stopped = false;

  const load = async () => {
    const live = await liveRevisions(db, [...byName.keys()]);
    const version = versionOf(live);
    if (version === publishedSnapshot().version) return;
    const bodies = await revisionBodies(db, live);
    const next: Record<string, unknown> = {};
    for (const [name, body] of bodies) {
      const doc = byName.get(name);
      if (doc) next[name] = readBody(doc, body);
    }
    const snapshot: PublishedSnapshot = { version, documents: next };
    setPublishedSnapshot(snapshot);
    options.log?.info({ published: version }, 'published content loaded');
  };

  const refresh = async () => {
    if (stopped || !byName.size) return;
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

/** What a page carries for the browser: the documents public screens read, under the snapshot's version. */
export function browserSnapshot(snapshot: PublishedSnapshot, documents: readonly PublishedDocument[]): PublishedSnapshot {
  const wanted = new Map(documents.filter((d) => d.browser).map((d) => [d.name, d]));
  return {
    version: snapshot.version,
    documents: Object.fromEntries(
      Object.entries(snapshot.documents).flatMap(([name, body]) => {
        const doc = wanted.get(name);
        return doc ? [[name, doc.browserView ? doc.browserView(body) : body]] : [];
      }),
    ),
  };
}

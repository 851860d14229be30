import { sql, type Generated } from 'kysely';
import type { Schema } from '../../api/operation';
import type { PublishedCollection, PublishedDocument, RevisionSummary } from '../../publishing/document';
import type { z } from '../../schemas/zod';
import type { DomainMigrations } from '../db';
import type { CreatedTimestamp, NullableTimestamp, SiteDb } from '../database';
import { ApiError } from '../http';

/**
 * The revisions of every published document (#28): one row per save, never updated except to set or clear its
 * publication time. A site-wide table, like the consent proofs: each domain declares its documents (their names start
 * with the domain's) and only the kit writes here, so a domain never reads another's rows, and one refresh serves every
 * page of a process. What visitors see is, per document, the revision with the latest publication time already past;
 * a time still ahead is a scheduled publication, which goes live by the clock alone (no job to run it).
 */
export interface RevisionsTable {
  id: Generated<string>;
  document: string;
  revision: number;
  body: unknown;
  saved_by: string;
  saved_at: CreatedTimestamp;
  published_at: NullableTimestamp;
  published_by: string | null;
}

declare module '../database' {
  interface Database {
    'publishing.revisions': RevisionsTable;
  }
}

/** Migrated by every process that serves an API: each of them serves what was published. */
export const publishingMigrations: DomainMigrations = {
  schema: 'publishing',
  migrations: {
    '001_revisions': {
      async up(db) {
        await db.schema
          .withSchema('publishing')
          .createTable('revisions')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('document', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .addColumn('body', 'jsonb', (c) => c.notNull())
          .addColumn('saved_by', 'text', (c) => c.notNull())
          .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('published_at', 'timestamptz')
          .addColumn('published_by', 'text')
          .addUniqueConstraint('revisions_document_revision', ['document', 'revision'])
          .execute();
        await sql`create index revisions_published on publishing.revisions (document, published_at desc) where published_at is not null`.execute(
          db,
        );
      },
    },
  },
};

/** The rows of a collection's items (`<name>/…`): starts_with, not LIKE, where a name's `_` would be a wildcard. */
const startsWith = (prefix: string) => sql<boolean>`starts_with(document, ${prefix})`;

/** How the kit's answers and errors read (Spanish, for the panel). */
export const publishingTexts = {
  conflict: (revision: number, by: string) =>
    `Otra persona (${by}) guardó este documento mientras lo editabas (versión ${revision}). Tus cambios siguen en el formulario: ` +
    'recarga en otra pestaña para ver los suyos y vuelve a guardar.',
  scheduleInPast: 'La fecha de publicación ya pasó: publica ahora o elige una fecha futura.',
  scheduleTooFar: 'Programa la publicación para dentro de un año como máximo.',
  revisionNotFound: 'Esa versión no existe.',
  nothingScheduled: 'No hay ninguna publicación programada.',
  itemNotFound: 'Ese elemento no existe.',
} as const;

type Row = {
  revision: number;
  body: unknown;
  saved_by: string;
  saved_at: Date;
  published_at: Date | null;
  published_by: string | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const summary = (r: Row): RevisionSummary => ({
  revision: r.revision,
  saved_by: r.saved_by,
  saved_at: new Date(r.saved_at).toISOString(),
  published_at: iso(r.published_at),
  published_by: r.published_by,
});

/** A revision's body as the document's schema reads it now; a body an older schema wrote falls back to the defaults. */
export function readBody<S extends Schema>(doc: PublishedDocument<S>, body: unknown): z.output<S> {
  const parsed = doc.schema.safeParse(body);
  return parsed.success ? (parsed.data as z.output<S>) : doc.defaults;
}

const columns = ['revision', 'body', 'saved_by', 'saved_at', 'published_at', 'published_by'] as const;

/** The document's state for its staff screen: published, draft, scheduled, the defaults and the latest 50 revisions. */
export async function documentState<S extends Schema>(db: SiteDb, doc: PublishedDocument<S>, now = new Date()) {
  const rows: Row[] = await db
    .selectFrom('publishing.revisions')
    .select(columns)
    .where('document', '=', doc.name)
    .orderBy('revision', 'desc')
    .limit(50)
    .execute();
  const withBody = (r: Row | undefined) => (r ? { ...summary(r), body: readBody(doc, r.body) } : null);
  const live = (r: Row) => r.published_at !== null && new Date(r.published_at) <= now;
  // The live one may be older than the latest 50 saves: asked for on its own then.
  let published = rows.filter(live).sort((a, b) => +new Date(b.published_at ?? 0) - +new Date(a.published_at ?? 0))[0];
  if (!published)
    published = await db
      .selectFrom('publishing.revisions')
      .select(columns)
      .where('document', '=', doc.name)
      .where('published_at', '<=', now)
      .orderBy('published_at', 'desc')
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
  const scheduled = rows.find((r) => r.published_at !== null && new Date(r.published_at) > now);
  const newestPublication = Math.max(published?.revision ?? 0, scheduled?.revision ?? 0);
  const draft = rows[0] && rows[0].published_at === null && rows[0].revision > newestPublication ? rows[0] : undefined;
  return {
    published: withBody(published),
    draft: withBody(draft),
    scheduled: withBody(scheduled),
    defaults: doc.defaults,
    history: rows.map(summary),
    latest_revision: rows[0]?.revision ?? 0,
  };
}

/** One saved revision with its body, or 404. */
export async function documentRevision<S extends Schema>(db: SiteDb, doc: PublishedDocument<S>, revision: number) {
  const row = await db
    .selectFrom('publishing.revisions')
    .select(columns)
    .where('document', '=', doc.name)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', publishingTexts.revisionNotFound);
  return { ...summary(row), body: readBody(doc, row.body) };
}

/**
 * Saves a new revision of `doc` (a draft, or published at `publishAt`), refusing with 409 when someone saved after the
 * revision the member started from. Publishing now also cancels a publication scheduled earlier: it would otherwise
 * bring back older content when its time came. Runs in the caller's transaction (with its audit row).
 */
export async function saveRevision<S extends Schema>(
  trx: SiteDb,
  doc: PublishedDocument<S>,
  input: { body: z.output<S>; by: string; baseRevision: number | undefined; publishAt?: Date | null; now?: Date },
): Promise<{ revision: number; cancelledSchedule: number | null }> {
  // One writer at a time: two members saving at once cannot both pass the check below.
  await sql`lock table publishing.revisions in share row exclusive mode`.execute(trx);
  const latest = await trx
    .selectFrom('publishing.revisions')
    .select(['revision', 'saved_by'])
    .where('document', '=', doc.name)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  const latestRevision = latest?.revision ?? 0;
  if (latest && input.baseRevision !== latestRevision)
    throw new ApiError(409, 'document_changed', publishingTexts.conflict(latestRevision, latest.saved_by));
  const now = input.now ?? new Date();
  let cancelledSchedule: number | null = null;
  if (input.publishAt !== undefined) {
    // Any publication still ahead is replaced: one scheduled at a time, and a publication now supersedes it.
    const pending = await trx
      .updateTable('publishing.revisions')
      .set({ published_at: null, published_by: null })
      .where('document', '=', doc.name)
      .where('published_at', '>', now)
      .returning('revision')
      .executeTakeFirst();
    cancelledSchedule = pending?.revision ?? null;
  }
  const revision = latestRevision + 1;
  await trx
    .insertInto('publishing.revisions')
    .values({
      document: doc.name,
      revision,
      body: JSON.stringify(input.body),
      saved_by: input.by,
      published_at: input.publishAt === undefined ? null : (input.publishAt ?? now),
      published_by: input.publishAt === undefined ? null : input.by,
    })
    .execute();
  return { revision, cancelledSchedule };
}

/** Cancels the document's scheduled publication (the revision stays, as a save); 404 when none is scheduled. */
export async function cancelSchedule(trx: SiteDb, doc: PublishedDocument, now = new Date()): Promise<number> {
  const row = await trx
    .updateTable('publishing.revisions')
    .set({ published_at: null, published_by: null })
    .where('document', '=', doc.name)
    .where('published_at', '>', now)
    .returning('revision')
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', publishingTexts.nothingScheduled);
  return row.revision;
}

/**
 * Per document, the revision visitors see now (the refresh's cheap question, asked every few seconds). A name ending in
 * `/` stands for a collection: every one of its items (`<name>/<key>`).
 */
export async function liveRevisions(db: SiteDb, names: readonly string[], now = new Date()): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const exact = names.filter((n) => !n.endsWith('/'));
  const prefixes = names.filter((n) => n.endsWith('/'));
  const rows = await db
    .selectFrom('publishing.revisions')
    .select(['document', 'revision'])
    .distinctOn('document')
    .where((eb) => eb.or([...(exact.length ? [eb('document', 'in', exact)] : []), ...prefixes.map((p) => startsWith(p))]))
    .where('published_at', '<=', now)
    .orderBy('document')
    .orderBy('published_at', 'desc')
    .orderBy('revision', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.document, r.revision]));
}

/** When each item of the given collections first went live (`<name>/<key>` → ISO). */
export async function firstPublications(db: SiteDb, collections: readonly string[], now = new Date()): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('publishing.revisions')
    .select(['document', (eb) => eb.fn.min('published_at').as('first')])
    .where((eb) => eb.or(collections.map((n) => startsWith(`${n}/`))))
    .where('published_at', '<=', now)
    .groupBy('document')
    .execute();
  return new Map(rows.flatMap((r) => (r.first ? [[r.document, new Date(r.first as Date).toISOString()] as const] : [])));
}

/** The bodies of the given revisions. */
export async function revisionBodies(db: SiteDb, wanted: ReadonlyMap<string, number>): Promise<Map<string, unknown>> {
  if (!wanted.size) return new Map();
  const rows = await db
    .selectFrom('publishing.revisions')
    .select(['document', 'body'])
    .where((eb) => eb.or([...wanted].map(([document, revision]) => eb.and([eb('document', '=', document), eb('revision', '=', revision)]))))
    .execute();
  return new Map(rows.map((r) => [r.document, r.body]));
}

/**
 * One item of a collection seen as a document of its own (`<name>/<key>`), for the functions above. Its defaults are
 * null, so an archived revision's body (null) reads as null and is never mistaken for the item's defaults.
 */
export function itemDocument<S extends Schema>(c: PublishedCollection<S>, key: string): PublishedDocument<S> {
  return {
    name: `${c.name}/${key}`,
    label: c.label,
    schema: c.schema,
    defaults: null as z.output<S>,
    roles: c.roles,
    path: c.path,
    browser: false,
  };
}

/** An item's body as its schema reads it now, or null (archived, or written by an older schema). */
export function readItem<S extends Schema>(c: PublishedCollection<S>, body: unknown): z.output<S> | null {
  const parsed = c.schema.safeParse(body);
  return parsed.success ? (parsed.data as z.output<S>) : null;
}

/** A collection item's state for its staff screen (a document's, plus whether it was taken off the site). */
export async function itemState<S extends Schema>(db: SiteDb, c: PublishedCollection<S>, key: string, now = new Date()) {
  const doc = itemDocument(c, key);
  const state = await documentState(db, doc, now);
  if (!state.latest_revision && !Object.hasOwn(c.defaults, key)) throw new ApiError(404, 'not_found', publishingTexts.itemNotFound);
  // An archived item's live revision is the empty one: nothing is published.
  const archived = state.published !== null && readItem(c, (state.published as { body: unknown }).body) === null;
  return {
    key,
    ...state,
    published: archived ? null : state.published,
    defaults: Object.hasOwn(c.defaults, key) ? (c.defaults[key] ?? null) : null,
    archived,
  };
}

/** Every item of a collection (the defaults and those saved), with its newest body and where it stands. */
export async function collectionItems<S extends Schema>(db: SiteDb, c: PublishedCollection<S>, now = new Date()) {
  const rows = await db
    .selectFrom('publishing.revisions')
    .select(['document', ...columns])
    .where(startsWith(`${c.name}/`))
    .orderBy('revision', 'desc')
    .execute();
  const byKey = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.document.slice(c.name.length + 1);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const keys = [...new Set([...Object.keys(c.defaults), ...byKey.keys()])];
  return keys
    .map((key) => {
      const revisions = byKey.get(key) ?? [];
      const past = revisions.filter((r) => r.published_at !== null && new Date(r.published_at) <= now);
      const live = past.sort((a, b) => +new Date(b.published_at ?? 0) - +new Date(a.published_at ?? 0) || b.revision - a.revision)[0];
      const scheduled = revisions.find((r) => r.published_at !== null && new Date(r.published_at) > now);
      const newest = revisions[0];
      const archived = live !== undefined && readItem(c, live.body) === null;
      const newestBody = revisions.map((r) => readItem(c, r.body)).find((b) => b !== null) ?? null;
      return {
        key,
        body: (newestBody ?? (Object.hasOwn(c.defaults, key) ? c.defaults[key] : undefined)) as z.output<S>,
        /** The bodies of its live, scheduled and newest revisions: what it shows, will show, or is being written as. */
        bodies: [
          ...[live, scheduled, newest].flatMap((r) => {
            const body = r ? readItem(c, r.body) : null;
            return body === null ? [] : [body as z.output<S>];
          }),
          // A default item never published through the kit shows its default.
          ...(!live && Object.hasOwn(c.defaults, key) ? [c.defaults[key] as z.output<S>] : []),
        ],
        // A default item never saved is on the site (from the defaults) without a publication time.
        live: live ? !archived : Object.hasOwn(c.defaults, key),
        published_at: live && !archived ? iso(live.published_at) : null,
        scheduled_at: scheduled ? iso(scheduled.published_at) : null,
        draft: newest !== undefined && newest.published_at === null,
        archived,
        latest_revision: newest?.revision ?? 0,
      };
    })
    .filter((item) => item.body !== undefined && item.body !== null);
}

import { defineOperation, type Schema } from '../api/operation';
import { z } from '../schemas/zod';
import type { StaffRole } from '../staff-roles';

/**
 * A document the foundation's staff edit and publish from the panel (#28): the foundation's data, the course catalogue,
 * the donation presets, a page's texts. Declared once by the domain that owns it, in its feature folder; the kit
 * (shared/server/publishing) keeps every saved revision, publishes one (now or at a time), and every process serves
 * what was published (shared/publishing/snapshot). Its `schema` is the whole check: the panel's form, the API and the
 * refresh that loads it all parse with it, so what is published always has the shape the pages read.
 */
export interface PublishedDocument<S extends Schema = Schema> {
  /** `<domain>.<name>`: the owning domain first, as in a consent form's name ('site.foundation', 'courses.catalogue'). */
  name: string;
  /** How the panel and the audit name it: 'Datos de la fundación'. */
  label: string;
  schema: S;
  /** What a first start serves while nothing was published (the values the code carried before #28). */
  defaults: z.output<S>;
  /** The roles that save and publish it (anyone else gets 403). */
  roles: readonly StaffRole[];
  /** The staff API's base: `/api/<domain>/staff/publicacion/<slug>`. */
  path: `/api/${string}`;
  /** Whether pages carry it for the browser (a document the public screens read); the server reads every document. */
  browser: boolean;
  /**
   * What of it the pages carry, when not all of it: public screens never need what only the server prints (a
   * certificate's signers), so it stays out of every page's source. Same shape, the rest nulled or emptied.
   */
  browserView?: (body: z.output<S>) => z.output<S>;
}

/** Declares a document; the name's domain must be the path's (a domain publishes only its own). */
export function defineDocument<S extends Schema>(document: PublishedDocument<S>): PublishedDocument<S> {
  checkDomain(document);
  return document;
}

function checkDomain({ name, path }: { name: string; path: string }) {
  const domain = path.split('/')[2];
  if (!name.startsWith(`${domain}.`)) throw new Error(`El documento ${name} no es del dominio ${domain ?? '?'} que lo publica en ${path}.`);
}

/** One saved revision, without its body (the history). */
export const revisionSummarySchema = z.object({
  revision: z.number(),
  saved_by: z.string(),
  saved_at: z.string(),
  /** When it was (or will be) published; null for a draft never published. */
  published_at: z.nullable(z.string()),
  published_by: z.nullable(z.string()),
});
export type RevisionSummary = z.output<typeof revisionSummarySchema>;

/** The query of a save or a publish: the revision the member started from, and for a publication its time. */
export const publishQuerySchema = z.object({
  /** The revision the form was loaded from (none: nothing was saved yet). Another member's newer save answers 409. */
  base_revision: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647))),
  /** ISO instant to publish at (scheduled); absent publishes now. */
  publish_at: z.optional(z.iso.datetime({ offset: true, error: 'Escribe una fecha y hora válidas.' })),
});

// Within PostgreSQL's integer: a larger number is simply not a revision (404), never a database error.
export const revisionParamsSchema = z.object({ revision: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });

/** The operations of one document's staff screen, declared from its declaration (the kit registers them). */
export function documentOperations<S extends Schema>(doc: PublishedDocument<S>) {
  const revision = z.object({ ...revisionSummarySchema.shape, body: doc.schema });
  const state = z.object({
    /** What visitors see now (null: the defaults, nothing was published yet). */
    published: z.nullable(revision),
    /** The latest save, when it is newer than what is published (or scheduled). */
    draft: z.nullable(revision),
    /** A publication waiting for its time. */
    scheduled: z.nullable(revision),
    /** The first-start values, for a document never published. */
    defaults: doc.schema,
    /** The latest revisions, newest first (50). */
    history: z.array(revisionSummarySchema),
    /** The newest revision saved (the base of the next save). */
    latest_revision: z.number(),
  });
  const tags = [`${doc.path.split('/')[2] ?? 'api'}-staff`];
  return {
    read: defineOperation({
      method: 'GET',
      path: doc.path,
      response: state,
      roles: doc.roles,
      tags,
      summary: `${doc.label}: lo publicado, el borrador, lo programado y el historial`,
    }),
    revision: defineOperation({
      method: 'GET',
      path: `${doc.path}/revisiones/:revision`,
      params: revisionParamsSchema,
      response: revision,
      roles: doc.roles,
      tags,
      summary: `${doc.label}: una versión guardada`,
    }),
    save: defineOperation({
      method: 'PUT',
      path: `${doc.path}/borrador`,
      query: publishQuerySchema,
      body: doc.schema,
      response: state,
      roles: doc.roles,
      tags,
      summary: `${doc.label}: guardar un borrador (no cambia lo publicado)`,
    }),
    publish: defineOperation({
      method: 'POST',
      path: `${doc.path}/publicar`,
      query: publishQuerySchema,
      body: doc.schema,
      response: state,
      roles: doc.roles,
      tags,
      summary: `${doc.label}: publicar ahora o programar`,
    }),
    unschedule: defineOperation({
      method: 'DELETE',
      path: `${doc.path}/programada`,
      response: state,
      roles: doc.roles,
      tags,
      summary: `${doc.label}: cancelar una publicación programada`,
    }),
  };
}

export type DocumentOperations<S extends Schema> = ReturnType<typeof documentOperations<S>>;
export type DocumentState<S extends Schema> = z.output<DocumentOperations<S>['read']['response']>;

/**
 * A collection of documents (#28: the blog's posts): each item is a document of its own — its own drafts, schedule and
 * history, under `<name>/<key>` in the kit's table — declared once for all of them. Pages read every live item at once
 * (`publishedDocument(name, defaults)` gives `{ [key]: body }`); the browser receives only what the page needs
 * (`browserFor`), so a page does not carry every post. Archiving publishes an empty revision: the item leaves the site,
 * its history stays, and publishing it again brings it back.
 */
export interface PublishedCollection<S extends Schema = Schema> {
  /** `<domain>.<name>`, like a document's. */
  name: string;
  /** How the panel and the audit name the collection: 'Entradas del blog'. */
  label: string;
  /** One item's schema. */
  schema: S;
  /** The items a first start serves, by key (what the code carried before #28); archiving one removes it too. */
  defaults: Readonly<Record<string, z.output<S>>>;
  roles: readonly StaffRole[];
  /** The staff API's base: `/api/<domain>/staff/publicacion/<slug>`; an item is `<path>/<key>`. */
  path: `/api/${string}`;
  collection: true;
  /**
   * What a page at `pathname` carries for the browser of the live `items` (undefined: nothing, the page does not read
   * them). Its answer replaces the items in that page's snapshot, so it keeps their `{ [key]: item }` shape, and what
   * the page renders from it must be what the server rendered from every item.
   */
  browserFor?: (pathname: string, items: Readonly<Record<string, z.output<S>>>) => Readonly<Record<string, unknown>> | undefined;
  /** An item's name in the audit and the staff list (its title). */
  itemLabel: (item: z.output<S>) => string;
  /**
   * Gives an item the time it first went live (ISO), as the refresh loads it: a post's date is its first publication,
   * not its latest correction. Never called for a default item never published.
   */
  firstPublished?: (item: z.output<S>, at: string) => z.output<S>;
}

/** Declares a collection; as for a document, the name's domain must be the path's. */
export function defineCollection<S extends Schema>(collection: Omit<PublishedCollection<S>, 'collection'>): PublishedCollection<S> {
  checkDomain(collection);
  return { ...collection, collection: true };
}

/** What a domain's manifest declares: single documents and collections. */
export type Publishable = PublishedDocument | PublishedCollection;

export const isCollection = (p: Publishable): p is PublishedCollection => 'collection' in p && p.collection === true;

/** An item's key: lower-case letters, digits and hyphens (the kit makes them for new items). */
export const ITEM_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** An item as the collection's list shows it: its latest body and where it stands. */
export const itemSummarySchema = <S extends Schema>(schema: S) =>
  z.object({
    key: z.string(),
    /** The newest revision's body (what the editor opens), or the defaults' for an item never saved. */
    body: schema,
    /** On the site now (a default item never published is, with its defaults). */
    live: z.boolean(),
    /** When the live revision was published (null: not published from the panel). */
    published_at: z.nullable(z.string()),
    /** When a scheduled revision goes live (null: none). */
    scheduled_at: z.nullable(z.string()),
    /** A save newer than what is published or scheduled. */
    draft: z.boolean(),
    /** Taken off the site (its history stays). */
    archived: z.boolean(),
    latest_revision: z.number(),
  });

/** The operations of a collection's staff screen: the list, a new item, and per item those of a document plus archiving. */
export function collectionOperations<S extends Schema>(c: PublishedCollection<S>) {
  const revision = z.object({ ...revisionSummarySchema.shape, body: c.schema });
  const state = z.object({
    key: z.string(),
    published: z.nullable(revision),
    draft: z.nullable(revision),
    scheduled: z.nullable(revision),
    /** The first-start values of a default item; null for one made in the panel. */
    defaults: z.nullable(c.schema),
    history: z.array(revisionSummarySchema),
    latest_revision: z.number(),
    archived: z.boolean(),
  });
  const keyParams = z.object({ key: z.string().check(z.regex(ITEM_KEY, { error: 'Ese elemento no existe.' })) });
  const tags = [`${c.path.split('/')[2] ?? 'api'}-staff`];
  const base = { roles: c.roles, tags } as const;
  return {
    list: defineOperation({
      ...base,
      method: 'GET',
      path: c.path,
      response: z.object({ items: z.array(itemSummarySchema(c.schema)) }),
      summary: `${c.label}: cada elemento y su estado`,
    }),
    create: defineOperation({
      ...base,
      method: 'POST',
      path: c.path,
      body: c.schema,
      response: state,
      status: 201,
      summary: `${c.label}: crear un elemento (su primer borrador)`,
    }),
    read: defineOperation({
      ...base,
      method: 'GET',
      path: `${c.path}/:key`,
      params: keyParams,
      response: state,
      summary: `${c.label}: un elemento, con lo publicado, el borrador, lo programado y el historial`,
    }),
    revision: defineOperation({
      ...base,
      method: 'GET',
      path: `${c.path}/:key/revisiones/:revision`,
      params: z.object({ ...keyParams.shape, ...revisionParamsSchema.shape }),
      response: revision,
      summary: `${c.label}: una versión guardada de un elemento`,
    }),
    save: defineOperation({
      ...base,
      method: 'PUT',
      path: `${c.path}/:key/borrador`,
      params: keyParams,
      query: publishQuerySchema,
      body: c.schema,
      response: state,
      summary: `${c.label}: guardar un borrador de un elemento`,
    }),
    publish: defineOperation({
      ...base,
      method: 'POST',
      path: `${c.path}/:key/publicar`,
      params: keyParams,
      query: publishQuerySchema,
      body: c.schema,
      response: state,
      summary: `${c.label}: publicar un elemento ahora o programarlo`,
    }),
    unschedule: defineOperation({
      ...base,
      method: 'DELETE',
      path: `${c.path}/:key/programada`,
      params: keyParams,
      response: state,
      summary: `${c.label}: cancelar la publicación programada de un elemento`,
    }),
    archive: defineOperation({
      ...base,
      method: 'DELETE',
      path: `${c.path}/:key`,
      params: keyParams,
      response: state,
      summary: `${c.label}: retirar un elemento del sitio (su historial se conserva)`,
    }),
  };
}

export type CollectionOperations<S extends Schema> = ReturnType<typeof collectionOperations<S>>;
export type CollectionItemState<S extends Schema> = z.output<CollectionOperations<S>['read']['response']>;
export type CollectionItemSummary<S extends Schema> = z.output<ReturnType<typeof itemSummarySchema<S>>>;

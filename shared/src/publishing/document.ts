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
  const domain = document.path.split('/')[2];
  if (!document.name.startsWith(`${domain}.`))
    throw new Error(`El documento ${document.name} no es del dominio ${domain ?? '?'} que lo publica en ${document.path}.`);
  return document;
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

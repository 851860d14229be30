import { defineOperation } from '../api/operation';
import { z } from '../schemas/zod';
import type { StaffRole } from '../staff-roles';

/**
 * The site's published files (#28): what the staff upload to publish — an ESAL document's PDF, a post's or a campaign's
 * image — kept in the object store and served to anyone at `/archivos/<id>.<ext>`. Declared here because every
 * domain's staff screens upload through it, and the shell's and the remotes' screens can only share shared/.
 * Only files meant for the public go here; a case's attachments (#32) are private and served otherwise.
 */

/** The roles that publish something with a file (foundation data, catalogue, campaign, posts and pages). */
export const publishingRoles: readonly StaffRole[] = ['admin', 'cursos', 'finanzas', 'contenido'];

export { PUBLIC_FILE_PATTERN } from './file-pattern';

export const publishedFileSchema = z.object({
  /** Where the site serves it (a path on the site). */
  src: z.string(),
  /** The name it was uploaded with, cleaned (null when none was sent). */
  name: z.nullable(z.string()),
  kind: z.string(),
  size: z.number(),
});
export type PublishedFile = z.output<typeof publishedFileSchema>;

export const publishedFileParamsSchema = z.object({
  /** The file's name in its address: `<uuid>.<ext>`. */
  file: z.string().check(z.regex(/^[0-9a-f-]{36}\.(pdf|png|jpg|webp|gif)$/, { error: 'Ese archivo no existe.' })),
});

export const publishedFileOperations = {
  /** Uploads a PDF or an image to publish (10 MB at most; its kind read from its bytes). Audited as site.files.upload. */
  upload: defineOperation({
    method: 'POST',
    path: '/api/site/staff/archivos',
    response: publishedFileSchema,
    status: 201,
    roles: publishingRoles,
    tags: ['site-staff'],
    summary: 'Subir un archivo para publicarlo (PDF o imagen, hasta 10 MB)',
  }),
  /**
   * Takes a published file down (one uploaded by mistake, one that should never have been public): the address answers
   * 404 from then on; a page still linking it shows a broken link until its document is edited. Audited.
   */
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/site/staff/archivos/:file',
    params: publishedFileParamsSchema,
    response: z.object({ removed: z.boolean() }),
    roles: publishingRoles,
    tags: ['site-staff'],
    summary: 'Retirar un archivo publicado',
  }),
};

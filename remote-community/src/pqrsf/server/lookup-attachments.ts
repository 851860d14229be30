import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { isoOf } from 'shared/server/cases/read';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { FILE_KINDS, type FileKind } from 'shared/server/objects/file-types';
import { sendStoredObject } from 'shared/server/objects/file-routes';
import type { ObjectStore } from 'shared/server/objects/object-store';
import { route } from 'shared/server/operation-routes';
import { pqrsfOperations } from '../operations';
import { pqrsfLookupTexts, type PqrsfLookupAttachment } from '../schemas';
import { attachmentApiTexts } from './attachments';

/**
 * The answer's attachments on the public lookup (#32). The lookup shows a case only to whoever gives its radicado and
 * the document it was filed with; its files are listed to that person alone, and each download asks for the very same
 * proof again in a POST body (`proven`, the lookup's own query), so a guessed radicado or an attachment's id gets
 * nothing. A file downloads for 30 days after the answer, as the e-mail's link does; past that the lookup lists it as
 * expired and the download answers 410 with the link's own words. Only the answer's files: a note's are internal.
 */

/** What proves a case is the caller's (the lookup's query): the case's row id, or undefined. */
export type ProvenRequest = (radicado: string, idNumber: string) => Promise<{ id: number } | undefined>;

const kindLabel = (kind: string): string => (kind in FILE_KINDS ? FILE_KINDS[kind as FileKind].short : kind.toUpperCase());

/** The answer's files of a case, oldest first, each with when its download ends and whether it already did. */
export async function answerAttachments(db: SiteDb, requestId: number, at: Date): Promise<PqrsfLookupAttachment[]> {
  const rows = await db
    .selectFrom('community.pqrsf_attachments')
    .select(['id', 'file_name', 'kind', 'size', 'token_expires_at', 'uploaded_at'])
    .where('request_id', '=', requestId)
    .where('attached_to', '=', 'respuesta')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    // int8 columns come back as strings or numbers depending on the driver: the API says strings.
    id: String(r.id),
    name: r.file_name,
    kind: kindLabel(r.kind),
    size: r.size,
    expiresAt: isoOf(r.token_expires_at ?? r.uploaded_at),
    expired: !r.token_expires_at || new Date(r.token_expires_at).getTime() <= at.getTime(),
  }));
}

export interface LookupAttachmentContext {
  db: SiteDb;
  objects: ObjectStore;
}

/** `POST /api/community/pqrsf/consulta/adjunto`: the file, to the proven holder of the case, while it is not expired. */
export function registerLookupAttachment(
  app: FastifyInstance,
  ctx: LookupAttachmentContext,
  now: () => Date,
  proven: ProvenRequest,
  /** The lookup's own limiter (its count, not a copy of its settings): a guess here is a guess there. */
  proofLimit: onRequestAsyncHookHandler,
): void {
  route(
    app,
    pqrsfOperations.lookupAttachment,
    async (request, reply) => {
      const { id, id_number, attachment } = request.body;
      // The lookup's answer to a wrong radicado or document, word for word: nothing more is told here.
      const found = await proven(id, id_number);
      if (!found) throw new ApiError(404, 'not_found', pqrsfLookupTexts.notFound);
      const row = await ctx.db
        .selectFrom('community.pqrsf_attachments')
        .select(['object_key', 'file_name', 'token_expires_at'])
        .where('id', '=', attachment)
        .where('request_id', '=', found.id)
        .where('attached_to', '=', 'respuesta')
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'attachment_not_found', pqrsfLookupTexts.attachmentUnknown);
      if (!row.token_expires_at || new Date(row.token_expires_at).getTime() <= now().getTime())
        throw new ApiError(410, 'link_expired', attachmentApiTexts.linkExpired);
      const stored = await ctx.objects.get(row.object_key);
      if (!stored) throw new ApiError(404, 'attachment_not_found', pqrsfLookupTexts.attachmentUnknown);
      return sendStoredObject(reply, stored, { cacheControl: 'private, no-store', fileName: row.file_name, download: true });
    },
    // The lookup's own count: the proof is as hard to guess here as there.
    { onRequest: proofLimit },
  );
}

import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  pqrsfLookupAttachmentRequestSchema,
  pqrsfLookupSchema,
  pqrsfSchema,
  pqrsfLookupResponseSchema,
  pqrsfResponseSchema,
} from './schemas';

/**
 * The PQRSF's public operations, declared once (#27, shared/api/operation): the server registers them
 * (server/filing.ts with `route`), the visitor's screens call them (`useOperationCall`), tests answer them (`on`).
 * A path lives only in an operations module; no React and no server imports, so both sides import this module. The
 * panel's are in staff-operations.ts, so a visitor's page never downloads them (a declaration's schemas are code).
 */

export const pqrsfOperations = {
  /** Stores the request and answers the radicado and the Ley 1755 deadline. */
  file: defineOperation({
    method: 'POST',
    path: '/api/community/pqrsf',
    body: pqrsfSchema,
    response: pqrsfResponseSchema,
    status: 201,
    summary: 'Radicar una PQRSF',
  }),
  /** The request matching radicado and document (POST, not GET: the document number must not travel in a URL). */
  lookup: defineOperation({
    method: 'POST',
    path: '/api/community/pqrsf/consulta',
    body: pqrsfLookupSchema,
    response: pqrsfLookupResponseSchema,
    summary: 'Consultar una PQRSF por radicado y documento',
  }),
  /**
   * One of the answer's attachments (#32), with the lookup's own proof in the body (radicado and document): whoever
   * could not see the answer cannot download its files. Expired after 30 days, as the e-mail's link.
   */
  lookupAttachment: defineOperation({
    method: 'POST',
    path: '/api/community/pqrsf/consulta/adjunto',
    body: pqrsfLookupAttachmentRequestSchema,
    response: fileAnswer({ accept: '*/*', description: 'El archivo adjunto a la respuesta', format: 'binary' }),
    summary: 'Descargar un adjunto de la respuesta de una PQRSF, con radicado y documento',
  }),
};

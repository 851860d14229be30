// Routes that receive a file or give one back (#28). A file arrives as the request's raw body (Content-Type
// application/octet-stream or the file's own; its name percent-encoded in X-File-Name): no multipart parser, and
// Fastify's body limit, set per route from the upload's own limit, stops an oversized body while it arrives.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ApiError, toErrorResponse } from '../http';
import { acceptUpload, cleanFileName, FILE_KINDS, sizeInWords, type FileKind } from './file-types';
import type { StoredObject } from './object-store';

/** The header that carries the file's original name, percent-encoded (`encodeURIComponent(file.name)`). */
export const FILE_NAME_HEADER = 'x-file-name';

/** The metadata entry that keeps a stored object's cleaned original name (never part of its key). */
export const FILE_NAME_METADATA = 'file-name';

/** What an upload route accepts. */
export interface FileUploadRules {
  allowed: readonly FileKind[];
  /** Largest file accepted, in bytes; Fastify stops reading the body past it. */
  maxBytes: number;
}

/** A received file that passed the checks: its kind is its content's, its name cleaned (null when none was sent). */
export interface ReceivedFile {
  bytes: Buffer;
  kind: FileKind;
  contentType: string;
  inline: boolean;
  name: string | null;
  /** Metadata to store beside it (the cleaned name, when there is one). */
  metadata: Record<string, string>;
}

/**
 * Lets `scope` receive files: every body that is not JSON reaches the handler as its bytes (a Buffer), whatever
 * Content-Type the browser guessed, since only the bytes decide what a file is. Call it in a scope of its own
 * (`app.register(async (scope) => …)`), so the API's other routes keep refusing bodies that are not JSON.
 */
export function acceptFileUploads(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser('*')) return;
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** The Spanish sentence for a file of the wrong kind. */
const wrongKind = (rules: FileUploadRules) => {
  const check = acceptUpload({ bytes: new Uint8Array([0]), allowed: rules.allowed, maxBytes: Number.MAX_SAFE_INTEGER });
  return check.ok ? 'El archivo no es de un tipo admitido.' : check.error;
};

/**
 * An upload route's pieces: `route` (the body limit, and an error handler that answers the limit in the staff's words
 * rather than Fastify's) to spread into the route's options, and `read(request)`, which returns the checked file or
 * throws the ApiError to answer (400 empty or no file, 413 too big, 415 not an allowed kind).
 */
export function fileUpload(rules: FileUploadRules) {
  const tooBig = `El archivo pesa más de ${sizeInWords(rules.maxBytes)}.`;
  const route = {
    bodyLimit: rules.maxBytes,
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const mapped =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new ApiError(413, 'file_too_large', tooBig)
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? new ApiError(415, 'file_type_not_allowed', wrongKind(rules))
            : error;
      const { status, body } = toErrorResponse(mapped);
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      void reply.status(status).type('application/json; charset=utf-8').send(body);
    },
  } satisfies RouteShorthandOptions;

  const read = (request: FastifyRequest): ReceivedFile => {
    const body = request.body;
    if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0))
      throw new ApiError(400, 'file_missing', 'Falta el archivo.');
    if (!Buffer.isBuffer(body))
      throw new ApiError(415, 'file_expected', 'Envía el archivo mismo como contenido de la solicitud (no un formulario ni un JSON).');
    const check = acceptUpload({ bytes: body, allowed: rules.allowed, maxBytes: rules.maxBytes });
    if (!check.ok) throw new ApiError(check.status, check.status === 413 ? 'file_too_large' : 'file_type_not_allowed', check.error);
    const name = fileNameFromHeader(request.headers[FILE_NAME_HEADER], check.kind);
    return {
      bytes: body,
      kind: check.kind,
      contentType: check.contentType,
      inline: check.inline,
      name,
      metadata: name ? { [FILE_NAME_METADATA]: name } : {},
    };
  };

  return { route, read };
}

/** X-File-Name decoded (percent-encoding; a malformed one is taken as written) and cleaned for `kind`. */
export function fileNameFromHeader(header: string | string[] | undefined, kind: FileKind): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all: the characters a header may carry are kept, and cleaned like any other name.
  }
  return cleanFileName(name, kind);
}

/** The CSP of a file shown in place: it may load nothing and runs as an opaque origin, with no scripts. */
export const INLINE_FILE_CSP = "default-src 'none'; sandbox";

/** RFC 6266 / 5987: an ASCII fallback name and the exact one in UTF-8, percent-encoded. */
export function contentDisposition(type: 'inline' | 'attachment', name: string | null): string {
  if (!name) return type;
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The kind a stored content type belongs to, only among the kinds the kit accepts. */
const kindOfContentType = (contentType: string): FileKind | null => {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].contentType === base) ?? null;
};

export interface SendObjectOptions {
  /** The caller's caching: e.g. `public, max-age=86400` for a published document, `private, no-store` for a case's. */
  cacheControl: string;
  /** The name to offer; default: the cleaned name kept with the object, if any. */
  fileName?: string | null;
  /** Offer it as a download even when it could be shown in place. */
  download?: boolean;
}

/**
 * Sends a stored object to the browser so that it can never act as a page of the site: the content type of its kind
 * (a type the kit does not accept goes as application/octet-stream, to be downloaded), nosniff, shown in place only
 * for PDFs and images and then under a CSP that sandboxes it, otherwise a download; the name in RFC 5987 form. A
 * request that already holds this version (If-None-Match) gets a 304.
 */
export function sendStoredObject(reply: FastifyReply, stored: StoredObject, options: SendObjectOptions): FastifyReply {
  const kind = kindOfContentType(stored.contentType);
  const info = kind ? FILE_KINDS[kind] : null;
  const inline = Boolean(info?.inline) && !options.download;
  const storedName = stored.metadata[FILE_NAME_METADATA] ?? null;
  const name = options.fileName !== undefined ? options.fileName : storedName && kind ? cleanFileName(storedName, kind) : null;
  // A browser that holds this very version (its ETag) gets a 304 and the stored bytes are not read.
  const held = reply.request.headers['if-none-match'];
  if (stored.etag && typeof held === 'string' && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === stored.etag)) {
    stored.body.destroy();
    return reply.status(304).header('etag', stored.etag).header('cache-control', options.cacheControl).send();
  }
  void reply
    .header('content-type', info?.contentType ?? 'application/octet-stream')
    .header('content-length', String(stored.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('cache-control', options.cacheControl);
  if (inline) void reply.header('content-security-policy', INLINE_FILE_CSP);
  if (stored.etag) void reply.header('etag', stored.etag);
  if (stored.lastModified) void reply.header('last-modified', stored.lastModified.toUTCString());
  return reply.send(stored.body);
}

import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the gateway sends pages in, best first (as @fastify/compress is configured for everything else). */
export type PageEncoding = 'br' | 'gzip';

/** Pages smaller than this go uncompressed, as @fastify/compress's `threshold` leaves other responses. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's quality for pages: the one @fastify/compress uses for every other response. */
export const BROTLI_QUALITY = 4;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * The encoding a client asked for, as @fastify/compress chooses it for ['br', 'gzip']: the highest q-value above 0, br
 * on a tie; `*` and `x-gzip` stand for gzip; `identity`, an unknown coding, no header or the `x-no-compression` request
 * header mean an uncompressed body (null).
 */
export function negotiatePageEncoding(headers: FastifyRequest['headers']): PageEncoding | null {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return null;
  let best: PageEncoding | null = null;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const coding = token === 'br' ? 'br' : token === 'gzip' || token === 'x-gzip' || token === '*' ? 'gzip' : null;
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const m = /^q\s*=\s*([0-9.]+)$/.exec(param);
      // A weight that is not a number counts as 0, as the plugin reads it.
      if (m) q = Number.parseFloat(m[1] ?? '') || 0;
      else if (param) q = 0;
    }
    if (q > bestQ || (q === bestQ && q > 0 && coding === 'br')) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** A page's bytes in one encoding: compressed off the event loop (zlib's thread pool). */
export function compressPage(document: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? compressBrotli(document, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : compressGzip(document);
}

/** One document as sent: its bytes, and each encoding once some client asked for it. */
interface EncodedDocument {
  document: string;
  identity: Buffer;
  encoded: Partial<Record<PageEncoding, Promise<Buffer>>>;
}

/**
 * Spellings of one kept page (/nosotros, /Nosotros) whose documents are kept encoded; an older one is encoded again.
 * Two: the canonical one and another. Each costs the document twice (string and bytes) plus its encodings, ~70 KB for
 * the home page, and anyone can ask for other spellings of the micro-cache's 200 pages (attacker's review, stop 43).
 */
const DOCUMENTS_PER_PAGE = 2;

/**
 * The pages' bodies, encoded once per kept render (#33): brotli cost the gateway as much CPU as the render itself, and
 * was paid on every request, even for a page served from the micro-cache. The bodies hang on the rendered page object
 * the renderer keeps (a WeakMap), so they live exactly as long as its cache entry (and its in-flight sharers); a page
 * rendered for one request (a URL with a query) is encoded for that request only. They are keyed by the whole document
 * as sent, so whatever else goes into it (template, preload hints, the spelling's pathname) can never be served from
 * another document's bytes. An encoding is computed the first time a client asks for it (browsers ask for br; gzip
 * only for the rare client without it), and the concurrent first askers share that one compression.
 */
export class PageBodies {
  readonly #kept = new WeakMap<object, EncodedDocument[]>();

  /** The bytes to send for `document` in `encoding` (null: uncompressed), kept with `page` when one is given. */
  async body(
    document: string,
    encoding: PageEncoding | null,
    page: object | null,
  ): Promise<{ body: Buffer; encoding: PageEncoding | null }> {
    const entry = page ? this.#entry(page, document) : { document, identity: Buffer.from(document), encoded: {} };
    if (!encoding || entry.identity.length < COMPRESSION_THRESHOLD) return { body: entry.identity, encoding: null };
    const encoded = (entry.encoded[encoding] ??= compressPage(entry.identity, encoding));
    try {
      return { body: await encoded, encoding };
    } catch {
      // zlib failing is not expected; an uncompressed page is still a correct answer, and the next asker tries again.
      if (entry.encoded[encoding] === encoded) entry.encoded[encoding] = undefined;
      return { body: entry.identity, encoding: null };
    }
  }

  #entry(page: object, document: string): EncodedDocument {
    let documents = this.#kept.get(page);
    if (!documents) this.#kept.set(page, (documents = []));
    const found = documents.find((d) => d.document === document);
    if (found) return found;
    const entry: EncodedDocument = { document, identity: Buffer.from(document), encoded: {} };
    documents.unshift(entry);
    documents.length = Math.min(documents.length, DOCUMENTS_PER_PAGE);
    return entry;
  }
}

/** Adds Accept-Encoding to the reply's Vary: every page's bytes depend on it, including an uncompressed one. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

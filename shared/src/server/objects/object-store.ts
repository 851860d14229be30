// What the site keeps files in (#28): staff uploads (ESAL transparency PDFs now; blog images and case attachments
// later). One interface, one implementation over S3's API (s3.ts), which AWS and every S3-compatible provider speak,
// as does the local stand-in `npm start` runs (sandbox/src/objects).
import type { Readable } from 'node:stream';

/** A stored object's description, as HeadObject reports it. */
export interface StoredObjectInfo {
  key: string;
  /** The content type it was stored with (the kit stores the one detected from its bytes, never the browser's). */
  contentType: string;
  size: number;
  /** The store's entity tag, quotes included, as S3 sends it. */
  etag: string | null;
  lastModified: Date | null;
  /** The metadata given to `put` (x-amz-meta-*: names lower-case, values ASCII; see cleanFileName for a file name). */
  metadata: Record<string, string>;
}

/** A stored object's bytes, streamed: pipe `body` to the reply, or `bytes()` for a small one. */
export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

export interface ObjectStore {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string, metadata?: Record<string, string>): Promise<StoredObjectInfo>;
  /** The object with its bytes, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's description without its bytes, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; removing one that is not there is not an error (S3 answers the same). */
  delete(key: string): Promise<void>;
}

/** OBJECT_STORE_*: where the objects are kept (server-config.ts reads it; the stand-in's values when nothing is set). */
export interface ObjectStoreConfig {
  /** S3 API origin, addressed path-style (`<endpoint>/<bucket>/<key>`); null means AWS's own regional endpoint. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Explicit keys; null means AWS's default credential chain (environment, profile, container or instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Start the local stand-in (nothing configured, not production). */
  startStandIn: boolean;
  standInPort: number;
}

/** Reads a whole stream into one buffer (for a caller that needs the bytes, e.g. a test or a small file it transforms). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

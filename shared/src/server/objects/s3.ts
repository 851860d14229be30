// The object store over S3's API with AWS's own client (@aws-sdk/client-s3, the release of the Cognito client the site
// already runs): AWS S3 itself, any S3-compatible provider (OBJECT_STORE_URL, addressed path-style), or the local
// stand-in `npm start` runs (sandbox/src/objects), which checks the client's signatures as S3 does.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { ObjectStore, ObjectStoreConfig, StoredObjectInfo } from './object-store';

/**
 * Metadata travels as HTTP headers (x-amz-meta-*), which carry ASCII only and which providers mangle differently
 * otherwise: values are percent-encoded on the way in and decoded on the way out, so "Informe de gestión.pdf" survives.
 */
const encodeMetadata = (metadata: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name.toLowerCase(), encodeURIComponent(value)]));

const decodeMetadata = (metadata: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(metadata ?? {}).map(([name, value]) => {
      try {
        return [name, decodeURIComponent(value)];
      } catch {
        return [name, value];
      }
    }),
  );

/** S3's answers for "no such object": NoSuchKey with a body (GET), a bare 404 named NotFound (HEAD has no body). */
const isMissing = (err: unknown, headRequest: boolean) => {
  if (!(err instanceof Error)) return false;
  if (err.name === 'NoSuchKey') return true;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return headRequest && err.name === 'NotFound' && status === 404;
};

/** The client's settings for a configuration (exported for the tests' checks of what reaches the SDK). */
export function s3ClientConfig(config: ObjectStoreConfig): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // The SDK's default since 2025 adds CRC checksums to every upload, which several S3-compatible providers refuse;
    // only when an operation requires one (none of ours). Content-MD5 is not needed either: the body is signed.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer must not hold a staff member's upload (or a visitor's download) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
}

export function createS3ObjectStore(config: ObjectStoreConfig): ObjectStore & { client: S3Client } {
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;

  const describe = (
    key: string,
    out: {
      ContentType?: string | undefined;
      ContentLength?: number | undefined;
      ETag?: string | undefined;
      LastModified?: Date | undefined;
      Metadata?: Record<string, string> | undefined;
    },
  ): StoredObjectInfo => ({
    key,
    contentType: out.ContentType || 'application/octet-stream',
    size: out.ContentLength ?? 0,
    etag: out.ETag ?? null,
    lastModified: out.LastModified ?? null,
    metadata: decodeMetadata(out.Metadata),
  });

  return {
    client,
    async put(key, bytes, contentType, metadata = {}) {
      const out = await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          Metadata: encodeMetadata(metadata),
        }),
      );
      return { key, contentType, size: bytes.byteLength, etag: out.ETag ?? null, lastModified: new Date(), metadata: { ...metadata } };
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is the response stream itself (an IncomingMessage with its helpers mixed in).
        return { ...describe(key, out), body: out.Body as Readable };
      } catch (err) {
        if (isMissing(err, false)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        return describe(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (err) {
        if (isMissing(err, true)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

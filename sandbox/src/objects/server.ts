// A local stand-in for S3 (#28): the part of its API the site's object store uses — PutObject, GetObject, HeadObject,
// DeleteObject, CreateBucket and HeadBucket, path-style (`/<bucket>/<key>`) — with every request's AWS Signature V4
// checked as S3 checks it, and S3's XML errors. Objects are files under a data directory; it is a test double for one
// machine, not a service for the network.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { STAND_IN_OBJECT_ACCESS_KEY_ID, STAND_IN_OBJECT_BUCKET, STAND_IN_OBJECT_SECRET_ACCESS_KEY } from 'shared/server/server-config';
import { verifySigV4 } from './sigv4';

export interface ObjectStandInOptions {
  /** Where buckets are kept: one folder per bucket, two files per object (its bytes and its description). */
  dataDir: string;
  host?: string;
  /** 0: any free port. */
  port?: number;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** Buckets that exist from the start (the site's configured one). */
  buckets?: string[];
  /** Largest object accepted in one PutObject (default 100 MB). */
  maxObjectBytes?: number;
  /** false (default): silent; a level: Fastify's logger. */
  log?: boolean | string;
}

export interface ObjectStandIn {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** An object's description, kept beside its bytes. */
interface ObjectRecord {
  key: string;
  contentType: string;
  size: number;
  etag: string;
  lastModified: string;
  metadata: Record<string, string>;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string, resource?: string) {
  const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
  void reply.status(status).header('x-amz-request-id', requestId);
  // HEAD answers carry no body, in S3 as in HTTP.
  if (request.method === 'HEAD') return reply.send();
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
    `${resource ? `<Resource>${xmlEscape(resource)}</Resource>` : ''}<RequestId>${requestId}</RequestId></Error>`;
  return reply.type('application/xml').send(body);
}

/** Bucket and key of a path-style target, decoded once (as S3 does); key '' for the bucket itself. */
function target(rawUrl: string): { bucket: string; key: string } | null {
  const pathPart = rawUrl.split('?')[0] ?? '';
  const match = /^\/([^/]+)(?:\/(.*))?$/.exec(pathPart);
  if (!match) return null;
  try {
    return { bucket: decodeURIComponent(match[1] ?? ''), key: decodeURIComponent(match[2] ?? '') };
  } catch {
    return null;
  }
}

export function buildObjectStandIn(options: ObjectStandInOptions): FastifyInstance {
  const keys = {
    accessKeyId: options.accessKeyId ?? STAND_IN_OBJECT_ACCESS_KEY_ID,
    secretAccessKey: options.secretAccessKey ?? STAND_IN_OBJECT_SECRET_ACCESS_KEY,
    region: options.region ?? 'us-east-1',
  };
  const root = path.resolve(options.dataDir);
  const app = Fastify({
    logger: options.log === undefined || options.log === false ? false : { level: options.log === true ? 'info' : options.log },
    bodyLimit: options.maxObjectBytes ?? 100 * 1024 * 1024,
    exposeHeadRoutes: false,
    // Keys are taken from the raw path: the router must not tidy slashes away.
    routerOptions: { ignoreDuplicateSlashes: false, ignoreTrailingSlash: false, maxParamLength: 2048 },
  });
  // Every body is kept as its bytes: its hash is part of the signature.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const bucketDir = (bucket: string) => path.join(root, bucket);
  // Files are named by the key's hash: any key (slashes, dots, unicode) maps to one flat, safe file name.
  const objectPath = (bucket: string, key: string) => path.join(bucketDir(bucket), createHash('sha256').update(key).digest('hex'));
  const bucketExists = async (bucket: string) => (await stat(bucketDir(bucket)).catch(() => null))?.isDirectory() ?? false;
  const readRecord = async (bucket: string, key: string): Promise<ObjectRecord | null> => {
    const text = await readFile(`${objectPath(bucket, key)}.json`, 'utf8').catch(() => null);
    return text ? (JSON.parse(text) as ObjectRecord) : null;
  };
  const describe = (reply: FastifyReply, record: ObjectRecord) =>
    reply
      .header('content-type', record.contentType)
      .header('content-length', String(record.size))
      .header('etag', record.etag)
      .header('last-modified', new Date(record.lastModified).toUTCString())
      .header('accept-ranges', 'bytes')
      .headers(Object.fromEntries(Object.entries(record.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])));

  const ready = Promise.all((options.buckets ?? []).map((bucket) => mkdir(bucketDir(bucket), { recursive: true })));

  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      await ready;
      const rawUrl = request.raw.url ?? '/';
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const auth = verifySigV4({ method: request.method, rawUrl, headers: request.headers, body }, keys);
      if (!auth.ok) return sendError(request, reply, auth.status, auth.code, auth.message, rawUrl.split('?')[0]);

      const where = target(rawUrl);
      // Sub-resources (?acl, ?uploads, ?list-type=2, …) are S3 features the site does not use; the SDK's x-id (the
      // operation's name) is ignored, as S3 ignores it.
      const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
      const subresource = [...query.keys()].some((name) => name !== 'x-id');
      if (!where || subresource || request.method === 'POST')
        return sendError(
          request,
          reply,
          501,
          'NotImplemented',
          'A header or query you provided implies functionality that is not implemented',
        );
      const { bucket, key } = where;
      if (!BUCKET_NAME.test(bucket))
        return sendError(request, reply, 400, 'InvalidBucketName', 'The specified bucket is not valid.', bucket);

      if (!key) {
        if (request.method === 'PUT') {
          if (await bucketExists(bucket))
            return sendError(
              request,
              reply,
              409,
              'BucketAlreadyOwnedByYou',
              'Your previous request to create the named bucket succeeded and you already own it.',
              bucket,
            );
          await mkdir(bucketDir(bucket), { recursive: true });
          return reply.status(200).header('location', `/${bucket}`).send();
        }
        if (request.method === 'HEAD') {
          if (!(await bucketExists(bucket)))
            return sendError(request, reply, 404, 'NoSuchBucket', 'The specified bucket does not exist', bucket);
          return reply.status(200).header('x-amz-bucket-region', keys.region).send();
        }
        return sendError(request, reply, 501, 'NotImplemented', 'Only CreateBucket and HeadBucket are implemented on a bucket');
      }

      if (!(await bucketExists(bucket)))
        return sendError(request, reply, 404, 'NoSuchBucket', 'The specified bucket does not exist', bucket);
      const file = objectPath(bucket, key);

      if (request.method === 'PUT') {
        if (request.headers['x-amz-copy-source'])
          return sendError(request, reply, 501, 'NotImplemented', 'CopyObject is not implemented by the local stand-in');
        const contentMd5 = request.headers['content-md5'];
        const md5 = createHash('md5').update(body);
        const etag = `"${md5.copy().digest('hex')}"`;
        if (typeof contentMd5 === 'string' && contentMd5 !== md5.digest('base64'))
          return sendError(request, reply, 400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers))
          if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
        const record: ObjectRecord = {
          key,
          contentType: (request.headers['content-type'] as string | undefined) || 'binary/octet-stream',
          size: body.byteLength,
          etag,
          lastModified: new Date().toISOString(),
          metadata,
        };
        // Written beside, then renamed: a reader never sees half an object.
        const temporary = `${file}.${randomUUID()}`;
        await writeFile(`${temporary}.bin`, body);
        await writeFile(`${temporary}.json`, JSON.stringify(record));
        await rename(`${temporary}.bin`, `${file}.bin`);
        await rename(`${temporary}.json`, `${file}.json`);
        return reply.status(200).header('etag', etag).send();
      }

      if (request.method === 'DELETE') {
        await rm(`${file}.json`, { force: true });
        await rm(`${file}.bin`, { force: true });
        return reply.status(204).send();
      }

      const record = await readRecord(bucket, key);
      if (!record) return sendError(request, reply, 404, 'NoSuchKey', 'The specified key does not exist.', `/${bucket}/${key}`);
      describe(reply, record);
      if (request.method === 'HEAD') return reply.status(200).send();
      return reply.status(200).send(createReadStream(`${file}.bin`));
    },
  });

  // Errors before the handler (a body past the limit, a malformed request) answer in S3's words too.
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(request, reply, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return sendError(request, reply, status, status === 500 ? 'InternalError' : 'InvalidRequest', error.message);
  });
  return app;
}

/** Starts the stand-in listening; `url` is its origin (the site's OBJECT_STORE_URL when it is the default). */
export async function startObjectStandIn(options: ObjectStandInOptions): Promise<ObjectStandIn> {
  const app = buildObjectStandIn({ buckets: [STAND_IN_OBJECT_BUCKET], ...options });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}

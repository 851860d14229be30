// The site's S3 object store (shared/src/server/objects/s3.ts, AWS's own client) against the local stand-in: what is
// put comes back with its type, size and name; what is deleted is gone; a wrong key or secret is refused as S3 would.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readAll, type ObjectStoreConfig } from 'shared/server/objects/object-store';
import { createS3ObjectStore } from 'shared/server/objects/s3';
import { newObjectKey } from 'shared/server/objects/file-types';
import {
  readObjectStoreConfig,
  STAND_IN_OBJECT_ACCESS_KEY_ID,
  STAND_IN_OBJECT_BUCKET,
  STAND_IN_OBJECT_SECRET_ACCESS_KEY,
} from 'shared/server/server-config';
import { startObjectStandIn, type ObjectStandIn } from './server';

let standIn: ObjectStandIn;
let dataDir: string;
let config: ObjectStoreConfig;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'objects-'));
  standIn = await startObjectStandIn({ dataDir, port: 0 });
  config = { ...readObjectStoreConfig({}, false), endpoint: standIn.url };
});

afterAll(async () => {
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('the S3 object store against the local stand-in', () => {
  it('uses the stand-in with its public keys when nothing is configured', () => {
    const local = readObjectStoreConfig({}, false);
    expect(local).toMatchObject({
      startStandIn: true,
      bucket: STAND_IN_OBJECT_BUCKET,
      endpoint: 'http://127.0.0.1:9400',
      credentials: { accessKeyId: STAND_IN_OBJECT_ACCESS_KEY_ID, secretAccessKey: STAND_IN_OBJECT_SECRET_ACCESS_KEY },
    });
  });

  it('puts, heads, gets and deletes an object, keeping its type and a non-ASCII name', async () => {
    const store = createS3ObjectStore(config);
    const key = newObjectKey('transparency');
    const put = await store.put(key, pdf, 'application/pdf', { 'file-name': 'Informe de gestión 2025.pdf' });
    expect(put.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const head = await store.head(key);
    expect(head).toMatchObject({ key, contentType: 'application/pdf', size: pdf.length, etag: put.etag });
    expect(head?.metadata).toEqual({ 'file-name': 'Informe de gestión 2025.pdf' });

    const got = await store.get(key);
    expect(got).not.toBeNull();
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.size).toBe(pdf.length);
    expect((await readAll(got!.body)).equals(pdf)).toBe(true);

    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    // Deleting what is not there is not an error, as in S3.
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('round-trips a 9 MB file (the client asks to continue before sending a large body)', async () => {
    const store = createS3ObjectStore(config);
    const key = newObjectKey('transparency');
    const big = Buffer.concat([pdf, Buffer.alloc(9 * 1024 * 1024, 7)]);
    await store.put(key, big, 'application/pdf');
    expect((await readAll((await store.get(key))!.body)).equals(big)).toBe(true);
  });

  it('replaces an object put again under the same key, and keeps keys with slashes and unicode apart', async () => {
    const store = createS3ObjectStore(config);
    await store.put('a/b/ñandú.pdf', pdf, 'application/pdf');
    await store.put('a/b/ñandú.pdf', Buffer.from('%PDF-2.0 otro'), 'application/pdf');
    await store.put('a/b', Buffer.from('%PDF-1.4 corto'), 'application/pdf');
    expect((await readAll((await store.get('a/b/ñandú.pdf'))!.body)).toString()).toBe('%PDF-2.0 otro');
    expect((await readAll((await store.get('a/b'))!.body)).toString()).toBe('%PDF-1.4 corto');
  });

  it.each([
    ['a wrong secret', { accessKeyId: STAND_IN_OBJECT_ACCESS_KEY_ID, secretAccessKey: 'no-es-el-secreto' }, 'SignatureDoesNotMatch'],
    ['an unknown key id', { accessKeyId: 'otra-llave', secretAccessKey: STAND_IN_OBJECT_SECRET_ACCESS_KEY }, 'InvalidAccessKeyId'],
  ])("refuses %s with S3's 403 and error code, storing nothing", async (_label, credentials, code) => {
    const intruder = createS3ObjectStore({ ...config, credentials });
    const key = newObjectKey('transparency');
    const refused = await intruder.put(key, pdf, 'application/pdf').catch((err: unknown) => err);
    expect(refused).toMatchObject({ name: code, $metadata: { httpStatusCode: 403 } });
    await expect(intruder.get(key)).rejects.toMatchObject({ name: code });
    expect(await createS3ObjectStore(config).head(key)).toBeNull();
  });

  /** The SDK's middleware type, reached through the store's client (the sandbox does not depend on @smithy/types). */
  type Middleware = Parameters<ReturnType<typeof createS3ObjectStore>['client']['middlewareStack']['addRelativeTo']>[0];
  type SignedRequest = { headers: Record<string, string>; body: unknown };

  /** A store whose requests are changed after the client signed them, as a proxy or an attacker on the way would. */
  function tamperedStore(change: (request: SignedRequest) => void) {
    const store = createS3ObjectStore(config);
    const tamper = (next: (args: { request: unknown }) => Promise<unknown>) => async (args: { request: unknown }) => {
      change(args.request as SignedRequest);
      return next(args);
    };
    // A finalizeRequest middleware, placed after the signer: the shape the SDK expects, which its generic types
    // cannot express for a middleware that is placed relative to another.
    store.client.middlewareStack.addRelativeTo(tamper as unknown as Middleware, {
      relation: 'after',
      toMiddleware: 'httpSigningMiddleware',
      name: 'tamper',
    });
    return store;
  }

  it('refuses a body changed after signing (its hash is part of the signature) and a changed signed header', async () => {
    const key = newObjectKey('transparency');
    const swapped = tamperedStore((request) => {
      request.body = Buffer.from('%PDF-1.7 otro documento del mismo largo...'.slice(0, pdf.length).padEnd(pdf.length, '.'));
    });
    await expect(swapped.put(key, pdf, 'application/pdf')).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    const renamed = tamperedStore((request) => {
      request.headers['x-amz-meta-file-name'] = 'otro.pdf';
    });
    // x-amz-* headers are signed: changing one breaks the signature.
    await expect(renamed.put(key, pdf, 'application/pdf', { 'file-name': 'acta.pdf' })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    expect(await createS3ObjectStore(config).head(key)).toBeNull();
  });

  it("refuses a request signed too long ago (S3's 15 minutes)", async () => {
    const late = createS3ObjectStore(config);
    // The SDK signs with its clock plus this offset: a request that claims to be 20 minutes old.
    late.client.config.systemClockOffset = -20 * 60 * 1000;
    await expect(late.put(newObjectKey('transparency'), pdf, 'application/pdf')).rejects.toMatchObject({
      name: 'RequestTimeTooSkewed',
      $metadata: { httpStatusCode: 403 },
    });
  });

  it("answers an unsigned request with S3's XML AccessDenied", async () => {
    const response = await fetch(`${standIn.url}/${STAND_IN_OBJECT_BUCKET}/cualquier-cosa`);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await response.text()).toMatch(/<Error><Code>AccessDenied<\/Code>/);
  });

  it('refuses a bucket that does not exist, rather than answering as if the object were missing', async () => {
    const store = createS3ObjectStore({ ...config, bucket: 'otro-bucket' });
    await expect(store.get('x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

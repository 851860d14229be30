// Test support: an object store in memory, answering as the S3 one does (null for a missing key, delete of a missing
// key is fine), for API tests that store files without starting the S3 stand-in (api-testing.ts's default).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStore, StoredObjectInfo } from './object-store';

export function memoryObjectStore(): ObjectStore & { keys(): string[] } {
  const objects = new Map<string, { info: StoredObjectInfo; bytes: Buffer }>();
  const copy = (info: StoredObjectInfo): StoredObjectInfo => ({ ...info, metadata: { ...info.metadata } });
  return {
    keys: () => [...objects.keys()],
    async put(key, bytes, contentType, metadata = {}) {
      const stored = Buffer.from(bytes);
      const info: StoredObjectInfo = {
        key,
        contentType,
        size: stored.byteLength,
        etag: `"${createHash('md5').update(stored).digest('hex')}"`,
        lastModified: new Date(),
        metadata: Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name.toLowerCase(), value])),
      };
      objects.set(key, { info, bytes: stored });
      return copy(info);
    },
    async get(key) {
      const found = objects.get(key);
      return found ? { ...copy(found.info), body: Readable.from([found.bytes]) } : null;
    },
    async head(key) {
      const found = objects.get(key);
      return found ? copy(found.info) : null;
    },
    async delete(key) {
      objects.delete(key);
    },
  };
}

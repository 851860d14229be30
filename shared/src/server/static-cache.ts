import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RemoteName } from '../routes';

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** Content-hashed files never change: cache them for a year. Entries and manifests revalidate every time. */
export function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const immutable = HASHED.test(filePath.replace(/\.(br|gz)$/, ''));
  void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** How every build folder is served: the build's .br/.gz twins, and our cache rule instead of the plugin's. */
export const buildStaticOptions = { preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;

/** A source map or a precompressed twin of one, however the path is encoded or spelled. */
export function isSourceMapPath(url: string): boolean {
  let pathname = url.split('?')[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: judge the raw path; the static plugin refuses it anyway.
  }
  return /\.map(\.(br|gz))?\/*$/i.test(pathname);
}

/**
 * Source maps are build artefacts (kept for error tracking), not something to publish: in production every server
 * answers 404 for them, whichever static root or proxy would otherwise have served them. Development serves them.
 */
export function hideSourceMaps(app: FastifyInstance, production: boolean): void {
  if (!production) return;
  app.addHook('onRequest', async (request, reply) => {
    if (isSourceMapPath(request.url)) return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado');
  });
}

/**
 * Serves a remote's build under `/remotes/<name>/`, the same from the gateway and from the remote's own
 * service, so a remote's caching does not depend on the topology. Source maps stay private in production.
 */
export async function serveRemoteBuild(app: FastifyInstance, options: { name: RemoteName; root: string; production: boolean }) {
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: `/remotes/${options.name}/`,
    // Several static roots share one app (the gateway serves all remotes and the shell).
    decorateReply: false,
    ...buildStaticOptions,
    allowedPath: (p) => !options.production || !isSourceMapPath(p),
  });
}

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRIVATE_ENTRIES, PUBLIC_DIR } from '../../../tooling/releases.mjs';
import { ApiError } from './http';

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** Content-hashed files never change: cache them for a year. Entries and manifests revalidate every time. */
export function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const immutable = HASHED.test(filePath.replace(/\.(br|gz)$/, ''));
  void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** How every build folder is served: the build's .br/.gz twins, and our cache rule instead of the plugin's. */
export const buildStaticOptions = { preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;

/**
 * The folder of a build (`<app>/dist`, a release, a volume's `current`) that is served to visitors: its `public/`.
 * The server build, `ssr-assets.json`, `release.json` and `.inputs-hash` sit beside it (tooling/releases.mjs).
 */
export const publicRoot = (build: string): string => path.join(build, PUBLIC_DIR);

/**
 * Where a remote's own service hands its server build to the gateway (shell/server/src/ssr.ts): outside `/remotes/`
 * and `/api/`, the only prefixes the gateway passes on, so only the internal network reaches it.
 */
export const SERVER_BUILD_PATH = '/internal/server-build/screens.cjs';

/**
 * A request path as a file server could end up reading it: decoded until it no longer changes (so `%2573` is `s`),
 * backslashes as slashes, `;params` dropped from each segment, trailing dots and spaces dropped (`server.`), letters
 * lowered; empty segments (`//`) removed. Dot segments are kept as they are, for the caller to refuse.
 */
export function pathSegments(url: string): string[] {
  let pathname = url.split(/[?#]/)[0] ?? '';
  for (let i = 0; i < 5; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      break; // Malformed escapes: judge what decoded so far; the router and the static plugin refuse the rest.
    }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  return pathname
    .replace(/\\/g, '/')
    .split('/')
    .map((segment) => {
      const bare = (segment.split(';')[0] ?? '').toLowerCase();
      // `.`, `..` and look-alikes such as `...` or `. .` stay visible as dot segments; other names lose trailing dots.
      return /^[. ]+$/.test(bare) ? bare.replace(/ /g, '') : bare.replace(/[. ]+$/, '');
    })
    .filter((segment) => segment !== '');
}

const PRIVATE = new Set(PRIVATE_ENTRIES.map((name) => name.toLowerCase()));
const SOURCE_MAP = /\.map(\.(br|gz))?$/;
/** `.`, `..` and look-alikes (`...`): no browser sends one; a proxy or a file server would resolve it. */
const isDotSegment = (segment: string) => /^\.+$/.test(segment);

/**
 * Whether a request path names something that is never a visitor's, however it is spelled: a dot segment, a server
 * build folder, a release's records, and in production a source map. Static roots contain none of these (they serve
 * `public/` alone); this is the second line.
 */
export function isPrivateBuildPath(url: string, production: boolean): boolean {
  const segments = pathSegments(url);
  if (segments.some((s) => isDotSegment(s) || PRIVATE.has(s))) return true;
  return production && SOURCE_MAP.test(segments.at(-1) ?? '');
}

/**
 * Every server (the gateway, each remote's service) answers 404 for private build paths before any route, static
 * root or proxy sees them. Source maps are build artefacts (kept for error tracking), not something to publish: in
 * production they are private too; development serves them. Under `/api/` no path is a file: there only a dot
 * segment is refused, as the bad input it is (400 in Spanish, as the proxy to a remote's service answers it too).
 */
export function hidePrivateBuildFiles(app: FastifyInstance, production: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      if (pathSegments(request.url).some(isDotSegment)) throw new ApiError(400, 'bad_request', 'La dirección solicitada no es válida.');
      return;
    }
    if (isPrivateBuildPath(request.url, production)) return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado');
  });
}

/**
 * Serves a remote's build (the `public/` of `build`) under `/remotes/<name>/`, the same from the gateway and from the
 * remote's own service, so a remote's caching does not depend on the topology. Source maps stay private in production.
 */
export async function serveRemoteBuild(app: FastifyInstance, options: { name: string; build: string; production: boolean }) {
  await app.register(fastifyStatic, {
    root: publicRoot(options.build),
    prefix: `/remotes/${options.name}/`,
    // Several static roots share one app (the gateway serves all remotes and the shell).
    decorateReply: false,
    ...buildStaticOptions,
    allowedPath: (p) => !isPrivateBuildPath(p, options.production),
  });
}

/**
 * A remote's service hands its current server build to the gateway at SERVER_BUILD_PATH (with an ETag, so the
 * gateway's If-None-Match check costs a 304). Nothing else of `server/` is served.
 */
export async function serveServerBuild(app: FastifyInstance, build: string) {
  await app.register(fastifyStatic, {
    root: path.join(build, 'server'),
    prefix: path.posix.dirname(SERVER_BUILD_PATH) + '/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => void reply.header('cache-control', 'no-cache'),
    allowedPath: (p) => p === `/${path.posix.basename(SERVER_BUILD_PATH)}`,
  });
}

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { site } from 'shared/foundation/site';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from 'shared/config/runtime';
import { matchRoute, patternRoutes, remoteNames, routes, type RemoteName } from '../../../site/routes';
import type { ApiModule } from 'shared/server/api-module';
import { apiNotFound } from 'shared/server/api-mount';
import { createApiHost } from 'shared/server/api-host';
import type { Database } from 'shared/server/db';
import type { Mailer } from 'shared/server/mailer';
import type { StaffDirectory, TokenVerifier } from 'shared/server/api-contract';
import type { StaffDirectorySource } from 'shared/server/server-config';
import { buildStaticOptions, isPrivateBuildPath, publicRoot, serveRemoteBuild } from 'shared/server/static-cache';
import type { PaymentProvider } from 'shared/server/payments/provider';
import { siteDomains } from '../../../site/server';
import type { GatewayConfig } from './config';
import { renderDocument } from './html';
import { browserSnapshot, type PublishingRefresh } from 'shared/server/publishing/refresh';
import { publishedSnapshot } from 'shared/publishing/snapshot';
import { ServerRenderer } from './ssr';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, negotiatePageEncoding, PageBodies, varyOnAcceptEncoding } from './page-encoding';
import { RemoteAssetIndex } from './remote-assets';
import { Breakers, registerRemoteProxy } from './remote-proxy';
import { registerSecurityHeaders } from './security';
import { mailboxPage } from './mailbox-page';
import { siteApi } from '../../api';
import { servePublishedFiles } from '../../api/files';
import type { ObjectStore } from 'shared/server/objects/object-store';

/** Loads a remote's API module by package name, so the gateway has no compile-time dependency on remotes. */
async function importApi(name: RemoteName): Promise<ApiModule> {
  const mod = (await import(`remote-${name}/server`)) as { default: ApiModule };
  return mod.default;
}

/** Forwarding headers a client may have written; the gateway states its own view instead. */
const CLIENT_FORWARDING_HEADERS = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
]);

/** The headers a proxied request carries to a remote's service: the client's address as this gateway determined it. */
function forwardedHeaders(req: Pick<FastifyRequest, 'ip' | 'protocol'>, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = Object.entries(headers).filter(([name]) => !CLIENT_FORWARDING_HEADERS.has(name));
  return { ...Object.fromEntries(kept), 'x-forwarded-for': req.ip, 'x-forwarded-proto': req.protocol };
}

export interface Gateway {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  /** The team's directory the APIs use (the local launcher seeds the first member through it). */
  staff: StaffDirectory;
  /** Resolves once migrations ran; /healthz answers 200 from then on. */
  ready: Promise<void>;
  /** What the staff published, as this process serves it (refreshed every PUBLISHED_REFRESH_MS, or asked now). */
  publishing?: PublishingRefresh;
}

/** Builds the gateway: the shell's build, every remote's static build and API, and the site-wide endpoints. */
export async function buildGateway(
  config: GatewayConfig,
  options: {
    apis?: ApiModule[];
    /** Replaces some remotes' APIs (tests give the account API a fake identity admin). */
    apiOverrides?: Partial<Record<RemoteName, ApiModule>>;
    payments?: PaymentProvider;
    identity?: TokenVerifier;
    staff?: StaffDirectorySource;
    /** A ready object store (tests); overrides the OBJECT_STORE_* configuration. */
    objects?: ObjectStore;
  } = {},
): Promise<Gateway> {
  // One after another: Jest's ESM loader races when sibling modules are imported concurrently (a few ms at start).
  const apis = options.apis ?? [];
  if (!options.apis) {
    for (const name of remoteNames.filter((n) => !config.remotes[n].apiUrl))
      apis.push(options.apiOverrides?.[name] ?? (await importApi(name)));
    // The site's own API (the foundation's data and content, #28): the gateway serves it in every topology.
    apis.push(siteApi);
  }
  const { app, database, mailer, ctx, ready, isReady } = await createApiHost(config, {
    apis,
    migrations: 'background',
    openapi: {
      title: `API de ${site.name}`,
      description: 'Cursos, donaciones, formularios de la comunidad y cuentas.',
      tags: [...remoteNames, siteApi.name].map((n) => ({ name: n })),
    },
    payments: options.payments,
    identity: options.identity,
    staff: options.staff,
    objects: options.objects,
    // The site's composition (site/server.ts): every API's `ctx.domains`.
    domains: siteDomains,
    beforeApis: async (host) => {
      registerSecurityHeaders(host, config);
      await host.register(compress, {
        threshold: COMPRESSION_THRESHOLD,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      });
    },
  });
  const localMailbox = mailer.local && !config.production;

  const breakers = new Breakers(config.proxy);
  for (const name of remoteNames) {
    const { apiUrl, staticUrl } = config.remotes[name];
    if (apiUrl) {
      await registerRemoteProxy(app, {
        name,
        kind: 'api',
        upstream: apiUrl,
        policy: config.proxy,
        breaker: breakers.for(apiUrl),
        // The remote limits writes per visitor: tell it who the visitor is. Whatever forwarding headers the client
        // wrote are replaced, not appended to, so the remote (trusting one hop: us) reads the address we determined.
        rewriteRequestHeaders: (req, headers) => forwardedHeaders(req, headers),
      });
    }
    if (staticUrl)
      await registerRemoteProxy(app, { name, kind: 'static', upstream: staticUrl, policy: config.proxy, breaker: breakers.for(staticUrl) });
  }

  // Remotes running in their own containers publish their own document. The last one each remote served is kept, so
  // a remote that is down (or restarting) does not vanish from the merged document.
  const lastKnownDocs = new Map<RemoteName, Record<string, unknown>>();
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const doc = app.swagger() as { paths?: Record<string, unknown> };
    const merged = { ...doc, paths: { ...(doc.paths ?? {}) } };
    await Promise.all(
      remoteNames
        .filter((n) => config.remotes[n].apiUrl)
        .map(async (n) => {
          const apiUrl = config.remotes[n].apiUrl as string;
          if (!breakers.for(apiUrl).open) {
            try {
              const res = await fetch(`${apiUrl}/api/${n}/openapi.json`, { signal: AbortSignal.timeout(2000) });
              if (res.ok) lastKnownDocs.set(n, ((await res.json()) as { paths?: Record<string, unknown> }).paths ?? {});
            } catch {
              // Down: its last known document stands in below.
            }
          }
          Object.assign(merged.paths, lastKnownDocs.get(n) ?? {});
        }),
    );
    return merged;
  });

  // The files the staff published (#28: ESAL documents, images), from the object store.
  servePublishedFiles(app, ctx.objects);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    return { status: 'ok', database: database.kind };
  });

  app.get('/remotes.json', { schema: { hide: true } }, async (_req, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      remotes: Object.fromEntries(remoteNames.map((n) => [n, { entry: config.remotes[n].entry }])),
      timeoutMs: config.remoteTimeoutMs,
    };
  });

  // Public settings the browser needs at run time (identity pool, payment script): one build serves every environment.
  app.get(RUNTIME_CONFIG_PATH, { schema: { hide: true } }, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    const { identity, payments } = config;
    const body: RuntimeConfig = {
      identity: {
        region: identity.region,
        userPoolId: identity.userPoolId,
        clientId: identity.clientId,
        endpoint: identity.endpoint,
        authFlow: identity.authFlow,
      },
      payments: { publicKey: payments.publicKey, scriptUrl: payments.scriptUrl },
    };
    return body;
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nDisallow: /api/\nDisallow: /dev/\nSitemap: ${config.publicOrigin}/sitemap.xml\n`),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const canonicals = [
      ...new Set([
        ...routes.map((r) => r.canonical).filter((c): c is string => c !== null),
        // Published pages under a prefix (#28: each live post), as they are now.
        ...patternRoutes.flatMap((p) => p.segments().map((segment) => `${p.prefix}${segment}`)),
      ]),
    ];
    const urls = canonicals.map((c) => `  <url><loc>${new URL(c, config.publicOrigin).href}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });

  if (localMailbox) {
    app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
      await mailer.flush();
      return mailer.list(100);
    });
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
      await mailer.flush();
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
        .send(mailboxPage(await mailer.list(100)));
    });
  }

  // Static builds: the shell at /, each local remote under /remotes/<name>/; only each build's public/ (its server
  // build, stylesheet index and release records sit beside it, and every path that names them answers 404 before
  // reaching a root or a proxy: shared/server/static-cache.ts).
  for (const name of remoteNames.filter((n) => !config.remotes[n].staticUrl)) {
    await serveRemoteBuild(app, { name, build: path.join(config.rootDir, `remote-${name}`, 'dist'), production: config.production });
  }
  const shellDist = path.join(config.rootDir, 'shell', 'dist');
  const staticRoots = [publicRoot(shellDist), path.join(config.rootDir, 'shell', 'public')];
  await app.register(fastifyStatic, {
    root: staticRoots,
    prefix: '/',
    // Looked up per request (not indexed at start), so a rebuild while the server runs is picked up.
    index: false,
    ...buildStaticOptions,
    allowedPath: (p) => !isPrivateBuildPath(p, config.production),
  });

  // Preload hints follow a remote's deploy within a second: its dist symlink is watched (and stat-polled), a proxied
  // remote's manifest asked for with If-None-Match.
  const assets = new RemoteAssetIndex(config.rootDir, config.remotes, { refreshMs: config.manifestRefreshMs, log: app.log });
  await assets.start();
  app.addHook('onClose', async () => assets.stop());

  const renderer = config.serverRendering
    ? new ServerRenderer({
        rootDir: config.rootDir,
        remotes: config.remotes,
        assets: assets.lookup,
        budgetMs: config.serverRenderBudgetMs,
        maxConcurrentRenders: config.serverRenderLimits.atOnce,
        rendersPerSecond: config.serverRenderLimits.perSecond,
        refreshMs: config.manifestRefreshMs,
        log: app.log,
      })
    : null;

  const templatePath = path.join(publicRoot(shellDist), 'index.html');
  let template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : null;
  // Outside production a rebuild's template is picked up within the builds' refresh period (a second), as their server
  // builds are, rather than read from disk for every page (#33: a stat and a read per uncached render).
  let templateReadAt = Date.now();
  const bodies = new PageBodies();
  const sendPage = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!config.production && (!template || Date.now() - templateReadAt >= config.manifestRefreshMs)) {
      templateReadAt = Date.now();
      if (existsSync(templatePath)) template = readFileSync(templatePath, 'utf8');
    }
    if (!template)
      return reply.status(503).type('text/plain; charset=utf-8').send('El sitio aún no está compilado: ejecuta npm run build.');
    const route = matchRoute(pathname);
    if (route?.noindex) void reply.header('x-robots-tag', 'noindex, nofollow');
    if (route?.secretPath) void reply.header('referrer-policy', 'no-referrer');
    const rendered = renderer && ServerRenderer.renders(route, pathname) ? await renderer.render(url, route) : null;
    const document = renderDocument(
      template,
      route,
      config.publicOrigin,
      assets.lookup,
      rendered,
      browserSnapshot(rendered?.published ?? publishedSnapshot(), siteDomains.documents, pathname),
    );
    // Encoded here, not by @fastify/compress (the page routes opt out of it): a kept render's bodies are encoded once
    // (page-encoding.ts). A HEAD gets the headers its GET would, Content-Encoding and Content-Length included.
    const { body, encoding } = await bodies.body(document, negotiatePageEncoding(request.headers), rendered);
    varyOnAcceptEncoding(reply);
    if (encoding) void reply.header('content-encoding', encoding);
    return (
      reply
        .status(route ? 200 : 404)
        // A page whose address is a credential is kept by no browser cache or proxy either.
        .header('cache-control', route?.secretPath ? 'no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body)
    );
  };

  // "/" is a directory of the build for the static plugin; it is the home page for visitors.
  app.get('/', { schema: { hide: true }, compress: false }, (request, reply) => sendPage('/', request, reply));

  const servePage = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodeURI(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/')) return reply.status(404).send(apiNotFound);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void reply.header('allow', 'GET, HEAD');
      // A browser's own submission of a served form (its page had not finished loading, or runs no JavaScript): POST,
      // so nothing typed lands in an address; the visitor gets a page in Spanish with the way back, not JSON.
      const page = matchRoute(pathname);
      if (page && request.method === 'POST' && /text\/html/.test(request.headers.accept ?? ''))
        return reply.status(405).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(unsentFormPage(page.path));
      return reply.status(405).send({ error: 'method_not_allowed', message: 'Método no permitido.' });
    }
    // Asset-looking paths (with an extension) that were not found are plain 404s, not the app.
    if (/\.[a-z0-9]{2,5}$/i.test(pathname) && !matchRoute(pathname))
      return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado');
    return sendPage(pathname, request, reply);
  };

  // The route table's pages, as the table spells them, go to the page at once (#33): otherwise the static plugin's
  // catch-all looked each one up on disk first (a readdir and a stat per segment and per root, then a stat per root),
  // about a fifth of the gateway's CPU on a rendered page, before its not-found handler served the same page. Other
  // spellings (/Nosotros, /nosotros/) still take that way. A path some build serves as a file keeps the file.
  for (const { path: pagePath } of routes) {
    if (pagePath === '/' || app.hasRoute({ method: 'GET', url: pagePath })) continue;
    if (staticRoots.some((root) => existsSync(path.join(root, pagePath)))) continue;
    app.get(pagePath, { schema: { hide: true }, compress: false }, servePage);
  }

  app.setNotFoundHandler(servePage);

  return { app, database, mailer, staff: ctx.staff, ready, publishing: ctx.publishing };
}

/**
 * What a visitor sees when the browser sent a served form itself (#33: forms are islands, and a press before the page
 * is ready, or without JavaScript, submits natively): nothing was sent to the foundation, and the way back to the form.
 * `path` is the route table's own spelling of the page, never the request's.
 */
function unsentFormPage(path: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<!-- No styles: the site's CSP allows no inline style, and the browser's own are readable at any width. -->
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>El formulario no se envió</title></head>
<body>
<main>
<h1>El formulario no se envió</h1>
<p>La página no había terminado de cargar cuando lo enviaste, así que no recibimos tus datos. Vuelve al formulario, espera a que cargue y envíalo de nuevo.</p>
<p><a href="${path}">Volver al formulario</a></p>
</main>
</body>
</html>
`;
}

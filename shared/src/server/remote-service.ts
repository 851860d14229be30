import path from 'node:path';
import { createApiHost } from './api-host';
import { envInt, readCommonConfig, type CommonServerConfig } from './server-config';
import type { FastifyInstance } from 'fastify';
import { site } from '../foundation/site';
import type { ApiModule } from './api-module';
import { apiNotFound } from './api-mount';
import type { Database } from './db';
import type { SiteDomains } from './domains';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';
import { serveRemoteBuild, serveServerBuild } from './static-cache';

/** Where and how one remote runs on its own (the container topology); read from the same variables as the gateway. */
export interface RemoteServiceConfig extends CommonServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The remote's folder: its build is `<remoteDir>/dist`. */
  remoteDir: string;
  /**
   * The build it serves: `<remoteDir>/dist`, or with RELEASES_DIR (a volume that outlives containers) its `current`
   * release, which also carries the hashed files of the releases before it, so open tabs keep working. Its `public/`
   * is served under `/remotes/<name>/`; its server build only at SERVER_BUILD_PATH, for the gateway.
   */
  staticDir: string;
}

/** Reads a remote service's configuration (the common part exactly as the gateway reads it). */
export function loadRemoteServiceConfig(env: NodeJS.ProcessEnv, remoteDir: string): RemoteServiceConfig {
  const port = envInt(env.PORT, 3000);
  const host = env.HOST || '127.0.0.1';
  return {
    ...readCommonConfig(env, `http://${host}:${port}`),
    port,
    host,
    // Not the gateway's `.data`: PGlite allows one process per directory.
    dataDir: env.DATA_DIR || path.join(remoteDir, '.data'),
    remoteDir,
    staticDir: env.RELEASES_DIR ? path.join(env.RELEASES_DIR, 'current') : path.join(remoteDir, 'dist'),
  };
}

export interface RemoteServiceOptions {
  /** The remote's folder (`remote-<name>/`). */
  remoteDir: string;
  /** Defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** A ready payment provider (tests); overrides the MERCADOPAGO_* configuration. */
  payments?: PaymentProvider;
  /** The site's composition (site/server.ts): `server/server.ts` passes it; a test of one API alone may go without. */
  domains?: SiteDomains;
}

export interface RemoteService {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  config: RemoteServiceConfig;
}

/**
 * Builds one remote as its own HTTP service, without listening: its API under `/api/<name>/` (as the gateway
 * mounts it), its OpenAPI document at `/api/<name>/openapi.json` (the gateway merges it), `/healthz`, its browser
 * build under `/remotes/<name>/`, and its server build at SERVER_BUILD_PATH (a path the gateway never passes on to
 * it, so only the internal network reaches it). Migrations have run when this resolves.
 */
export async function buildRemoteService(api: ApiModule, options: RemoteServiceOptions): Promise<RemoteService> {
  const config = loadRemoteServiceConfig(options.env ?? process.env, options.remoteDir);
  const { app, database, mailer } = await createApiHost(config, {
    apis: [api],
    migrations: 'before',
    openapi: {
      title: `API de ${site.name}: ${api.name}`,
      description: api.description,
      tags: [{ name: api.name, description: api.description }],
    },
    payments: options.payments,
    domains: options.domains,
  });

  app.get(`/api/${api.name}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  await serveRemoteBuild(app, { name: api.name, build: config.staticDir, production: config.production });
  await serveServerBuild(app, config.staticDir);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send(apiNotFound);
    return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado');
  });

  return { app, database, mailer, config };
}

/** Builds the remote's service and listens on HOST:PORT until SIGINT/SIGTERM. */
export async function startRemoteService(api: ApiModule, options: RemoteServiceOptions): Promise<RemoteService> {
  const service = await buildRemoteService(api, options);
  const { app, config } = service;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Servicio ${api.name} listo en http://${config.host}:${config.port}`);
  return service;
}

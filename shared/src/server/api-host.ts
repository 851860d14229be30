import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ApiModule } from './api-module';
import type { ApiContext } from './api-contract';
import { migrateApis, mountApi } from './api-mount';
import { openDatabase, type Database } from './db';
import { createHttpServer, registerRateLimit } from './http';
import { bearerSecurityScheme, type TokenVerifier } from './identity';
import { createMailer, type Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';
import type { SiteDomains } from './domains';
import type { ObjectStore } from './objects/object-store';
import { assertProductionReady, createApiContext, type CommonServerConfig, type StaffDirectorySource } from './server-config';
import { hidePrivateBuildFiles } from './static-cache';
import { startPublishingRefresh } from './publishing/refresh';

/** What answers an API request while migrations are still running (background mode only). */
const STARTING = { error: 'starting', message: 'El servicio se está iniciando. Intenta en unos segundos.' } as const;

export interface ApiHostOptions {
  /** The APIs this process serves in-process, each under `/api/<name>/`. */
  apis: ApiModule[];
  /**
   * `before`: migrations run before the HTTP app exists, so a container that cannot migrate exits instead of reporting
   * healthy (a remote's own service). `background`: the app answers at once and the APIs say 503 until migrations end
   * (the gateway, which also serves pages that need no database).
   */
  migrations: 'before' | 'background';
  /** The OpenAPI document's title, description and tags. */
  openapi: { title: string; description: string; tags: { name: string; description?: string }[] };
  /** Hooks and plugins that must wrap everything registered after them (security headers, compression). */
  beforeApis?: (app: FastifyInstance) => Promise<void>;
  /** A ready payment provider (tests); overrides the MERCADOPAGO_* configuration. */
  payments?: PaymentProvider;
  /** A ready token verifier (tests); overrides the COGNITO_* configuration. */
  identity?: TokenVerifier;
  /** The team's directory (tests); overrides the COGNITO_* configuration. */
  staff?: StaffDirectorySource;
  /** The site's composition (site/server.ts), passed to every API as `ctx.domains`. */
  domains?: SiteDomains;
  /** A ready object store (tests); overrides the OBJECT_STORE_* configuration. */
  objects?: ObjectStore;
}

export interface ApiHost {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  ctx: ApiContext;
  /** Resolves once migrations ran (at once in `before` mode). */
  ready: Promise<void>;
  /** True once migrations ran; `/healthz` says so. */
  isReady: () => boolean;
}

/**
 * The bootstrap every process that serves APIs shares, the gateway and each remote's own service: refuse an unsafe
 * production configuration, open the database and the mailer (closed with the app), migrate, then security plugins,
 * rate limit, OpenAPI and the APIs themselves, in that order. Routes of its own (health, static files, not-found) are
 * the caller's.
 */
export async function createApiHost(config: CommonServerConfig & { dataDir: string }, options: ApiHostOptions): Promise<ApiHost> {
  assertProductionReady(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(config.databasePoolMax ? { poolSize: config.databasePoolMax } : {}),
    ...(config.databaseNamedStatements === false ? { namedStatements: false } : {}),
  });
  let healthy = false;
  const migrate = async () => {
    await migrateApis(database.db, options.apis);
    healthy = true;
  };
  if (options.migrations === 'before') {
    try {
      await migrate();
    } catch (err) {
      await database.close();
      throw err;
    }
  }

  const app = createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy, timeouts: config.httpTimeouts });
  hidePrivateBuildFiles(app, config.production);
  // NODE_ENV=production with LOCAL_RUN=1 (npm start): said where an operator reads, in case it was not npm start.
  if (config.localRun)
    app.log.warn(
      'Ejecución local (LOCAL_RUN=1, la pone npm start): React en su compilación de producción, pero el sitio NO es producción (sustitutos locales, sin las exigencias de producción)',
    );
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, log: app.log });
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });
  const ctx = createApiContext(config, database.db, mailer, {
    payments: options.payments,
    identity: options.identity,
    staff: options.staff,
    domains: options.domains,
    objects: options.objects,
  });

  const ready = options.migrations === 'before' ? Promise.resolve() : migrate();
  ready.catch((err: unknown) => app.log.error({ err }, 'migrations failed'));
  ctx.migrated = ready;
  // What the staff published, loaded once migrated and kept current (a publication reaches this process's pages within
  // PUBLISHED_REFRESH_MS); every process that serves an API serves its pages, e-mails and PDFs from it.
  const publishing = startPublishingRefresh(database.db, ctx.domains.documents, {
    intervalMs: config.publishedRefreshMs,
    log: app.log,
    ready,
  });
  ctx.publishing = publishing;
  app.addHook('onClose', async () => publishing.stop());

  await options.beforeApis?.(app);
  await registerRateLimit(app, { max: config.writeLimit.max, timeWindowMs: config.writeLimit.timeWindow, redisUrl: config.redisUrl });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: options.openapi.title, version: '1.0.0', description: options.openapi.description },
      tags: options.openapi.tags,
      components: { securitySchemes: bearerSecurityScheme },
    },
  });

  for (const api of options.apis) {
    await mountApi(app, api, ctx, {
      onRequest: async (_req, reply) => {
        if (!healthy) await ready.catch(() => undefined);
        if (!healthy) return reply.status(503).send(STARTING);
      },
    });
  }

  return { app, database, mailer, ctx, ready, isReady: () => healthy };
}

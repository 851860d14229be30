import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { site } from '../config/site';
import type { ApiContext, ApiModule, ServerSettings } from './api-module';
import { apiNotFound, migrateApis, mountApi } from './api-mount';
import { openDatabase, type Database } from './db';
import { createHttpServer, registerRateLimit } from './http';
import { createMailer, type Mailer } from './mailer';
import { createMercadoPagoProvider } from './payments/mercadopago';
import type { PaymentProvider } from './payments/provider';
import { serveRemoteBuild } from './static-cache';

/** Where and how one remote runs on its own (the container topology); read from the same variables as the gateway. */
export interface RemoteServiceConfig {
  port: number;
  host: string;
  production: boolean;
  /** The site's public origin (the gateway's), used in e-mails and back URLs: never this service's own address. */
  publicOrigin: string;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  redisUrl?: string;
  trustProxy: boolean;
  writeLimit: { max: number; timeWindow: number };
  logLevel: string;
  /** The card payment provider, from the gateway's MERCADOPAGO_* variables (same meaning, same defaults). */
  payments: { accessToken: string; publicKey: string; webhookSecret: string; baseUrl?: string };
  /** The remote's folder: its browser build is `<remoteDir>/dist`. */
  remoteDir: string;
}

const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads a remote service's configuration; an empty variable (`SMTP_URL=` in an .env file) counts as unset. */
export function loadRemoteServiceConfig(env: NodeJS.ProcessEnv, remoteDir: string): RemoteServiceConfig {
  const port = int(env.PORT, 3000);
  const host = env.HOST || '127.0.0.1';
  const production = env.NODE_ENV === 'production';
  // As the gateway: without a real provider, outside production, the local payment sandbox `npm start` runs.
  const sandbox = !env.MERCADOPAGO_ACCESS_TOKEN && !production && !env.MERCADOPAGO_BASE_URL;
  const payments: RemoteServiceConfig['payments'] = {
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN || 'TEST-sandbox-token',
    publicKey: env.MERCADOPAGO_PUBLIC_KEY || 'TEST-sandbox-public-key',
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || (production ? '' : 'sandbox-webhook-secret'),
  };
  const paymentsBaseUrl = env.MERCADOPAGO_BASE_URL || (sandbox ? `http://127.0.0.1:${int(env.PAYMENT_SANDBOX_PORT, 8090)}` : undefined);
  if (paymentsBaseUrl) payments.baseUrl = paymentsBaseUrl;
  const config: RemoteServiceConfig = {
    port,
    host,
    production,
    publicOrigin: (env.PUBLIC_ORIGIN || `http://${host}:${port}`).replace(/\/$/, ''),
    // Not the gateway's `.data`: PGlite allows one process per directory.
    dataDir: env.DATA_DIR || path.join(remoteDir, '.data'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    writeLimit: { max: int(env.RATE_LIMIT_WRITES, 20), timeWindow: int(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    logLevel: env.LOG_LEVEL || 'info',
    payments,
    remoteDir,
  };
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.SMTP_URL) config.smtpUrl = env.SMTP_URL;
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  return config;
}

export interface RemoteServiceOptions {
  /** The remote's folder (`remote-<name>/`). */
  remoteDir: string;
  /** Defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** A ready payment provider (tests); overrides the MERCADOPAGO_* configuration. */
  payments?: PaymentProvider;
}

export interface RemoteService {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  config: RemoteServiceConfig;
}

/**
 * Builds one remote as its own HTTP service, without listening: its API under `/api/<name>/` (as the gateway
 * mounts it), its OpenAPI document at `/api/<name>/openapi.json` (the gateway merges it), `/healthz`, and its
 * browser build under `/remotes/<name>/`. Migrations have run when this resolves.
 */
export async function buildRemoteService(api: ApiModule, options: RemoteServiceOptions): Promise<RemoteService> {
  const config = loadRemoteServiceConfig(options.env ?? process.env, options.remoteDir);
  if (config.production && (!config.payments.webhookSecret || config.payments.accessToken.startsWith('TEST-sandbox'))) {
    throw new Error('En producción se requieren MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET reales');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Before the app exists, so a container that cannot migrate exits instead of reporting healthy.
    await migrateApis(database.db, [api]);
  } catch (err) {
    await database.close();
    throw err;
  }
  const app = createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy });
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, log: app.log });
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

  const settings: ServerSettings = {
    production: config.production,
    publicOrigin: config.publicOrigin,
    writeLimit: config.writeLimit,
    paymentWebhookSecret: config.payments.webhookSecret,
    paymentPublicKey: config.payments.publicKey,
  };
  const payments =
    options.payments ?? createMercadoPagoProvider({ accessToken: config.payments.accessToken, baseUrl: config.payments.baseUrl });
  const ctx: ApiContext = { db: database.db, mailer, settings, payments };

  await registerRateLimit(app, { max: config.writeLimit.max, timeWindowMs: config.writeLimit.timeWindow, redisUrl: config.redisUrl });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `API de ${site.name}: ${api.name}`, version: '1.0.0', description: api.description },
      tags: [{ name: api.name, description: api.description }],
    },
  });
  await mountApi(app, api, ctx);

  app.get(`/api/${api.name}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  await serveRemoteBuild(app, { name: api.name, root: path.join(config.remoteDir, 'dist'), production: config.production });

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

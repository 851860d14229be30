import type { AnyDatabase } from './db';
import type { ApiContext, ServerSettings } from './api-module';
import type { Mailer } from './mailer';
import { createMercadoPagoProvider } from './payments/mercadopago';
import type { PaymentProvider } from './payments/provider';

/** Settings every server of the site reads the same way: the gateway and each remote run standalone. */
export interface CommonServerConfig {
  production: boolean;
  publicOrigin: string;
  databaseUrl?: string;
  smtpUrl?: string;
  redisUrl?: string;
  trustProxy: boolean;
  writeLimit: { max: number; timeWindow: number };
  logLevel: string;
  donationBounds: { min: number; max: number };
  payments: {
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    /** Provider API origin; unset means the provider's own. */
    baseUrl?: string;
    /** Start the local payment sandbox (embedded default: no real provider configured, not production). */
    startSandbox: boolean;
    sandboxPort: number;
  };
}

/** A positive integer from the environment, or the fallback. */
export const envInt = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads the common settings; an empty variable (`SMTP_URL=` in an .env file) counts as unset. */
export function readCommonConfig(env: NodeJS.ProcessEnv, defaultOrigin: string): CommonServerConfig {
  const production = env.NODE_ENV === 'production';
  const sandboxPort = envInt(env.PAYMENT_SANDBOX_PORT, 8090);
  const startSandbox = !env.MERCADOPAGO_ACCESS_TOKEN && !production && !env.MERCADOPAGO_BASE_URL;
  const payments: CommonServerConfig['payments'] = {
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN || 'TEST-sandbox-token',
    publicKey: env.MERCADOPAGO_PUBLIC_KEY || 'TEST-sandbox-public-key',
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || (production ? '' : 'sandbox-webhook-secret'),
    startSandbox,
    sandboxPort,
  };
  const baseUrl = env.MERCADOPAGO_BASE_URL || (startSandbox ? `http://127.0.0.1:${sandboxPort}` : undefined);
  if (baseUrl) payments.baseUrl = baseUrl;
  const config: CommonServerConfig = {
    production,
    publicOrigin: (env.PUBLIC_ORIGIN || defaultOrigin).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    writeLimit: { max: envInt(env.RATE_LIMIT_WRITES, 20), timeWindow: envInt(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    logLevel: env.LOG_LEVEL || 'info',
    donationBounds: { min: envInt(env.DONATION_MIN_COP, 5_000), max: envInt(env.DONATION_MAX_COP, 20_000_000) },
    payments,
  };
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.SMTP_URL) config.smtpUrl = env.SMTP_URL;
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  return config;
}

/** Production never runs on the sandbox's credentials: its webhook secret is public. */
export function assertProductionReady(config: CommonServerConfig): void {
  if (config.production && (!config.payments.webhookSecret || config.payments.accessToken.startsWith('TEST-sandbox'))) {
    throw new Error('En producción se requieren MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET reales');
  }
}

/** What every API plugin receives, built the same way in the gateway and in a standalone remote. */
export function createApiContext(config: CommonServerConfig, db: AnyDatabase, mailer: Mailer, payments?: PaymentProvider): ApiContext {
  const settings: ServerSettings = {
    production: config.production,
    publicOrigin: config.publicOrigin,
    writeLimit: config.writeLimit,
    paymentWebhookSecret: config.payments.webhookSecret,
    paymentPublicKey: config.payments.publicKey,
    donationBounds: config.donationBounds,
  };
  return {
    db,
    mailer,
    settings,
    payments: payments ?? createMercadoPagoProvider({ accessToken: config.payments.accessToken, baseUrl: config.payments.baseUrl }),
  };
}

import type { AnyDatabase } from './db';
import type { ApiContext, ServerSettings } from './api-module';
import type { Mailer } from './mailer';
import { createMercadoPagoProvider } from './payments/mercadopago';
import type { PaymentProvider } from './payments/provider';
import { createTokenVerifier, type TokenVerifier } from './identity';

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
    /** MercadoPago.js v2 (the local sandbox serves a stand-in); loaded lazily by the donation page. */
    scriptUrl: string;
  };
  identity: IdentityConfig;
}

/** The Cognito user pool the site signs people into (or the local emulator speaking its API). */
export interface IdentityConfig {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Cognito API origin when it is not AWS's regional one (the emulator locally); null means AWS. */
  endpoint: string | null;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** `iss` of the pool's tokens and where its signing keys are published. */
  issuer: string;
  jwksUri: string;
  /** Start the local emulator (embedded default: no pool configured, not production). */
  startEmulator: boolean;
  emulatorPort: number;
}

/** Id of the emulator's seeded pool and app client (the pool id is also its data file's name). */
export const EMULATOR_POOL_ID = 'local_tejiendo';
export const EMULATOR_CLIENT_ID = 'tejiendo-web-local';

/** The identity settings: a real pool when COGNITO_USER_POOL_ID is set, otherwise the local emulator. */
export function readIdentityConfig(env: NodeJS.ProcessEnv, production: boolean): IdentityConfig {
  const region = env.COGNITO_REGION || 'us-east-1';
  const emulatorPort = envInt(env.IDENTITY_EMULATOR_PORT, 9239);
  const startEmulator = !env.COGNITO_USER_POOL_ID && !production;
  const userPoolId = env.COGNITO_USER_POOL_ID || EMULATOR_POOL_ID;
  const endpoint = (env.COGNITO_ENDPOINT || (startEmulator ? `http://127.0.0.1:${emulatorPort}` : '')).replace(/\/$/, '') || null;
  const issuer = endpoint ? `${endpoint}/${userPoolId}` : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    region,
    userPoolId,
    clientId: env.COGNITO_CLIENT_ID || EMULATOR_CLIENT_ID,
    endpoint,
    authFlow: env.COGNITO_AUTH_FLOW === 'USER_SRP_AUTH' ? 'USER_SRP_AUTH' : 'USER_PASSWORD_AUTH',
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    startEmulator,
    emulatorPort,
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
    scriptUrl: env.MERCADOPAGO_SCRIPT_URL || (startSandbox ? `http://127.0.0.1:${sandboxPort}/js/v2` : 'https://sdk.mercadopago.com/js/v2'),
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
    identity: readIdentityConfig(env, production),
  };
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.SMTP_URL) config.smtpUrl = env.SMTP_URL;
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  return config;
}

/**
 * Production never runs on stand-ins: the payment sandbox's webhook secret and the identity emulator's signing key
 * ship with the code, so anyone could forge a payment notification or a login token.
 */
export function assertProductionReady(config: CommonServerConfig): void {
  if (!config.production) return;
  if (!config.payments.webhookSecret || config.payments.accessToken.startsWith('TEST-sandbox')) {
    throw new Error('En producción se requieren MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET reales');
  }
  const { identity } = config;
  if (
    identity.userPoolId === EMULATOR_POOL_ID ||
    identity.clientId === EMULATOR_CLIENT_ID ||
    !identity.issuer.startsWith('https://cognito-idp.')
  ) {
    throw new Error(
      'En producción se requiere un grupo de usuarios de Cognito real (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID), no el emulador',
    );
  }
}

/** What every API plugin receives, built the same way in the gateway and in a standalone remote. */
export function createApiContext(
  config: CommonServerConfig,
  db: AnyDatabase,
  mailer: Mailer,
  payments?: PaymentProvider,
  identity?: TokenVerifier,
): ApiContext {
  const settings: ServerSettings = {
    production: config.production,
    publicOrigin: config.publicOrigin,
    writeLimit: config.writeLimit,
    paymentWebhookSecret: config.payments.webhookSecret,
    paymentPublicKey: config.payments.publicKey,
    donationBounds: config.donationBounds,
    identity: config.identity,
  };
  return {
    db,
    mailer,
    settings,
    payments: payments ?? createMercadoPagoProvider({ accessToken: config.payments.accessToken, baseUrl: config.payments.baseUrl }),
    identity: identity ?? createTokenVerifier(config.identity, { requireVerifiedEmail: config.identity.endpoint === null }),
  };
}

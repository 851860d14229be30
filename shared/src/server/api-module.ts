import type { FastifyPluginAsync } from 'fastify';
import type { RemoteName } from '../routes';
import type { AnyDatabase, DomainMigrations } from './db';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';
import type { TokenVerifier } from './identity';
import type { IdentityConfig } from './server-config';

/** What the server knows about where and how it runs; every API plugin receives it. */
export interface ServerSettings {
  production: boolean;
  /** Public origin of the site (used in e-mails, back URLs and canonicals), without trailing slash. */
  publicOrigin: string;
  /** Per-route rate limit of public writes, per client and window. */
  writeLimit: { max: number; timeWindow: number };
  /** Secret the payment provider signs notifications with. */
  paymentWebhookSecret: string;
  /** Public key for the provider's browser script. */
  paymentPublicKey: string;
  /** Donation bounds in whole COP (configurable; within the provider's limits). */
  donationBounds: { min: number; max: number };
  /** The user pool (or its local emulator) accounts live in. */
  identity: IdentityConfig;
}

/** Everything an API plugin may use: no globals, so tests and the gateway inject their own. */
export interface ApiContext {
  db: AnyDatabase;
  mailer: Mailer;
  settings: ServerSettings;
  /** The card payment provider (Mercado Pago, or the local sandbox speaking its API). */
  payments: PaymentProvider;
  /** Checks the identity provider's tokens; the only way a request becomes a signed-in user's. */
  identity: TokenVerifier;
}

/** A remote's server side: its own schema's migrations and a Fastify plugin mounted under `/api/<name>/`. */
export interface ApiModule {
  name: RemoteName;
  /** One line for the OpenAPI tag. */
  description: string;
  migrations: DomainMigrations;
  plugin: FastifyPluginAsync<ApiContext>;
}

/** Route config for a public write: opts the route into the site's rate limit. */
export function publicWrite(settings: ServerSettings) {
  return { rateLimit: { max: settings.writeLimit.max, timeWindow: settings.writeLimit.timeWindow } };
}

/** How many times the public-write limit a provider webhook may receive (providers send bursts from few addresses). */
export const WEBHOOK_LIMIT_FACTOR = 30;

/** Route config for a provider webhook: rate-limited too, but far above a visitor's form limit. */
export function publicWebhook(settings: ServerSettings) {
  return { rateLimit: { max: settings.writeLimit.max * WEBHOOK_LIMIT_FACTOR, timeWindow: settings.writeLimit.timeWindow } };
}

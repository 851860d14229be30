import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext, ServerSettings } from './api-contract';
import type { DomainMigrations } from './db';

/** A remote's server side: its own schema's migrations and a Fastify plugin mounted under `/api/<name>/`. */
export interface ApiModule {
  /** Its name, as in `/api/<name>/` (the site's remotes: site/routes.ts). */
  name: string;
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

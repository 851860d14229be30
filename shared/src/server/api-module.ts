import type { FastifyPluginAsync } from 'fastify';
import type { RemoteName } from '../routes';
import type { AnyDatabase, DomainMigrations } from './db';
import type { Mailer } from './mailer';

/** What the server knows about where and how it runs; every API plugin receives it. */
export interface ServerSettings {
  production: boolean;
  /** Public origin of the site (used in e-mails, back URLs and canonicals), without trailing slash. */
  publicOrigin: string;
  /** Per-route rate limit of public writes, per client and window. */
  writeLimit: { max: number; timeWindow: number };
}

/** Everything an API plugin may use: no globals, so tests and the gateway inject their own. */
export interface ApiContext {
  db: AnyDatabase;
  mailer: Mailer;
  settings: ServerSettings;
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

import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ApiContext } from './api-contract';
import type { ApiModule } from './api-module';
import type { SiteDb } from './database';
import { migrateDomain } from './db';
import type { ErrorBody } from './http';
import { mailMigrations } from './mailer';
import { staffMigrations } from './audit';
import { privacyMigrations } from './consents';
import { publishingMigrations } from './publishing/revisions';

/** The API's answer to a path it does not have (the gateway's and every remote service's). */
export const apiNotFound: ErrorBody = { error: 'not_found', message: 'El recurso solicitado no existe.' };

/**
 * Applies the shared tables' migrations (mail outbox; staff audit and job runs; consent proofs) and each API's. In the container topology the gateway and every remote
 * migrate the same PostgreSQL at the same moment: two concurrent `create schema if not exists` can still collide
 * on PostgreSQL's catalog, so a failed domain is retried (migrations themselves run under Kysely's lock).
 */
export async function migrateApis(db: SiteDb, apis: readonly ApiModule[], retry = { attempts: 4, delayMs: 250 }): Promise<void> {
  for (const domain of [mailMigrations, staffMigrations, privacyMigrations, publishingMigrations, ...apis.map((api) => api.migrations)]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await migrateDomain(db, domain);
        break;
      } catch (err) {
        if (attempt >= retry.attempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, retry.delayMs * attempt));
      }
    }
  }
}

/** Mounts an API plugin under `/api/<name>/` with its context; `onRequest` runs before every route of it. */
export async function mountApi(
  app: FastifyInstance,
  api: ApiModule,
  ctx: ApiContext,
  options: { onRequest?: onRequestHookHandler } = {},
): Promise<void> {
  await app.register(
    async (scope) => {
      if (options.onRequest) scope.addHook('onRequest', options.onRequest);
      await scope.register(api.plugin, ctx);
      scope.setNotFoundHandler((_req, reply) => reply.status(404).send(apiNotFound));
    },
    { prefix: `/api/${api.name}` },
  );
}

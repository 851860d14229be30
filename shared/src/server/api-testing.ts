// Test support: one remote's API plugin on the site's HTTP conventions, without the gateway (the way Fastify's own
// plugins are tested: a bare server, `register`, `inject`). A test that needs two domains at once uses the gateway.
import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { ApiContext, ServerSettings, TokenVerifier } from './api-contract';
import { createTestStaffDirectory } from './staff-testing';
import type { ApiModule } from './api-module';
import { migrateApis, mountApi } from './api-mount';
import type { SiteDb } from './database';
import type { SiteDomains } from './domains';
import { openDatabase } from './db';
import { createHttpServer, registerRateLimit } from './http';
import { createMailer, type Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';
import type { SubscriptionProvider } from './payments/subscriptions';
import type { ObjectStore } from './objects/object-store';
import { memoryObjectStore } from './objects/memory-testing';
import { createApiContext, readCommonConfig, type StaffDirectorySource } from './server-config';

/** What a test may replace; everything else is what a server configured with an empty environment would use. */
export interface TestApiDeps {
  payments?: PaymentProvider;
  /** The provider's subscriptions, e.g. the client pointed at the stand-in started by the test. */
  subscriptions?: SubscriptionProvider;
  identity?: TokenVerifier;
  /**
   * The team: by default an empty in-memory one (staff-testing.ts); a function builds the real directory on the test's
   * database (`(db) => databaseStaffDirectory(db, fakeStaffAccounts())`).
   */
  staff?: StaffDirectorySource;
  /** e.g. `{ writeLimit: { max: 1000, timeWindow: 60_000 } }` for a suite that writes more than a visitor would. */
  settings?: Partial<ServerSettings>;
  /** An SMTP stand-in: the mailer then delivers through it as with SMTP_URL (and redacts the stored copies). */
  mailTransport?: Transporter;
  /**
   * The site's composition (`siteDomains` of site/server.ts, which shared/ cannot import): for an API that reads
   * another domain's service or the personal-data registry. Without it, using `ctx.domains` fails saying so.
   */
  domains?: SiteDomains;
  /** Where files go: by default an empty in-memory store (objects/memory-testing.ts), answering as the S3 one does. */
  objects?: ObjectStore;
}

export interface TestApi {
  /** Routes under `/api/<name>/`, as the gateway and the remote's own service mount them. */
  app: FastifyInstance;
  db: SiteDb;
  /** The outbox: `mailer.list()` is what the site has sent. */
  mailer: Mailer;
  ctx: ApiContext;
  close(): Promise<void>;
}

/**
 * Starts `api` alone on in-memory PGlite: the mail outbox's and its own migrations, the site's HTTP conventions
 * (`createHttpServer`: zod validation, Spanish errors, control characters, no-store) and the public-write rate limit.
 */
export async function testApi(api: ApiModule, deps: TestApiDeps = {}): Promise<TestApi> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateApis(database.db, [api]);
  const config = readCommonConfig({}, 'http://127.0.0.1:8080');
  const app = createHttpServer({ logLevel: 'silent' });
  const mailer = createMailer({ db: database.db, log: app.log, ...(deps.mailTransport ? { transport: deps.mailTransport } : {}) });
  const base = createApiContext(config, database.db, mailer, {
    payments: deps.payments,
    subscriptions: deps.subscriptions,
    identity: deps.identity,
    staff: deps.staff ?? createTestStaffDirectory(),
    domains: deps.domains,
    objects: deps.objects ?? memoryObjectStore(),
  });
  const ctx: ApiContext = { ...base, settings: { ...base.settings, ...deps.settings } };
  await registerRateLimit(app, { max: ctx.settings.writeLimit.max, timeWindowMs: ctx.settings.writeLimit.timeWindow });
  await mountApi(app, api, ctx);
  await app.ready();
  return {
    app,
    db: database.db,
    mailer,
    ctx,
    async close() {
      await app.close();
      mailer.close();
      await database.close();
    },
  };
}

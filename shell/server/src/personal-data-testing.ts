// Test support for the personal-data suites (personal-data*.test.ts): the four domains' APIs mounted on one database of
// `testDatabases` (PGlite, and PostgreSQL when DATABASE_URL is set), a team member, a fake payment provider, and a
// fake identity provider that both the account API (accounts opened after a payment) and the engine (read, delete) use.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createAccountApi } from 'remote-account/server';
import type { AccountDirectory, NewAccount } from 'remote-account/server';
import communityApi from 'remote-community/server';
import coursesApi from 'remote-courses/server';
import givingApi from 'remote-giving/server';
import type { ApiContext } from 'shared/server/api-contract';
import type { ApiModule } from 'shared/server/api-module';
import { migrateApis, mountApi } from 'shared/server/api-mount';
import type { Database } from 'shared/server/db';
import { createHttpServer, registerRateLimit } from 'shared/server/http';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createMailer, type MailboxEntry, type Mailer } from 'shared/server/mailer';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import type { IdentityAccount, IdentityAccounts } from 'shared/server/personal-data/identity-accounts';
import { createApiContext, readCommonConfig } from 'shared/server/server-config';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { createPersonalDataEngine } from '../../../site/personal-data';
import { siteDomains } from '../../../site/server';

export const ORIGIN = 'http://127.0.0.1:8080';
export const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', admin: true });
const ana = staffToken(identity, { email: 'ana@fundacion.org', admin: true });

/** The identity provider in miniature: the account API opens accounts in it, the engine reads and deletes them. */
export class FakeAccounts implements AccountDirectory, IdentityAccounts {
  readonly users = new Map<string, NewAccount & { sub: string; createdAt: Date }>();
  async createUser(account: NewAccount) {
    if (this.users.has(account.email)) return 'exists' as const;
    const sub = `sub-${this.users.size + 1}`;
    this.users.set(account.email, { ...account, sub, createdAt: new Date() });
    return { sub };
  }
  async find(email: string): Promise<IdentityAccount | null> {
    const u = this.users.get(email);
    if (!u) return null;
    return {
      attributes: { sub: u.sub, email: u.email, name: u.name, phone_number: u.phone ?? '', 'custom:identity_number': u.identityNumber },
      createdAt: u.createdAt,
      enabled: true,
      status: 'FORCE_CHANGE_PASSWORD',
    };
  }
  async remove(email: string) {
    return this.users.delete(email);
  }
}

export interface TestSite {
  app: FastifyInstance;
  db: Database['db'];
  mailer: Mailer;
  ctx: ApiContext;
  accounts: FakeAccounts;
  provider: FakePaymentProvider;
  /** A public POST from one visitor's address; throws with the answer unless it is 2xx. */
  post(url: string, payload: object, headers?: Record<string, string>): Promise<Record<string, string>>;
  /** A team member's call; throws with the answer unless it is 200. */
  staffCall(method: 'POST' | 'PUT', url: string, payload: object): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  mailsTo(to: string): Promise<MailboxEntry[]>;
  close(): Promise<void>;
}

/** The site's four APIs on `database`, migrated; the account API with the engine on the fake identity provider. */
export async function startSite(database: Database): Promise<TestSite> {
  const accounts = new FakeAccounts();
  const provider = new FakePaymentProvider();
  const account = createAccountApi({
    directory: accounts,
    dataRequests: { personalData: (c) => createPersonalDataEngine({ db: c.db, accounts }) },
  });
  const apis: ApiModule[] = [coursesApi, givingApi, communityApi, account];
  await migrateApis(database.db, apis);
  const app = createHttpServer({ logLevel: 'silent' });
  const mailer = createMailer({ db: database.db, log: app.log });
  const base = createApiContext(readCommonConfig({}, ORIGIN), database.db, mailer, {
    identity: identity.verifier,
    staff,
    payments: provider,
    domains: siteDomains,
  });
  const ctx: ApiContext = { ...base, settings: { ...base.settings, writeLimit: { max: 1000, timeWindow: 60_000 } } };
  await registerRateLimit(app, { max: 1000, timeWindowMs: 60_000 });
  for (const api of apis) await mountApi(app, api, ctx);
  await app.ready();
  const check = (res: Awaited<ReturnType<FastifyInstance['inject']>>, url: string, ok: (code: number) => boolean) => {
    if (!ok(res.statusCode)) throw new Error(`${url} respondió ${res.statusCode}: ${res.body}`);
    return res;
  };
  return {
    app,
    db: database.db,
    mailer,
    ctx,
    accounts,
    provider,
    async post(url, payload, headers = {}) {
      // The person ticks every form's authorization (#15): its proof is one more record the copy and the erasure cover.
      const options: InjectOptions = {
        method: 'POST',
        url,
        payload: { data_authorization: true, ...payload },
        headers,
        remoteAddress: '10.20.30.40',
      };
      return check(await app.inject(options), url, (c) => c >= 200 && c < 300).json<Record<string, string>>();
    },
    async staffCall(method, url, payload) {
      return check(await app.inject({ method, url, payload, headers: { authorization: `Bearer ${ana}` } }), url, (c) => c === 200);
    },
    async mailsTo(to) {
      return (await mailer.list(1000)).filter((x) => x.to === to);
    },
    async close() {
      await app.close();
      mailer.close();
    },
  };
}

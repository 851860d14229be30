import { sql } from 'kysely';
import type { ApiModule } from 'shared/server/api-module';
import {
  dataRequestAccountDeletionsMigration,
  dataRequestCompletionMigration,
  dataRequestLinksMigration,
  dataRequestsMigration,
  registerDataRequests,
  type DataRequestOptions,
} from './data-requests';
import { cognitoDirectory, type AccountDirectory } from './directory';
import { registrationConsentRoutes } from './registration-consent';
import { accountRoutes } from './routes';
import { registerAccountStaffRoutes, staffInvitationRoutes } from './staff';

/**
 * Account API: Mis Cursos, certificates, the account opened after a verified payment, and the panel's team and audit
 * (`/staff/`). `directory` replaces the identity provider's admin side (tests); by default it is the configured
 * Cognito pool or its local emulator.
 */
export function createAccountApi(options: { directory?: AccountDirectory; dataRequests?: DataRequestOptions } = {}): ApiModule {
  return {
    name: 'account',
    description: 'Cuentas, Mis Cursos y certificados',
    migrations: {
      schema: 'account',
      migrations: {
        '001_payment_accounts': {
          async up(db) {
            await db.schema
              .withSchema('account')
              .createTable('payment_accounts')
              // One account per paid enrolment: the claim that makes a reloaded success page create nothing.
              .addColumn('enrolment_reference', 'text', (c) => c.primaryKey())
              .addColumn('payment_id', 'text', (c) => c.notNull())
              .addColumn('email', 'text', (c) => c.notNull())
              .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('pending'))
              .addColumn('user_sub', 'text')
              .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
              .execute();
          },
        },
        // The data subject's requests (#15): data-requests/migrations.ts.
        '002_data_requests': dataRequestsMigration,
        '003_data_request_completion': dataRequestCompletionMigration,
        '004_data_request_account_deletions': dataRequestAccountDeletionsMigration,
        '005_data_request_links': dataRequestLinksMigration,
      },
    },
    plugin: async (app, ctx) => {
      let directory = options.directory;
      await app.register(
        accountRoutes(() => (directory ??= cognitoDirectory(ctx.settings.identity))),
        ctx,
      );
      await registerAccountStaffRoutes(app, ctx);
      await app.register(staffInvitationRoutes, ctx);
      // The registration form's authorization proof (#15).
      await app.register(registrationConsentRoutes, ctx);
      await registerDataRequests(app, ctx, options.dataRequests);
    },
  };
}

export const accountApi = createAccountApi();
export default accountApi;

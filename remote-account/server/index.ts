import type { ApiModule } from 'shared/server/api-module';
import { registerDataRequests, type DataRequestOptions } from '../src/data-requests/server/data-requests';
import { cognitoDirectory, type AccountDirectory } from '../src/mis-cursos/server/directory';
import { registrationConsentRoutes } from '../src/registration/server/registration-consent';
import { accountRoutes } from '../src/mis-cursos/server/routes';
import { coursePageRoutes } from '../src/mis-cursos/server/course-page';
import { accountMigrations } from './migrations';
import { dataRequestsToday } from '../src/data-requests/server/today';
import { todayRoutes } from 'shared/server/today';
import { registerAccountStaffRoutes, staffInvitationRoutes } from '../src/staff/server/staff';

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
      migrations: accountMigrations,
    },
    plugin: async (app, ctx) => {
      let directory = options.directory;
      await app.register(
        accountRoutes(() => (directory ??= cognitoDirectory(ctx.settings.identity))),
        ctx,
      );
      // Mis Cursos's course page and its calendar (#31).
      await app.register(coursePageRoutes, ctx);
      await registerAccountStaffRoutes(app, ctx);
      await app.register(staffInvitationRoutes, ctx);
      // The registration form's authorization proof (#15).
      await app.register(registrationConsentRoutes, ctx);
      await registerDataRequests(app, ctx, options.dataRequests);
      // Staff: its part of the panel's "Hoy" (#28).
      await app.register(todayRoutes('account', [dataRequestsToday], options.dataRequests?.now), ctx);
    },
  };
}

// What the gateway's and the sandbox's tests use of the feature folders' server parts (they import this remote's
// `server/` only, never its `src/`).
export type { AccountDirectory, NewAccount } from '../src/mis-cursos/server/directory';
export { codeMail, responseMail } from '../src/data-requests/server/mail';
export { invitationMail } from '../src/staff/server/staff';

export const accountApi = createAccountApi();
export default accountApi;

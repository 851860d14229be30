import type { FastifyPluginAsync } from 'fastify';
import type { RegistrationConsentInput } from '../schemas';
import { shownVersion } from 'shared/schemas/consent';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { recordConsent } from 'shared/server/consents';
import { registrationConsent } from '../../../manifest/consent';
import { route } from 'shared/server/operation-routes';
import { registrationOperations } from '../operations';

/**
 * The registration form's authorization (#15). The browser creates the account in the identity provider itself, so the
 * site keeps the proof (form, policy version, digest of the text shown, date, address) from this call, which the form
 * makes before the sign-up and without which it does not go on. Rate-limited like every public write; it stores no more
 * than the address the person typed.
 */
export const registrationConsentRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    registrationOperations.registrationConsent,
    async (request) => {
      const body = request.body as RegistrationConsentInput & { email: string };
      await recordConsent(ctx.db, {
        form: registrationConsent,
        version: shownVersion(body),
        recordTable: 'identity.accounts',
        recordRef: body.email.trim().toLowerCase(),
        email: body.email,
      });
      return { recorded: true as const };
    },
    { config: publicWrite(ctx.settings) },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import {
  registrationConsentResponseSchema,
  registrationConsentSchema,
  type RegistrationConsentInput,
  type RegistrationConsentResponse,
} from 'shared/schemas/account';
import { shownVersion } from 'shared/schemas/consent';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { recordConsent } from 'shared/server/consents';
import { zodResponse, zodSchema } from 'shared/server/http';

/**
 * The registration form's authorization (#15). The browser creates the account in the identity provider itself, so the
 * site keeps the proof (form, policy version, digest of the text shown, date, address) from this call, which the form
 * makes before the sign-up and without which it does not go on. Rate-limited like every public write; it stores no more
 * than the address the person typed.
 */
export const registrationConsentRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  app.post<{ Body: RegistrationConsentInput; Reply: { 201: RegistrationConsentResponse } }>(
    '/registration-consent',
    {
      config: publicWrite(ctx.settings),
      schema: {
        tags: ['account'],
        summary: 'Guardar la prueba de la autorización de datos del formulario de registro (antes de crear la cuenta)',
        body: zodSchema(registrationConsentSchema),
        response: { 201: zodResponse(registrationConsentResponseSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as RegistrationConsentInput & { email: string };
      await recordConsent(ctx.db, {
        form: 'account.registration',
        version: shownVersion(body),
        recordTable: 'identity.accounts',
        recordRef: body.email.trim().toLowerCase(),
        email: body.email,
      });
      return reply.status(201).send({ recorded: true });
    },
  );
};

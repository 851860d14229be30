import type { FastifyPluginAsync } from 'fastify';
import {
  allySchema,
  arteDeAmarteInquirySchema,
  softwareRequestSchema,
  valeSerInquirySchema,
  volunteerSchema,
  type Ally,
  type Volunteer,
} from 'shared/schemas/community';
import {
  allyResponseSchema,
  inquiryResponseSchema,
  softwareRequestResponseSchema,
  volunteerResponseSchema,
  type AllyResponse,
  type InquiryResponse,
  type SoftwareRequestResponse,
  type VolunteerResponse,
} from 'shared/schemas/community-api';
import type { z } from 'shared/schemas/zod';
import { publicWrite } from 'shared/server/api-module';
import { recordConsent, withoutConsent } from 'shared/server/consents';
import { rejectHoneypot } from 'shared/server/form-guards';
import { zodResponse, zodSchema } from 'shared/server/http';
import type { CommunityContext } from './acknowledge';

/**
 * Volunteers, allied companies, workshop inquiries and custom-software requests: validated, stored, acknowledged (fixed
 * text and the record number only, see `acknowledge.ts`), then answered.
 */
export const formRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  const guard = { config: publicWrite(ctx.settings), preValidation: rejectHoneypot };

  app.post<{ Body: Volunteer; Reply: { 201: VolunteerResponse } }>(
    '/volunteers',
    {
      ...guard,
      schema: {
        tags: ['community'],
        summary: 'Registrar un voluntario',
        body: zodSchema(volunteerSchema),
        response: { 201: zodResponse(volunteerResponseSchema) },
      },
    },
    async (request, reply) => {
      const { record: v, version } = withoutConsent(request.body);
      // The record and the proof of its authorization are stored together or not at all.
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.volunteers')
          .values({ ...v, institution: v.institution ?? null })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordConsent(trx, {
          form: 'community.volunteer',
          version,
          recordTable: 'community.volunteers',
          recordRef: String(stored.id),
          email: v.email,
        });
        return stored;
      });
      const volunteerId = String(row.id);
      // Sent after the row is stored; a skipped or failed e-mail never fails the registration.
      await ctx.acknowledge({ kind: 'volunteer', to: v.email, number: volunteerId, date: new Date(row.created_at) }, request.log);
      return reply.status(201).send({ success: true, volunteer_id: volunteerId });
    },
  );

  app.post<{ Body: Ally; Reply: { 201: AllyResponse } }>(
    '/allies',
    {
      ...guard,
      schema: {
        tags: ['community'],
        summary: 'Registrar una empresa aliada',
        body: zodSchema(allySchema),
        response: { 201: zodResponse(allyResponseSchema) },
      },
    },
    async (request, reply) => {
      const { record: a, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.allies')
          .values({ ...a, reviews: a.reviews ?? null })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordConsent(trx, {
          form: 'community.ally',
          version,
          recordTable: 'community.allies',
          recordRef: String(stored.id),
          email: a.email,
        });
        return stored;
      });
      const corporationId = String(row.id);
      await ctx.acknowledge({ kind: 'ally', to: a.email, number: corporationId, date: new Date(row.created_at) }, request.log);
      return reply.status(201).send({ success: true, corporation_id: corporationId });
    },
  );

  app.post<{ Body: z.output<typeof arteDeAmarteInquirySchema>; Reply: { 201: InquiryResponse } }>(
    '/arte-de-amarte/consulta',
    {
      ...guard,
      schema: {
        tags: ['community'],
        summary: 'Enviar una consulta sobre el taller Arte de Amarte',
        body: zodSchema(arteDeAmarteInquirySchema),
        response: { 201: zodResponse(inquiryResponseSchema) },
      },
    },
    async (request, reply) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.workshop_inquiries')
          .values({ workshop: 'arte-de-amarte', ...record })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.workshop_inquiries', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: 'community.workshop_inquiry', ...proof });
        return stored;
      });
      const id = String(row.id);
      const ack = {
        kind: 'inquiry',
        workshop: 'arte-de-amarte',
        to: request.body.email,
        number: id,
        date: new Date(row.created_at),
      } as const;
      await ctx.acknowledge(ack, request.log);
      return reply.status(201).send({ success: true, id });
    },
  );

  app.post<{ Body: z.output<typeof valeSerInquirySchema>; Reply: { 201: InquiryResponse } }>(
    '/vale-ser/consulta',
    {
      ...guard,
      schema: {
        tags: ['community'],
        summary: 'Enviar una consulta sobre el taller Vale Ser',
        body: zodSchema(valeSerInquirySchema),
        response: { 201: zodResponse(inquiryResponseSchema) },
      },
    },
    async (request, reply) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.workshop_inquiries')
          .values({ workshop: 'vale-ser', ...record })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.workshop_inquiries', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: 'community.workshop_inquiry', ...proof });
        return stored;
      });
      const id = String(row.id);
      const ack = { kind: 'inquiry', workshop: 'vale-ser', to: request.body.email, number: id, date: new Date(row.created_at) } as const;
      await ctx.acknowledge(ack, request.log);
      return reply.status(201).send({ success: true, id });
    },
  );

  app.post<{ Body: z.output<typeof softwareRequestSchema>; Reply: { 201: SoftwareRequestResponse } }>(
    '/custom-software',
    {
      ...guard,
      schema: {
        tags: ['community'],
        summary: 'Solicitar información sobre software a la medida',
        body: zodSchema(softwareRequestSchema),
        response: { 201: zodResponse(softwareRequestResponseSchema) },
      },
    },
    async (request, reply) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.software_requests')
          .values(record)
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.software_requests', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: 'community.software_request', ...proof });
        return stored;
      });
      const id = String(row.id);
      await ctx.acknowledge({ kind: 'software', to: request.body.email, number: id, date: new Date(row.created_at) }, request.log);
      return reply.status(201).send({ success: true, id });
    },
  );
};

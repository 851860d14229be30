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
      const v = request.body;
      const row = await ctx.db
        .insertInto('community.volunteers')
        .values({ ...v, institution: v.institution ?? null })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
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
      const a = request.body;
      const row = await ctx.db
        .insertInto('community.allies')
        .values({ ...a, reviews: a.reviews ?? null })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
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
      const row = await ctx.db
        .insertInto('community.workshop_inquiries')
        .values({ workshop: 'arte-de-amarte', ...request.body })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
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
      const row = await ctx.db
        .insertInto('community.workshop_inquiries')
        .values({ workshop: 'vale-ser', ...request.body })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
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
      const row = await ctx.db
        .insertInto('community.software_requests')
        .values(request.body)
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      await ctx.acknowledge({ kind: 'software', to: request.body.email, number: id, date: new Date(row.created_at) }, request.log);
      return reply.status(201).send({ success: true, id });
    },
  );
};

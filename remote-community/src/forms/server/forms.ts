import type { FastifyPluginAsync } from 'fastify';
import { publicWrite } from 'shared/server/api-module';
import { recordConsent, withoutConsent } from 'shared/server/consents';
import { allyConsent, softwareRequestConsent, volunteerConsent, workshopInquiryConsent } from '../../../manifest/consent';
import { rejectHoneypot } from 'shared/server/form-guards';
import { route } from 'shared/server/operation-routes';
import { formsOperations as ops } from '../operations';
import type { CommunityContext } from './acknowledge';

/**
 * Volunteers, allied companies, workshop inquiries and custom-software requests: validated, stored, acknowledged (fixed
 * text and the record number only, see `acknowledge.ts`), then answered.
 */
export const formRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  const guard = { config: publicWrite(ctx.settings), preValidation: rejectHoneypot };

  route(
    app,
    ops.registerVolunteer,
    async (request) => {
      const { record: v, version } = withoutConsent(request.body);
      // The record and the proof of its authorization are stored together or not at all.
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.volunteers')
          .values({ ...v, institution: v.institution ?? null })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordConsent(trx, {
          form: volunteerConsent,
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
      return { success: true as const, volunteer_id: volunteerId };
    },
    guard,
  );

  route(
    app,
    ops.registerAlly,
    async (request) => {
      const { record: a, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.allies')
          .values({ ...a, reviews: a.reviews ?? null })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordConsent(trx, {
          form: allyConsent,
          version,
          recordTable: 'community.allies',
          recordRef: String(stored.id),
          email: a.email,
        });
        return stored;
      });
      const corporationId = String(row.id);
      await ctx.acknowledge({ kind: 'ally', to: a.email, number: corporationId, date: new Date(row.created_at) }, request.log);
      return { success: true as const, corporation_id: corporationId };
    },
    guard,
  );

  route(
    app,
    ops.arteDeAmarteInquiry,
    async (request) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.workshop_inquiries')
          .values({ workshop: 'arte-de-amarte', ...record })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.workshop_inquiries', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: workshopInquiryConsent, ...proof });
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
      return { success: true as const, id };
    },
    guard,
  );

  route(
    app,
    ops.valeSerInquiry,
    async (request) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.workshop_inquiries')
          .values({ workshop: 'vale-ser', ...record })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.workshop_inquiries', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: workshopInquiryConsent, ...proof });
        return stored;
      });
      const id = String(row.id);
      const ack = { kind: 'inquiry', workshop: 'vale-ser', to: request.body.email, number: id, date: new Date(row.created_at) } as const;
      await ctx.acknowledge(ack, request.log);
      return { success: true as const, id };
    },
    guard,
  );

  route(
    app,
    ops.requestSoftware,
    async (request) => {
      const { record, version } = withoutConsent(request.body);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('community.software_requests')
          .values(record)
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        const proof = { version, recordTable: 'community.software_requests', recordRef: String(stored.id), email: record.email };
        await recordConsent(trx, { form: softwareRequestConsent, ...proof });
        return stored;
      });
      const id = String(row.id);
      await ctx.acknowledge({ kind: 'software', to: request.body.email, number: id, date: new Date(row.created_at) }, request.log);
      return { success: true as const, id };
    },
    guard,
  );
};

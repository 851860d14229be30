import type { FastifyPluginAsync } from 'fastify';
import { sql, type InsertQueryBuilder, type QueryCreator } from 'kysely';
import type { ConsentFormDeclaration } from 'shared/legal/privacy-policy';
import type { Database, SiteDb } from 'shared/server/database';
import { publicWrite } from 'shared/server/api-module';
import { CONSENT_COLUMNS, consentSelection, withoutConsent } from 'shared/server/consents';
import { allyConsent, softwareRequestConsent, volunteerConsent, workshopInquiryConsent } from '../../../manifest/consent';
import { rejectHoneypot } from 'shared/server/form-guards';
import { route } from 'shared/server/operation-routes';
import { formsOperations as ops } from '../operations';
import type { CommunityContext } from './acknowledge';

/**
 * Volunteers, allied companies, workshop inquiries and custom-software requests: validated, stored, acknowledged (fixed
 * text and the record number only, see `acknowledge.ts`), then answered.
 *
 * Each record and the proof of its authorization are stored together or not at all, in one statement (the record's
 * insert and the proof's, as data-modifying CTEs): one round trip and one commit instead of BEGIN, two inserts and
 * COMMIT (#33: the public write path's cost was mostly socket writes to the database, one per statement).
 */
const recordRef = sql<string>`rec.id::text`;

/** The tables of the forms here, each a record with a serial id and a creation time. */
type FormTable = 'community.volunteers' | 'community.allies' | 'community.workshop_inquiries' | 'community.software_requests';

/**
 * Stores a record (`insert`, returning its id and time) and the proof of its authorization in one statement; answers
 * the record's id and creation time.
 */
function storeWithProof<T extends FormTable>(
  db: SiteDb,
  table: T,
  insert: (q: QueryCreator<Database>) => InsertQueryBuilder<Database, T, { id: number; created_at: Date }>,
  consent: { form: ConsentFormDeclaration; version: string; email: string },
) {
  const proof = consentSelection({ ...consent, recordTable: table }, recordRef);
  return db
    .with('rec', insert)
    .with('proof', (q) =>
      q
        .insertInto('privacy.consents')
        .columns(CONSENT_COLUMNS)
        .expression((eb) => eb.selectFrom('rec').select(proof)),
    )
    .selectFrom('rec')
    .select(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
export const formRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  const guard = { config: publicWrite(ctx.settings), preValidation: rejectHoneypot };

  route(
    app,
    ops.registerVolunteer,
    async (request) => {
      const { record: v, version } = withoutConsent(request.body);
      const row = await storeWithProof(
        ctx.db,
        'community.volunteers',
        (db) =>
          db
            .insertInto('community.volunteers')
            .values({ ...v, institution: v.institution ?? null })
            .returning(['id', 'created_at']),
        { form: volunteerConsent, version, email: v.email },
      );
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
      const row = await storeWithProof(
        ctx.db,
        'community.allies',
        (db) =>
          db
            .insertInto('community.allies')
            .values({ ...a, reviews: a.reviews ?? null })
            .returning(['id', 'created_at']),
        { form: allyConsent, version, email: a.email },
      );
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
      const row = await storeWithProof(
        ctx.db,
        'community.workshop_inquiries',
        (db) =>
          db
            .insertInto('community.workshop_inquiries')
            .values({ workshop: 'arte-de-amarte', ...record })
            .returning(['id', 'created_at']),
        { form: workshopInquiryConsent, version, email: record.email },
      );
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
      const row = await storeWithProof(
        ctx.db,
        'community.workshop_inquiries',
        (db) =>
          db
            .insertInto('community.workshop_inquiries')
            .values({ workshop: 'vale-ser', ...record })
            .returning(['id', 'created_at']),
        { form: workshopInquiryConsent, version, email: record.email },
      );
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
      const row = await storeWithProof(
        ctx.db,
        'community.software_requests',
        (db) => db.insertInto('community.software_requests').values(record).returning(['id', 'created_at']),
        { form: softwareRequestConsent, version, email: record.email },
      );
      const id = String(row.id);
      await ctx.acknowledge({ kind: 'software', to: request.body.email, number: id, date: new Date(row.created_at) }, request.log);
      return { success: true as const, id };
    },
    guard,
  );
};

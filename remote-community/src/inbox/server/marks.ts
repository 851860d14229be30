/**
 * The community inbox's 'Contactado' mark: set with a note, replaced, undone; each change audited without the note,
 * and answered with the record as it now reads.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordAudit } from 'shared/server/audit';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import { communityInboxOperations as ops } from '../operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { notFound, readOne, recordAnswer, sources } from './rows';

/** PUT and DELETE /inbox/:kind/:id/contacto, in the staff scope `communityInboxRoutes` opens. */
export function registerInboxMarks(scope: FastifyInstance, ctx: CommunityContext) {
  route(scope, ops.mark, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    const found = await ctx.db.transaction().execute(async (trx) => {
      const exists = await sql`select 1 from ${sql.table(`community.${table}`)} where id = ${id}`.execute(trx);
      if (!exists.rows.length) return false;
      const previous = await trx
        .selectFrom('community.contact_marks')
        .select('record_id')
        .where('kind', '=', table)
        .where('record_id', '=', id)
        .executeTakeFirst();
      await trx
        .insertInto('community.contact_marks')
        .values({ kind: table, record_id: id, contacted_by_sub: staff.sub, contacted_by_email: staff.email, note: request.body.note })
        .onConflict((oc) =>
          oc.columns(['kind', 'record_id']).doUpdateSet({
            contacted_at: sql`now()`,
            contacted_by_sub: staff.sub,
            contacted_by_email: staff.email,
            note: request.body.note,
          }),
        )
        .execute();
      // The note itself stays out of the audit: it may say anything about the person.
      await recordAudit(trx, staff, {
        action: 'community.inbox.contact',
        entity: table,
        entityId: String(id),
        detail: { kind, reemplaza: Boolean(previous), conNota: request.body.note.length > 0 },
      });
      return true;
    });
    if (!found) throw notFound();
    const row = await readOne(ctx.db, kind, id);
    if (!row) throw notFound();
    return recordAnswer(kind, row);
  });

  route(scope, ops.unmark, async (request) => {
    const { kind, id } = request.params;
    const staff = staffOf(request);
    const table = sources[kind].table;
    await ctx.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('community.contact_marks')
        .where('kind', '=', table)
        .where('record_id', '=', id)
        .returning('record_id')
        .executeTakeFirst();
      // Undoing what is not there changes nothing, so nothing is recorded.
      if (removed)
        await recordAudit(trx, staff, {
          action: 'community.inbox.contact.undo',
          entity: table,
          entityId: String(id),
          detail: { kind },
        });
    });
    const row = await readOne(ctx.db, kind, id);
    if (!row) throw notFound();
    return recordAnswer(kind, row);
  });
}

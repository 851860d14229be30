import type { Selectable } from 'kysely';
import { nextDate, type IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import type { PqrsfCase } from '../staff-schemas';
import type { SiteDb } from 'shared/server/database';
import { caseTermOf, historyOf, isoOf } from 'shared/server/cases/read';
import { assigneeOf } from 'shared/server/cases/assign';
import {
  canClose,
  canExtend,
  canRespond,
  canStartProcessing,
  canTransfer,
  extensionLimit,
  pqrsfTerms,
  transferDeadline,
  type CaseFacts,
} from './rules';
import type { PqrsfRequestsTable } from '../../../server/tables';
import { readAttachments } from './attachments';

export type PqrsfRow = Selectable<PqrsfRequestsTable>;

export const factsOf = (r: PqrsfRow): CaseFacts => ({
  status: r.status,
  createdAt: r.created_at,
  termDays: r.term_days,
  dueDate: r.due_date,
  extended: r.original_due_date !== null,
});

/** A case as the staff screen shows it, with the actions the rules allow today; null when the radicado is unknown. */
export async function readCase(db: SiteDb, radicado: string, today: IsoDate): Promise<PqrsfCase | null> {
  const r = await db.selectFrom('community.pqrsf_requests').selectAll().where('radicado', '=', radicado).executeTakeFirst();
  if (!r) return null;
  const [history, notes, attachments] = await Promise.all([
    db.selectFrom('community.pqrsf_history').selectAll().where('request_id', '=', r.id).orderBy('id').execute(),
    db.selectFrom('community.pqrsf_notes').selectAll().where('request_id', '=', r.id).orderBy('id').execute(),
    readAttachments(db, r.id),
  ]);
  const facts = factsOf(r);
  const extend = canExtend(facts, today, formatLongDate);
  return {
    radicado: r.radicado,
    createdAt: isoOf(r.created_at),
    status: r.status,
    request: {
      rol_type: r.rol_type,
      name: r.name,
      lastname: r.lastname,
      id_type: r.id_type,
      id_number: r.id_number,
      email: r.email,
      phone_number: r.phone_number,
      request_type: r.request_type,
      reviews: r.reviews,
    },
    ...caseTermOf(r, pqrsfTerms, today),
    assignee: assigneeOf(r),
    transfer:
      r.transferred_to !== null && r.transferred_at
        ? { entity: r.transferred_to, email: r.transfer_email, at: isoOf(r.transferred_at) }
        : null,
    closedAt: r.closed_at ? isoOf(r.closed_at) : null,
    history: historyOf(history),
    notes: notes.map((n) => ({ id: String(n.id), body: n.body, at: isoOf(n.at), actorEmail: n.actor_email })),
    attachments,
    actions: {
      startProcessing: canStartProcessing(facts),
      respond: canRespond(facts),
      extend: {
        ...extend,
        minDate: extend.allowed ? nextDate(r.due_date) : null,
        maxDate: extend.allowed ? extensionLimit(r.created_at, r.term_days) : null,
      },
      transfer: { ...canTransfer(facts, today, formatLongDate), deadline: transferDeadline(r.created_at) },
      close: canClose(facts),
    },
  };
}

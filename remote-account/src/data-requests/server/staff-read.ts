import { dataRequestAttachments } from './attachments';
import { sql, type Selectable } from 'kysely';
import type { IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import {
  DATA_INBOX_PAGE_SIZE,
  openDataRequestStatuses,
  type DataInboxCounts,
  type DataInboxQuery,
  type DataInboxResponse,
  type DataRequestCase,
  type DataRequestKind,
} from '../schemas';
import type { SiteDb } from 'shared/server/database';
import type { DataRequestsTable } from '../../../server/tables';
import { assignedWhere, assigneeOf } from 'shared/server/cases/assign';
import { ACCENTED, caseInboxPage, caseTermOf, escapeLike, historyOf, isoOf, parseCaseCursor, PLAIN } from 'shared/server/cases/read';
import {
  canErase,
  canExport,
  canExtend,
  canRequestCompletion,
  canRespond,
  canResume,
  canStart,
  canWithdraw,
  completionDeadline,
  dataTerms,
  dueSoonLimit,
  extendedDueDate,
  extensionDaysOf,
  withdrawFrom,
  type RequestFacts,
} from './rules';

/** The team's reads of the data requests: the inbox (keyset pages by due date, counts) and one request with its actions. */

export type DataRequestRow = Selectable<DataRequestsTable>;

export const factsOf = (r: DataRequestRow): RequestFacts => ({
  kind: r.kind as DataRequestKind,
  status: r.status,
  createdAt: r.created_at,
  completionRequestedAt: r.completion_requested_at,
  dueDate: r.due_date,
  extended: r.original_due_date !== null,
  erased: r.erased_at !== null,
  hasContact: r.email !== null,
});

export async function readInbox(
  db: SiteDb,
  query: DataInboxQuery,
  today: IsoDate,
  me: { email: string } = { email: '' },
): Promise<Omit<DataInboxResponse, 'counts'>> {
  let q = db
    .selectFrom('account.data_requests')
    .select(['id', 'radicado', 'created_at', 'kind', 'name', 'status', 'due_date', 'original_due_date'])
    .select(['assignee_sub', 'assignee_email', 'assignee_name', 'assigned_area', 'assigned_at']);
  // Assignment (#32): "Mis casos", "Sin asignar" or an area.
  if (query.assigned) q = q.where(assignedWhere(query.assigned, me));
  if (query.status === 'abiertas') q = q.where('status', 'in', openDataRequestStatuses);
  else if (query.status !== 'todas') q = q.where('status', '=', query.status);
  if (query.kind) q = q.where('kind', '=', query.kind);
  if (query.due) {
    q = q.where('status', 'in', openDataRequestStatuses);
    q =
      query.due === 'vencidas'
        ? q.where('due_date', '<', today)
        : q.where('due_date', '>=', today).where('due_date', '<=', dueSoonLimit(today));
  }
  const term = query.q?.trim();
  if (term) {
    // A radicado (or its number), an address, or part of a name, accent-blind.
    const upper = term.toUpperCase();
    const contains = `%${escapeLike(term)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('radicado', 'like', `%${escapeLike(upper)}%`),
        eb('email', '=', term.toLowerCase()),
        eb(
          sql<string>`translate(lower(coalesce(name, '')), ${ACCENTED}, ${PLAIN})`,
          'like',
          sql<string>`translate(lower(${contains}), ${ACCENTED}, ${PLAIN})`,
        ),
      ]),
    );
  }
  if (query.after) {
    const [date, id] = parseCaseCursor(query.after);
    q = q.where((eb) => eb(eb.refTuple('due_date', 'id'), '>', eb.tuple(date, id)));
  }
  const rows = await q
    .orderBy('due_date')
    .orderBy('id')
    .limit(DATA_INBOX_PAGE_SIZE + 1)
    .execute();
  return caseInboxPage(rows, DATA_INBOX_PAGE_SIZE, today, dataTerms, (r) => ({
    kind: r.kind as DataRequestKind,
    name: r.name,
    assignee: assigneeOf(r),
  }));
}

export async function readCounts(db: SiteDb, today: IsoDate): Promise<DataInboxCounts> {
  const row = await db
    .selectFrom('account.data_requests')
    .select([
      (eb) => eb.fn.countAll<number>().filterWhere('status', 'in', openDataRequestStatuses).as('open'),
      (eb) =>
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('status', 'in', openDataRequestStatuses), f('due_date', '<', today)]))
          .as('overdue'),
      (eb) =>
        eb.fn
          .countAll<number>()
          .filterWhere((f) =>
            f.and([f('status', 'in', openDataRequestStatuses), f('due_date', '>=', today), f('due_date', '<=', dueSoonLimit(today))]),
          )
          .as('soon'),
      (eb) => eb.fn.countAll<number>().filterWhere('status', '=', 'Respondida').as('answered'),
      (eb) => eb.fn.countAll<number>().filterWhere('status', '=', 'Incompleta').as('incomplete'),
    ])
    .executeTakeFirst();
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    dueSoon: Number(row?.soon ?? 0),
    answered: Number(row?.answered ?? 0),
    incomplete: Number(row?.incomplete ?? 0),
  };
}

function parseSummary(text: string | null): Record<string, number> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/** A request as the staff screen shows it, with the actions the rules allow today; null when the radicado is unknown. */
export async function readCase(db: SiteDb, radicado: string, today: IsoDate): Promise<DataRequestCase | null> {
  const r = await db.selectFrom('account.data_requests').selectAll().where('radicado', '=', radicado).executeTakeFirst();
  if (!r) return null;
  const [history, lastExport, accountDeletion, attachments] = await Promise.all([
    db.selectFrom('account.data_request_events').selectAll().where('request_id', '=', r.id).orderBy('id').execute(),
    db
      .selectFrom('account.data_request_exports')
      .select(['created_at', 'expires_at', 'records'])
      .where('request_id', '=', r.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('account.data_request_account_deletions').select('id').where('request_id', '=', r.id).executeTakeFirst(),
    dataRequestAttachments({ db }).readAttachments(r.id),
  ]);
  const facts = factsOf(r);
  const kind = r.kind as DataRequestKind;
  const extend = canExtend(facts, today, formatLongDate);
  return {
    radicado: r.radicado,
    kind,
    createdAt: isoOf(r.created_at),
    status: r.status,
    request: r.email !== null ? { name: r.name ?? '', email: r.email, details: r.details ?? '', correction: r.correction } : null,
    ...caseTermOf(r, dataTerms, today),
    assignee: assigneeOf(r),
    export: lastExport ? { at: isoOf(lastExport.created_at), expiresAt: isoOf(lastExport.expires_at), records: lastExport.records } : null,
    completion:
      r.completion_requested_at && r.completion_message !== null
        ? {
            requestedAt: isoOf(r.completion_requested_at),
            message: r.completion_message,
            withdrawFrom: withdrawFrom(r.completion_requested_at),
          }
        : null,
    erasure: r.erased_at
      ? { at: isoOf(r.erased_at), summary: parseSummary(r.erasure_summary), accountPending: accountDeletion !== undefined }
      : null,
    history: historyOf(history),
    attachments,
    actions: {
      start: canStart(facts),
      respond: canRespond(facts),
      extend: {
        ...extend,
        newDueDate: extend.allowed ? extendedDueDate(kind, r.due_date) : null,
        extensionDays: extensionDaysOf(kind),
      },
      export: canExport(facts),
      erase: canErase(facts),
      requestCompletion: {
        ...canRequestCompletion(facts, today, formatLongDate),
        deadline: kind === 'acceso' ? null : completionDeadline(r.created_at),
      },
      resume: canResume(facts),
      withdraw: canWithdraw(facts, today, formatLongDate),
    },
  };
}

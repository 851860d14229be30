import { sql } from 'kysely';
import type { IsoDate } from 'shared/format/business-days';
import { documentKey } from '../schemas';
import {
  openPqrsfStatuses,
  PQRSF_INBOX_PAGE_SIZE,
  pqrsfStatuses,
  type PqrsfInboxCounts,
  type PqrsfInboxQuery,
  type PqrsfInboxResponse,
  type PqrsfStatus,
} from '../staff-schemas';
import type { SiteDb } from 'shared/server/database';
import { ACCENTED, caseInboxPage, escapeLike, parseCaseCursor, PLAIN } from 'shared/server/cases/read';
import { dueSoonLimit, pqrsfTerms } from './rules';
import { assignedWhere, assigneeOf } from 'shared/server/cases/assign';

/**
 * The PQRSF inbox: keyset pages in due-date order (then id), filtered by status, type and deadline, searched by radicado,
 * document, name, or a word of the request's or the answer's text (Spanish full text, accent- and case-blind, migration 009). Every query shape has its index (migration 005): the open cases' partial (due_date, id) index
 * serves the default view and the deadline filters as range scans, (status, due_date, id) one status, the
 * text_pattern_ops indexes radicado and document prefixes, and a trigram index (where pg_trgm installs) name searches.
 */

// ACCENTED → PLAIN is the same folding as the generated `search_name` (migration 005) and `search_text` (009) columns.

export async function readInbox(
  db: SiteDb,
  query: PqrsfInboxQuery,
  today: IsoDate,
  me: { email: string } = { email: '' },
): Promise<Omit<PqrsfInboxResponse, 'counts'>> {
  let q = db
    .selectFrom('community.pqrsf_requests')
    .select(['id', 'radicado', 'created_at', 'request_type', 'name', 'lastname', 'status', 'due_date', 'original_due_date'])
    .select(['assignee_sub', 'assignee_email', 'assignee_name', 'assigned_area', 'assigned_at']);
  // Assignment (#32): "Mis casos", "Sin asignar" or an area.
  if (query.assigned) q = q.where(assignedWhere(query.assigned, me));
  if (query.status === 'abiertas') q = q.where('status', 'in', openPqrsfStatuses);
  else if (query.status !== 'todas') q = q.where('status', '=', query.status);
  if (query.type) q = q.where('request_type', '=', query.type);
  if (query.due) {
    // Deadlines only run for open cases, whatever the status filter says.
    q = q.where('status', 'in', openPqrsfStatuses);
    q =
      query.due === 'vencidas'
        ? q.where('due_date', '<', today)
        : q.where('due_date', '>=', today).where('due_date', '<=', dueSoonLimit(today));
  }
  const term = query.q?.trim();
  if (term) {
    const digits = term.replace(/[\s.-]/g, '');
    if (/^\d+$/.test(digits)) {
      // A number: a radicado or a document, from its first digits.
      const prefix = `${escapeLike(digits)}%`;
      q = q.where((eb) => eb.or([eb('radicado', 'like', prefix), eb('id_number_key', 'like', prefix)]));
    } else {
      const key = documentKey(term);
      const contains = `%${escapeLike(term)}%`;
      q = q.where((eb) =>
        eb.or([
          eb('search_name', 'like', sql<string>`translate(lower(${contains}), ${ACCENTED}, ${PLAIN})`),
          // A word of the request or of the answer (#32): Spanish full text over the generated `search_text`, the term
          // folded the same way (lower case, no accents), so "certificado" finds "CERTIFICADO" and "certificádo".
          sql<boolean>`search_text @@ plainto_tsquery('spanish'::regconfig, translate(lower(${term}), ${ACCENTED}, ${PLAIN}))`,
          // Passports and foreign documents carry letters.
          ...(/^[A-Z0-9]{3,}$/.test(key) ? [eb('id_number_key', 'like', `${escapeLike(key)}%`)] : []),
        ]),
      );
    }
  }
  if (query.after) {
    const [date, id] = parseCaseCursor(query.after);
    q = q.where((eb) => eb(eb.refTuple('due_date', 'id'), '>', eb.tuple(date, id)));
  }
  const rows = await q
    .orderBy('due_date')
    .orderBy('id')
    .limit(PQRSF_INBOX_PAGE_SIZE + 1)
    .execute();
  return caseInboxPage(rows, PQRSF_INBOX_PAGE_SIZE, today, pqrsfTerms, (r) => ({
    requestType: r.request_type,
    name: `${r.name} ${r.lastname}`,
    assignee: assigneeOf(r),
  }));
}

/**
 * The whole inbox's counts: per status (the trigger-kept table), open, all, and the open ones due soon or overdue (an
 * index-only scan of the open cases' partial index).
 */
export async function readCounts(db: SiteDb, today: IsoDate): Promise<PqrsfInboxCounts> {
  const [byStatus, deadlines] = await Promise.all([
    // Kept by triggers (migration 006): a count by status of the whole table is a sequential scan.
    db.selectFrom('community.pqrsf_status_counts').select(['status', 'n']).execute(),
    db
      .selectFrom('community.pqrsf_requests')
      .select([
        (eb) => eb.fn.countAll<number>().filterWhere('due_date', '<', today).as('overdue'),
        (eb) =>
          eb.fn
            .countAll<number>()
            .filterWhere((f) => f.and([f('due_date', '>=', today), f('due_date', '<=', dueSoonLimit(today))]))
            .as('soon'),
      ])
      .where('status', 'in', openPqrsfStatuses)
      .executeTakeFirst(),
  ]);
  const counts = Object.fromEntries(pqrsfStatuses.map((s) => [s, 0])) as Record<PqrsfStatus, number>;
  let all = 0;
  for (const row of byStatus) {
    const n = Number(row.n);
    all += n;
    if (row.status in counts) counts[row.status as PqrsfStatus] = n;
  }
  return {
    byStatus: counts,
    open: openPqrsfStatuses.reduce((sum, s) => sum + counts[s], 0),
    all,
    dueSoon: Number(deadlines?.soon ?? 0),
    overdue: Number(deadlines?.overdue ?? 0),
  };
}

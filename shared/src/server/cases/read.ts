import type { CaseHistoryEntry } from 'shared/cases/schemas';
import type { CaseTerms } from 'shared/cases/terms';
import type { IsoDate } from 'shared/format/business-days';

/**
 * The reads every kind of legal case shares: a case's term facts and history as the staff screen shows them, and an
 * inbox page in keyset order (due date, then id). Column names are the kit's convention for a case's table (term_days,
 * due_date, original_due_date, extension_reason, extended_at, response, responded_at) and its history table.
 */

export const isoOf = (d: Date | string): string => new Date(d).toISOString();

/** The columns of a case's row that say its term and answer. */
export interface CaseTermColumns {
  status: string;
  term_days: number;
  due_date: string;
  original_due_date: string | null;
  extension_reason: string | null;
  extended_at: Date | string | null;
  response: string | null;
  responded_at: Date | string | null;
}

/** A case's term, extension, answer and today's urgency (shared/cases/schemas.ts `caseTermFields`). */
export function caseTermOf(r: CaseTermColumns, terms: CaseTerms, today: IsoDate) {
  return {
    termDays: r.term_days,
    dueDate: r.due_date,
    originalDueDate: r.original_due_date,
    extension: r.extended_at ? { reason: r.extension_reason ?? '', at: isoOf(r.extended_at) } : null,
    response: r.response !== null && r.responded_at ? { text: r.response, at: isoOf(r.responded_at) } : null,
    urgency: terms.urgencyOf(r.status, r.due_date, today),
    businessDaysLeft: terms.businessDaysLeft(r.status, r.due_date, today),
    today,
  };
}

export interface CaseHistoryColumns {
  action: string;
  status: string;
  note: string | null;
  due_date: string | null;
  at: Date | string;
  actor_email: string | null;
}

/** History rows, oldest first, as the screen reads them. */
export const historyOf = (rows: CaseHistoryColumns[]): CaseHistoryEntry[] =>
  rows.map((h) => ({ action: h.action, status: h.status, note: h.note, dueDate: h.due_date, at: isoOf(h.at), actorEmail: h.actor_email }));

/** An inbox row's term columns. */
export interface CaseInboxColumns {
  id: number;
  radicado: string;
  created_at: Date | string;
  status: string;
  due_date: string;
  original_due_date: string | null;
}

/** `YYYY-MM-DD.<id>` of the keyset cursor: the due date and id the next page starts after. */
export function parseCaseCursor(cursor: string): [IsoDate, number] {
  const [date = '', id = '0'] = cursor.split('.');
  return [date, Number(id)];
}

/**
 * One inbox page from `size + 1` rows read in (due_date, id) order: the items (the kit's term facts and the kind's
 * columns), the cursor of the next page (null on the last), and the day the urgencies are for.
 */
export function caseInboxPage<R extends CaseInboxColumns, I>(
  rows: R[],
  size: number,
  today: IsoDate,
  terms: CaseTerms,
  columnsOf: (row: R) => I,
) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      radicado: r.radicado,
      createdAt: isoOf(r.created_at),
      status: r.status,
      dueDate: r.due_date,
      extended: r.original_due_date !== null,
      urgency: terms.urgencyOf(r.status, r.due_date, today),
      businessDaysLeft: terms.businessDaysLeft(r.status, r.due_date, today),
      ...columnsOf(r),
    })),
    nextCursor: rows.length > size && last ? `${last.due_date}.${last.id}` : null,
    today,
  };
}

// The same folding as a case table's search over names, applied to the search term in SQL (translate(lower(…))).
export const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
/** A search term inside a LIKE pattern, its wildcards taken literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, '\\$&');

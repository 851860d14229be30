import { dayCursorField } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { caseUrgencies } from './terms';

/**
 * The parts of a legal case's staff API that every kind shares (PQRSF, data subject's requests, the next one): the
 * inbox's deadline filters, search and keyset cursor, an inbox row's term facts, the page around the rows, an action's
 * verdict and a history row. A kind's schema file adds its own facts (statuses, types or kinds, request fields, actions).
 */

export const caseSchemaTexts = {
  searchTooLong: 'Escribe como máximo 80 caracteres para buscar.',
  cursorInvalid: 'La página pedida no es válida. Vuelve a la primera página.',
} as const;

/** The deadline filters: due within 3 business days (today included), or already overdue. Both only among open cases. */
export const caseDueFilters = ['pronto', 'vencidas'] as const;
export type CaseDueFilter = (typeof caseDueFilters)[number];

/**
 * The inbox's search and paging fields. The inbox is a POST: a name, a document or an address searched must not travel
 * in a URL (logs, proxies). `after` is the previous page's `nextCursor` (`YYYY-MM-DD.<id>`).
 */
export const caseInboxQueryFields = {
  due: z.optional(z.enum(caseDueFilters)),
  q: z.optional(z.string().check(z.trim(), z.maxLength(80, { error: caseSchemaTexts.searchTooLong }))),
  after: dayCursorField(caseSchemaTexts.cursorInvalid),
};

/** An inbox row's term facts, beside the kind's own columns. */
export const caseInboxItemFields = {
  radicado: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  status: z.string(),
  /** The due date in force (YYYY-MM-DD), extended when extended. */
  dueDate: z.string(),
  extended: z.boolean(),
  urgency: z.nullable(z.enum(caseUrgencies)),
  /** Business days from today to the due date (0 = today, negative = overdue by that many); null once not open. */
  businessDaysLeft: z.nullable(z.int()),
};

/** The page, the cursor of the next one (null on the last), and the whole inbox's counts (not the filter's). */
export function caseInboxResponseSchema<I extends z.ZodMiniType, C extends z.ZodMiniType>(item: I, counts: C) {
  return z.object({
    items: z.array(item),
    nextCursor: z.nullable(z.string()),
    counts,
    /** The Bogotá date the urgencies were computed for (YYYY-MM-DD). */
    today: z.string(),
  });
}

/** Whether an action is open to this case now and, when not, why (Spanish, for the screen). */
export const caseVerdictSchema = z.object({ allowed: z.boolean(), reason: z.nullable(z.string()) });

export const caseHistoryEntrySchema = z.object({
  /** What happened: radicada, en_tramite, respondida, ampliada… (each kind names its own). */
  action: z.string(),
  status: z.string(),
  note: z.nullable(z.string()),
  /** The due date an extension (or a resumed term) set. */
  dueDate: z.nullable(z.string()),
  /** ISO 8601. */
  at: z.string(),
  /** The member who did it; null for the filing (the person). */
  actorEmail: z.nullable(z.string()),
});
export type CaseHistoryEntry = z.output<typeof caseHistoryEntrySchema>;

/** A case's term as the case screen shows it: term, due date, its one extension, the answer, and today's urgency. */
export const caseTermFields = {
  termDays: z.int(),
  dueDate: z.string(),
  /** The due date before the extension; null when not extended. */
  originalDueDate: z.nullable(z.string()),
  extension: z.nullable(z.object({ reason: z.string(), at: z.string() })),
  response: z.nullable(z.object({ text: z.string(), at: z.string() })),
  urgency: z.nullable(z.enum(caseUrgencies)),
  businessDaysLeft: z.nullable(z.int()),
  today: z.string(),
};

import { caseAssignmentFields, caseAssignmentQueryFields } from 'shared/cases/assignment';
import {
  caseDueFilters,
  caseHistoryEntrySchema,
  caseInboxItemFields,
  caseInboxQueryFields,
  caseInboxResponseSchema,
  caseSchemaTexts,
  caseTermFields,
  caseVerdictSchema,
  type CaseDueFilter,
  type CaseHistoryEntry,
} from 'shared/cases/schemas';
import { caseUrgencies, type CaseUrgency } from 'shared/cases/terms';
import { emailField, MAX_TEXT, optionalText, requestTypes, requiredText } from 'shared/schemas/common';
import { RADICADO_LENGTH } from './schemas';
import { attachmentIdsField, pqrsfAttachmentSchema } from './attachment-schemas';
import { z } from 'shared/schemas/zod';

/**
 * Requests and answers of the community remote's PQRSF staff API (`/api/community/staff/pqrsf...`): the inbox, the case
 * and its actions under Ley 1755 de 2015. The server decides every rule (which actions a case allows, the legal limits
 * of an extension or a transfer); the screens show what it answers.
 */

/**
 * The statuses a request goes through, as the public lookup shows them:
 * - 'En proceso': filed, nobody has taken it yet (the spec's initial status);
 * - 'En trámite': a member of the team is working on it;
 * - 'Respondida': the foundation answered (the answer and its date are public to the petitioner);
 * - 'Trasladada': sent to the competent entity (art. 21); the foundation's term ends there;
 * - 'Cerrada': archived, after an answer or a transfer, or without one (duplicate, withdrawn) with a reason.
 * Only 'En proceso' and 'En trámite' are open: their term runs, they can be overdue and appear in the daily digest.
 */
export const pqrsfStatuses = ['En proceso', 'En trámite', 'Respondida', 'Trasladada', 'Cerrada'] as const;
export type PqrsfStatus = (typeof pqrsfStatuses)[number];
export const openPqrsfStatuses = ['En proceso', 'En trámite'] as const satisfies readonly PqrsfStatus[];

/** "Vence en 3 días hábiles o menos" (the kit's window, shared/cases/terms.ts). */
export { DUE_SOON_BUSINESS_DAYS } from 'shared/cases/terms';
/** Ley 1755 art. 21: a request for another entity is sent there within 5 business days of its filing. */
export const TRANSFER_BUSINESS_DAYS = 5;
/** Cases per inbox page. */
export const PQRSF_INBOX_PAGE_SIZE = 25;
/** Longest answer the foundation writes (it goes in an e-mail and the public lookup). */
export const MAX_RESPONSE = 10_000;

export const pqrsfStaffTexts = {
  ...caseSchemaTexts,
  radicadoInvalid: `El número de radicado tiene ${RADICADO_LENGTH} dígitos.`,
  responseRequired: 'Escribe la respuesta que recibirá la persona.',
  reasonRequired: 'Escribe el motivo de la ampliación: la persona lo recibirá por correo.',
  dueDateRequired: 'Elige la nueva fecha límite.',
  dueDateInvalid: 'Escribe la fecha como AAAA-MM-DD.',
  entityRequired: 'Escribe el nombre de la entidad competente.',
  entityEmailRequired: 'Escribe el correo electrónico de la entidad competente: allí le enviaremos la petición.',
  entityEmailInvalid: 'Escribe un correo electrónico válido, por ejemplo: contactenos@entidad.gov.co.',
  noteRequired: 'Escribe la nota.',
} as const;
const t = pqrsfStaffTexts;

/** What the inbox shows: the open cases (default), one status, or every case. */
export const inboxStatusFilters = ['abiertas', ...pqrsfStatuses, 'todas'] as const;
export type InboxStatusFilter = (typeof inboxStatusFilters)[number];

/** The deadline filters (the kit's, shared/cases/schemas.ts). */
export const inboxDueFilters = caseDueFilters;
export type InboxDueFilter = CaseDueFilter;

/**
 * POST /staff/pqrsf/bandeja. A POST, not a GET: the search may be a name or a document number, personal data that must
 * not travel in a URL (logs, proxies), as with the public lookup. `after` is the previous page's `nextCursor`.
 */
export const pqrsfInboxRequestSchema = z.object({
  status: z._default(z.enum(inboxStatusFilters), 'abiertas'),
  type: z.optional(z.enum(requestTypes)),
  ...caseInboxQueryFields,
  ...caseAssignmentQueryFields,
});
export type PqrsfInboxRequest = z.input<typeof pqrsfInboxRequestSchema>;
export type PqrsfInboxQuery = z.output<typeof pqrsfInboxRequestSchema>;

/**
 * POST /staff/pqrsf/exportar (#32): the CSV of every case the inbox's search and filters find, whatever page the screen
 * is on. The inbox's own body without the cursor, so the export follows each filter the inbox has; a POST for the same
 * reason as the inbox (the search is personal data, never in a URL).
 */
export const pqrsfExportRequestSchema = z.omit(pqrsfInboxRequestSchema, { after: true });
export type PqrsfExportRequest = z.input<typeof pqrsfExportRequestSchema>;
export type PqrsfExportQuery = z.output<typeof pqrsfExportRequestSchema>;

/** How close a case is to its deadline: overdue, due within 3 business days, or neither (and null once not open). */
export const pqrsfUrgencies = caseUrgencies;
export type PqrsfUrgency = CaseUrgency;

export const pqrsfInboxItemSchema = z.object({
  ...caseInboxItemFields,
  ...caseAssignmentFields,
  requestType: z.string(),
  /** Names and surnames as filed. */
  name: z.string(),
});
export type PqrsfInboxItem = z.output<typeof pqrsfInboxItemSchema>;

export const pqrsfInboxCountsSchema = z.object({
  byStatus: z.object(Object.fromEntries(pqrsfStatuses.map((s) => [s, z.int()])) as Record<PqrsfStatus, z.ZodMiniInt>),
  open: z.int(),
  all: z.int(),
  dueSoon: z.int(),
  overdue: z.int(),
});
export type PqrsfInboxCounts = z.output<typeof pqrsfInboxCountsSchema>;

export const pqrsfInboxResponseSchema = caseInboxResponseSchema(pqrsfInboxItemSchema, pqrsfInboxCountsSchema);
export type PqrsfInboxResponse = z.output<typeof pqrsfInboxResponseSchema>;

/** `:radicado` of every case route. */
export const pqrsfCaseParamsSchema = z.object({
  radicado: z.string().check(z.regex(new RegExp(`^\\d{${RADICADO_LENGTH}}$`), { error: t.radicadoInvalid })),
});
export type PqrsfCaseParams = z.output<typeof pqrsfCaseParamsSchema>;

/** A history row: `action` is radicada | en_tramite | respondida | ampliada | trasladada | cerrada. */
export const pqrsfHistoryEntrySchema = caseHistoryEntrySchema;
export type PqrsfHistoryEntry = CaseHistoryEntry;

export const pqrsfNoteSchema = z.object({ id: z.string(), body: z.string(), at: z.string(), actorEmail: z.string() });
export type PqrsfNote = z.output<typeof pqrsfNoteSchema>;

const allowed = caseVerdictSchema;

/** GET /staff/pqrsf/:radicado and the answer of every action: the case as filed, its history, notes and actions. */
export const pqrsfCaseSchema = z.object({
  radicado: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  status: z.string(),
  /** The request exactly as filed. */
  request: z.object({
    rol_type: z.string(),
    name: z.string(),
    lastname: z.string(),
    id_type: z.string(),
    id_number: z.string(),
    email: z.string(),
    phone_number: z.string(),
    request_type: z.string(),
    reviews: z.string(),
  }),
  ...caseTermFields,
  ...caseAssignmentFields,
  /** `email`: where the petition was sent (#32); null for a transfer recorded before the petition was e-mailed. */
  transfer: z.nullable(z.object({ entity: z.string(), email: z.nullable(z.string()), at: z.string() })),
  closedAt: z.nullable(z.string()),
  history: z.array(pqrsfHistoryEntrySchema),
  notes: z.array(pqrsfNoteSchema),
  /** The answer's and the notes' attachments (#32), oldest first; pending uploads are not listed. */
  attachments: z.array(pqrsfAttachmentSchema),
  actions: z.object({
    startProcessing: allowed,
    respond: allowed,
    /** `maxDate`: the latest due date the law allows (twice the term from the filing); `minDate`: the day after today's due date. */
    extend: z.extend(allowed, { minDate: z.nullable(z.string()), maxDate: z.nullable(z.string()) }),
    /** `deadline`: the last day a transfer is on time (5 business days from the filing). */
    transfer: z.extend(allowed, { deadline: z.string() }),
    close: allowed,
  }),
});
export type PqrsfCase = z.output<typeof pqrsfCaseSchema>;

/** POST /staff/pqrsf/:radicado/en-tramite. */
export const startProcessingRequestSchema = z.object({ note: optionalText(MAX_TEXT, { multiline: true }) });
export type StartProcessingInput = z.input<typeof startProcessingRequestSchema>;

/** POST /staff/pqrsf/:radicado/respuesta: the foundation's answer, e-mailed to the petitioner and shown by the lookup. */
export const respondRequestSchema = z.object({
  response: requiredText(t.responseRequired, MAX_RESPONSE, { multiline: true }),
  /** Pending uploads of this case to send with the answer (#32). */
  attachments: attachmentIdsField,
});
export type RespondInput = z.input<typeof respondRequestSchema>;

/** POST /staff/pqrsf/:radicado/ampliacion (art. 14 parágrafo): the reason and the new due date. */
export const extendRequestSchema = z.object({
  reason: requiredText(t.reasonRequired, MAX_TEXT, { multiline: true }),
  dueDate: z
    .string({ error: t.dueDateRequired })
    .check(z.trim(), z.minLength(1, { error: t.dueDateRequired }), z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: t.dueDateInvalid })),
});
export type ExtendInput = z.input<typeof extendRequestSchema>;

/**
 * POST /staff/pqrsf/:radicado/traslado (art. 21): the competent entity, the address the petition is sent to (the PDF of
 * the case, #32; without it there is no transfer), and an optional internal note.
 */
export const transferRequestSchema = z.object({
  entity: requiredText(t.entityRequired, 200),
  entityEmail: emailField(t.entityEmailRequired, t.entityEmailInvalid),
  note: optionalText(MAX_TEXT, { multiline: true }),
});
export type TransferInput = z.input<typeof transferRequestSchema>;

/** POST /staff/pqrsf/:radicado/cierre: a note, required by the server when the case was neither answered nor transferred. */
export const closeRequestSchema = z.object({ note: optionalText(MAX_TEXT, { multiline: true }) });
export type CloseInput = z.input<typeof closeRequestSchema>;

/** POST /staff/pqrsf/:radicado/notas: an internal note. */
export const addNoteRequestSchema = z.object({
  body: requiredText(t.noteRequired, MAX_TEXT, { multiline: true }),
  /** Pending uploads of this case to keep with the note (#32). */
  attachments: attachmentIdsField,
});
export type AddNoteInput = z.input<typeof addNoteRequestSchema>;

/** POST /staff/pqrsf/digest (admins): runs today's deadline digest now, once, as the daily job would. */
export const digestResponseSchema = z.object({
  /** False when today's digest had already run (here or on another instance). */
  ran: z.boolean(),
  /** False when there was nothing to report (no e-mail is sent then). */
  sent: z.boolean(),
  recipients: z.int(),
  dueSoon: z.int(),
  overdue: z.int(),
});
export type DigestResponse = z.output<typeof digestResponseSchema>;

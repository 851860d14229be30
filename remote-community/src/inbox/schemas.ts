import { attachmentIdSchema, attachmentIdsField, caseAttachmentSchema } from 'shared/cases/attachments';
import { MAX_TEXT } from 'shared/schemas/common';
import {
  allyRecordSchema,
  arteDeAmarteRecordSchema,
  softwareRecordSchema,
  valeSerRecordSchema,
  volunteerRecordSchema,
  type WorkshopSlug,
} from '../forms/schemas';
import { newsletterStatusLabels } from 'shared/schemas/newsletter';
import { z } from 'shared/schemas/zod';

/**
 * The staff's community inbox (#13): volunteers, allied companies, workshop inquiries, custom-software requests and
 * newsletter subscribers, under `/api/community/staff/inbox/…`. Requests and answers of every operation, the fields of
 * each kind with their Spanish labels (the record page and the CSV export's headers use the same ones) and the texts the
 * screens show.
 */

/**
 * Kinds of community records the inbox lists, with the panel's names for them: the `:kind` of its API's paths and of
 * its pages' (`/equipo/comunidad/:kind`, remote-community/manifest/staff-routes.ts) → label.
 */
export const communityInboxKinds = {
  voluntarios: 'Voluntarios',
  aliados: 'Empresas aliadas',
  talleres: 'Consultas de talleres',
  software: 'Solicitudes de software',
  boletin: 'Suscriptores del boletín',
} as const;
export type CommunityInboxKind = keyof typeof communityInboxKinds;

export const inboxKindList = Object.keys(communityInboxKinds) as [CommunityInboxKind, ...CommunityInboxKind[]];

export const inboxTexts = {
  kindInvalid: 'Ese tipo de registro no existe.',
  idInvalid: 'El número de registro no es válido.',
  notFound: 'No encontramos ese registro. Puede que el enlace esté incompleto.',
  searchTooLong: 'Escribe como máximo 100 caracteres para buscar.',
  cursorInvalid: 'La página pedida no es válida. Vuelve a cargar la lista.',
  statusInvalid: 'Elige todos, pendientes o contactados.',
  workshopInvalid: 'Elige un taller de la lista.',
  workshopOnlyInquiries: 'El filtro por taller solo aplica a las consultas de talleres.',
  limitInvalid: 'Pide entre 1 y 100 registros por página.',
  noteTooLong: `Escribe como máximo ${MAX_TEXT} caracteres en la nota.`,
  channelRequired: 'Elige por dónde fue el contacto: teléfono, correo, WhatsApp o en persona.',
  subjectRequired: 'Escribe el asunto del correo.',
  subjectTooLong: 'Escribe un asunto de máximo 150 caracteres.',
  subjectOneLine: 'El asunto va en una sola línea.',
  bodyRequired: 'Escribe el texto del correo.',
  bodyTooLong: `Escribe como máximo ${MAX_TEXT} caracteres en el correo.`,
  reasonRequired: 'Elige el motivo de la eliminación.',
  statusOnlyContacts: 'Los suscriptores del boletín no tienen estado de contacto.',
  subscribersNotContacted: 'A los suscriptores del boletín se les escribe con el boletín, no desde su registro.',
  subscribersNotCorrected: 'La dirección de un suscriptor solo cambia si la persona se suscribe de nuevo (doble confirmación).',
  addressNotWritable: 'La dirección de correo de este registro no es válida para escribirle. Corrígela primero.',
  nothingChanged: 'No cambiaste ningún dato.',
  removed: (at: string) => `Este registro se eliminó el ${at}; sus datos personales se borraron.`,
} as const;

/** How a contact was made: the history's channels. */
export const contactChannels = { telefono: 'Teléfono', correo: 'Correo', whatsapp: 'WhatsApp', en_persona: 'En persona' } as const;
export type ContactChannel = keyof typeof contactChannels;
const channelList = Object.keys(contactChannels) as [ContactChannel, ...ContactChannel[]];

/** Why a record is removed: a choice, so the tombstone and the audit keep a reason and never a person's words. */
export const removalReasons = {
  duplicado: 'Registro duplicado',
  solicitud: 'La persona pidió que se borraran sus datos',
  prueba: 'Registro de prueba o spam',
  error: 'Enviado por error o con datos de otra persona',
} as const;
export type RemovalReason = keyof typeof removalReasons;
const reasonList = Object.keys(removalReasons) as [RemovalReason, ...RemovalReason[]];

/** What happened in a record's history. */
export const historyEvents = {
  contacto: 'Contacto',
  respuesta: 'Respuesta por correo',
  correccion: 'Corrección de datos',
  eliminacion: 'Eliminación',
} as const;
export type HistoryEvent = keyof typeof historyEvents;

/** Workshop slugs as stored in `community.workshop_inquiries.workshop`, and their names. */
export const workshopNames: Record<WorkshopSlug, string> = {
  'arte-de-amarte': 'Arte de Amarte',
  'vale-ser': 'Vale Ser',
};
const workshopSlugList = Object.keys(workshopNames) as [WorkshopSlug, ...WorkshopSlug[]];

/** The 'Contactado' filter: every record, those nobody marked yet, or those marked. */
export const contactFilters = { todos: 'Todos', pendientes: 'Pendientes', contactados: 'Contactados' } as const;
export type ContactFilter = keyof typeof contactFilters;

// ── Records as filed ─────────────────────────────────────────────────────────────────────────────────────────────

const text = z.string();
const maybe = z.nullable(z.string());

/** Each kind's fields as the visitor filed them (the form's names); the inbox adds id, date and the contact mark. */
export const inboxRecordSchemas = {
  voluntarios: z.object({
    volunteer_name: text,
    volunteer_lastname: text,
    id_type: text,
    id_number: text,
    age: z.int(),
    address: text,
    phone_number: text,
    email: text,
    institution: maybe,
    purposes: text,
    activities: text,
  }),
  aliados: z.object({
    corporation_name: text,
    corp_phone_number: text,
    representative_name: text,
    representative_lastname: text,
    id_type: text,
    id_number: text,
    email: text,
    rep_phone_number: text,
    reviews: maybe,
  }),
  talleres: z.object({
    workshop: text,
    full_name: maybe,
    first_name: maybe,
    last_name: maybe,
    phone_number: text,
    email: text,
    guest_type: maybe,
    occupation: maybe,
    empowerment_course: maybe,
    referral_source: maybe,
    comments_query: text,
  }),
  software: z.object({ full_name: text, email: text, phone_number: text }),
  boletin: z.object({ email: text, status: text }),
} satisfies Record<CommunityInboxKind, z.ZodMiniObject>;

export type InboxRecord<K extends CommunityInboxKind> = z.output<(typeof inboxRecordSchemas)[K]>;

/**
 * Every field of each kind with its Spanish label, in the order the record page and the CSV export show them. Typed so
 * that a field added to a record cannot go without a label.
 */
export const inboxFieldLabels: { [K in CommunityInboxKind]: { [F in keyof InboxRecord<K>]-?: string } } = {
  voluntarios: {
    volunteer_name: 'Nombres',
    volunteer_lastname: 'Apellidos',
    id_type: 'Tipo de documento',
    id_number: 'Número de documento',
    age: 'Edad',
    address: 'Dirección',
    phone_number: 'Teléfono',
    email: 'Correo electrónico',
    institution: 'Institución',
    purposes: 'Por qué quiere ser voluntario',
    activities: 'Actividades que le gustaría realizar',
  },
  aliados: {
    corporation_name: 'Empresa',
    corp_phone_number: 'Teléfono de la empresa',
    representative_name: 'Nombres del representante',
    representative_lastname: 'Apellidos del representante',
    id_type: 'Tipo de documento',
    id_number: 'Número de documento',
    email: 'Correo electrónico',
    rep_phone_number: 'Teléfono del representante',
    reviews: 'Comentarios',
  },
  talleres: {
    workshop: 'Taller',
    full_name: 'Nombre completo',
    first_name: 'Nombre',
    last_name: 'Apellido',
    phone_number: 'Teléfono',
    email: 'Correo electrónico',
    guest_type: 'Interés en el taller',
    occupation: 'Ocupación',
    empowerment_course: '¿Hizo un curso de empoderamiento?',
    referral_source: 'Cómo se enteró',
    comments_query: 'Consulta',
  },
  software: { full_name: 'Nombre completo', email: 'Correo electrónico', phone_number: 'Teléfono' },
  // status: pending / confirmed / unsubscribed (#15, double opt-in), shown as newsletterStatusLabels.
  boletin: { email: 'Correo electrónico', status: 'Estado en el boletín' },
};

/** The fields of a kind, in order, with their labels. */
export function inboxFields<K extends CommunityInboxKind>(kind: K): Array<{ name: keyof InboxRecord<K> & string; label: string }> {
  const labels: Record<string, string> = inboxFieldLabels[kind];
  return Object.entries(labels).map(([name, label]) => ({ name: name as keyof InboxRecord<K> & string, label }));
}

/** A stored value as people read it: workshop slugs by their names, nothing as an empty string. */
export function inboxValueText(field: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (field === 'workshop' && value in workshopNames) return workshopNames[value as WorkshopSlug];
  if (field === 'status' && value in newsletterStatusLabels) return newsletterStatusLabels[value as keyof typeof newsletterStatusLabels];
  return String(value);
}

/**
 * The list's own columns of each kind besides date, e-mail and status: who filed it (`name`; subscribers have only an
 * e-mail) and one more fact (`extra`: document, company, workshop or phone). Null: no such column.
 */
export const inboxListColumns: Record<CommunityInboxKind, { name: string | null; extra: string | null }> = {
  voluntarios: { name: 'Nombre', extra: 'Documento' },
  aliados: { name: 'Representante', extra: 'Empresa' },
  talleres: { name: 'Nombre', extra: 'Taller' },
  software: { name: 'Nombre', extra: 'Teléfono' },
  boletin: { name: null, extra: 'Suscripción' },
};

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const inboxKindParamsSchema = z.object({ kind: z.enum(inboxKindList, { error: inboxTexts.kindInvalid }) });
export type InboxKindParams = z.output<typeof inboxKindParamsSchema>;

export const inboxRecordParamsSchema = z.extend(inboxKindParamsSchema, {
  id: z.pipe(
    z.pipe(
      z.string({ error: inboxTexts.idInvalid }).check(z.regex(/^[1-9]\d{0,9}$/, { error: inboxTexts.idInvalid })),
      z.transform(Number),
    ),
    z.number().check(z.maximum(2_147_483_647, { error: inboxTexts.idInvalid })),
  ),
});
export type InboxRecordParams = z.output<typeof inboxRecordParamsSchema>;

/** `:kind/:id/adjuntos/:adjunto`: a record's attachment (#32); `:id` is the record's, so the file's is `:adjunto`. */
export const inboxAttachmentParamsSchema = z.extend(inboxRecordParamsSchema, { adjunto: attachmentIdSchema });

const contactFilterList = Object.keys(contactFilters) as [ContactFilter, ...ContactFilter[]];

/**
 * POST /api/community/staff/inbox/:kind/exportar: what narrows an export, as it narrows the list — the contact status,
 * for workshop inquiries the workshop, and the search. A POST: the search's words may be a name or a document number,
 * which never go in a URL.
 */
export const inboxExportQuerySchema = z.object({
  estado: z._default(z.enum(contactFilterList, { error: inboxTexts.statusInvalid }), 'todos'),
  taller: z.optional(z.enum(workshopSlugList, { error: inboxTexts.workshopInvalid })),
  /** Words that must all appear among the names, e-mail, document or company; accents and case do not matter. */
  q: z.pipe(
    z.optional(z.string({ error: 'Debe ser texto' }).check(z.trim(), z.maxLength(100, { error: inboxTexts.searchTooLong }))),
    z.transform((v) => v || undefined),
  ),
});
export type InboxExportQuery = z.output<typeof inboxExportQuerySchema>;
export type InboxExportQueryInput = z.input<typeof inboxExportQuerySchema>;

export const INBOX_PAGE_SIZE = 25;

/** POST /api/community/staff/inbox/:kind/lista: a filter, a search, and where the previous page ended (`cursor`). */
export const inboxListRequestSchema = z.extend(inboxExportQuerySchema, {
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.pipe(
    z.nullish(
      z
        .string({ error: inboxTexts.cursorInvalid })
        .check(z.maxLength(200, { error: inboxTexts.cursorInvalid }), z.regex(/^[A-Za-z0-9_-]+$/, { error: inboxTexts.cursorInvalid })),
    ),
    z.transform((v) => v ?? undefined),
  ),
  limit: z.optional(
    z
      .number({ error: inboxTexts.limitInvalid })
      .check(
        z.int({ error: inboxTexts.limitInvalid }),
        z.minimum(1, { error: inboxTexts.limitInvalid }),
        z.maximum(100, { error: inboxTexts.limitInvalid }),
      ),
  ),
});
export type InboxListRequest = z.input<typeof inboxListRequestSchema>;
export type InboxListQuery = z.output<typeof inboxListRequestSchema>;

/** What the server narrows a list or an export by. */
export type InboxFilter = InboxExportQuery;

const note = z.pipe(
  z.optional(z.string({ error: 'Debe ser texto' }).check(z.trim(), z.maxLength(MAX_TEXT, { error: inboxTexts.noteTooLong }))),
  z.transform((v) => v ?? ''),
);

/** POST /api/community/staff/inbox/:kind/:id/contactos: one more contact in the record's history. */
export const contactRequestSchema = z.object({
  channel: z.enum(channelList, { error: inboxTexts.channelRequired }),
  note,
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** POST …/:id/respuesta (and …/respuesta/vista-previa): an e-mail to the record's address, in the foundation's template. */
export const replyRequestSchema = z.object({
  subject: z.string({ error: inboxTexts.subjectRequired }).check(
    z.trim(),
    z.minLength(1, { error: inboxTexts.subjectRequired }),
    z.maxLength(150, { error: inboxTexts.subjectTooLong }),
    // One line of printable text: the subject goes in a header.
    z.regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, { error: inboxTexts.subjectOneLine }),
  ),
  body: z
    .string({ error: inboxTexts.bodyRequired })
    .check(z.trim(), z.minLength(1, { error: inboxTexts.bodyRequired }), z.maxLength(MAX_TEXT, { error: inboxTexts.bodyTooLong })),
  /** The member's pending uploads to this record the reply carries (#32); the preview ignores them. */
  attachments: attachmentIdsField,
});
export type ReplyRequest = z.input<typeof replyRequestSchema>;

/** The e-mail as it will be sent: its subject line and its text (the HTML says the same). */
export const replyPreviewSchema = z.object({ subject: z.string(), text: z.string() });
export type ReplyPreview = z.output<typeof replyPreviewSchema>;

/** PUT /api/community/staff/inbox/:kind/:id: the record's fields corrected, checked by the kind's own form schema. */
export const correctionRequestSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type CorrectionRequest = z.input<typeof correctionRequestSchema>;

/** POST …/:id/eliminar: the record removed, with a reason. */
export const removalRequestSchema = z.object({ reason: z.enum(reasonList, { error: inboxTexts.reasonRequired }) });
export type RemovalRequest = z.input<typeof removalRequestSchema>;

/** What stays of a removed record: when, who and why (its tombstone); its data are gone. */
export const removalResponseSchema = z.object({
  kind: z.enum(inboxKindList),
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  by: z.string(),
  reason: z.enum(reasonList),
});
export type RemovalResponse = z.output<typeof removalResponseSchema>;

/**
 * The schema a correction of a stored record is checked with: the form's own, without the consent (given when it was
 * filed). Workshop inquiries have two forms; the stored workshop says which. Subscribers are not corrected here.
 */
export function correctionSchemaOf(kind: CommunityInboxKind, workshop?: string | null) {
  switch (kind) {
    case 'voluntarios':
      return volunteerRecordSchema;
    case 'aliados':
      return allyRecordSchema;
    case 'talleres':
      return workshop === 'vale-ser' ? valeSerRecordSchema : arteDeAmarteRecordSchema;
    case 'software':
      return softwareRecordSchema;
    case 'boletin':
      return null;
  }
}

/** The fields a correction of this kind (and workshop) edits, in the record page's order. */
export function correctableFields(kind: CommunityInboxKind, workshop?: string | null): string[] {
  const schema = correctionSchemaOf(kind, workshop);
  if (!schema) return [];
  const names = new Set(Object.keys(schema.shape));
  return Object.keys(inboxFieldLabels[kind]).filter((name) => names.has(name));
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Whether anyone reached the person yet, from the history (a contact or a reply): null for subscribers. */
export const contactStateSchema = z.object({
  contacted: z.boolean(),
  /** ISO 8601: the latest contact or reply. */
  lastAt: z.nullable(z.string()),
  /** Contacts and replies in the history. */
  count: z.int(),
});
export type ContactState = z.output<typeof contactStateSchema>;

/** One act in a record's history. */
export const historyEntrySchema = z.object({
  id: z.string(),
  event: z.enum(Object.keys(historyEvents) as [HistoryEvent, ...HistoryEvent[]]),
  /** ISO 8601. */
  at: z.string(),
  /** The member's e-mail. */
  by: z.string(),
  /** A contact's channel; null for a mark from before the history. */
  channel: z.nullable(z.enum(channelList)),
  note: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  body: z.nullable(z.string()),
  /** A correction's fields, by their labels. */
  fields: z.array(z.string()),
  /** A reply's attachments (#32), as e-mailed with it. */
  attachments: z.array(caseAttachmentSchema),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** What the team may do with the record, decided by the server; `reason` says why not. */
const verdict = z.object({ allowed: z.boolean(), reason: z.nullable(z.string()) });
export const recordActionsSchema = z.object({ contact: verdict, reply: verdict, correct: verdict, remove: verdict });
export type RecordActions = z.output<typeof recordActionsSchema>;

/** GET /api/community/staff/inbox: every kind with how many records it has and how many nobody contacted yet. */
export const inboxSummaryResponseSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(inboxKindList), label: z.string(), total: z.int(), pending: z.int() })),
});
export type InboxSummaryResponse = z.output<typeof inboxSummaryResponseSchema>;

/** One row of a list: enough to recognise the record; the record page has the rest. */
export const inboxListItemSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Who filed it (null for subscribers, who give only an e-mail). */
  name: z.nullable(z.string()),
  email: z.string(),
  /** The kind's own column (`inboxListColumns`): document, company, workshop or phone. */
  extra: z.nullable(z.string()),
  /** Null for subscribers: they are not waiting for a contact (their column is the subscription). */
  contact: z.nullable(contactStateSchema),
});
export type InboxListItem = z.output<typeof inboxListItemSchema>;

export const inboxListResponseSchema = z.object({
  kind: z.enum(inboxKindList),
  items: z.array(inboxListItemSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
  /** How many records match the filter, on the first page only (null when a cursor was given). */
  total: z.nullable(z.int()),
});
export type InboxListResponse = z.output<typeof inboxListResponseSchema>;

const recordAnswer = <K extends CommunityInboxKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    id: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
    record: inboxRecordSchemas[kind],
    contact: z.nullable(contactStateSchema),
    history: z.array(historyEntrySchema),
    actions: recordActionsSchema,
  });

/** GET /api/community/staff/inbox/:kind/:id (and the actions' answer): every field, the contact state and the history. */
export const inboxRecordResponseSchema = z.discriminatedUnion('kind', [
  recordAnswer('voluntarios'),
  recordAnswer('aliados'),
  recordAnswer('talleres'),
  recordAnswer('software'),
  recordAnswer('boletin'),
]);
export type InboxRecordResponse = z.output<typeof inboxRecordResponseSchema>;

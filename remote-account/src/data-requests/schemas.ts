import { attachmentIdsField, caseAttachmentSchema } from 'shared/cases/attachments';
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
import { caseUrgencies, DUE_SOON_BUSINESS_DAYS, type CaseUrgency } from 'shared/cases/terms';
import { emailField, MAX_TEXT, optionalText, personNameField, requiredText } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { dataRequestKinds, type DataRequestKind } from '../../manifest/data-request-kinds';

/**
 * The data subject's requests (Ley 1581 de 2012 arts. 8, 14 y 15; Decreto 1377 de 2013), as the account remote's API
 * takes and answers them: the visitor's side (`/api/account/data-requests…`: a code that proves control of the e-mail
 * address, then the filing) and the team's (`/api/account/staff/data-requests…`: the inbox, a request and its actions).
 * The server decides every rule (terms in business days, the one extension, which action a request allows today).
 */

// The kinds and their names are data the domain's manifest declares too (the personal-data registry's labels).
export { dataRequestKindLabels, dataRequestKinds, type DataRequestKind } from '../../manifest/data-request-kinds';

/** A consulta (art. 14) or a reclamo (art. 15): each has its own terms. */
export type DataRequestClass = 'consulta' | 'reclamo';
export const classOfKind = (kind: DataRequestKind): DataRequestClass => (kind === 'acceso' ? 'consulta' : 'reclamo');

/**
 * Legal terms in business days (Colombian holidays), counted from the day after the filing:
 * consultas 10, extendable once by 5 (art. 14); reclamos 15, extendable once by 8 (art. 15).
 */
export const dataRequestTerms: Record<DataRequestClass, { days: number; extension: number }> = {
  consulta: { days: 10, extension: 5 },
  reclamo: { days: 15, extension: 8 },
};

/**
 * 'Recibida': filed, nobody has taken it yet; 'En trámite': a member of the team works on it; 'Incompleta': a reclamo
 * the person was asked to complete (art. 15), its term stopped until they do; 'Respondida': answered; 'Desistida': the
 * person did not complete it within two months (art. 15). Only the first two run a term. Once answered or withdrawn a
 * request keeps no contact data.
 */
export const dataRequestStatuses = ['Recibida', 'En trámite', 'Incompleta', 'Respondida', 'Desistida'] as const;
export type DataRequestStatus = (typeof dataRequestStatuses)[number];
export const openDataRequestStatuses = ['Recibida', 'En trámite'] as const satisfies readonly DataRequestStatus[];

/** "Vence en 3 días hábiles o menos" (the kit's window, shared/cases/terms.ts). */
export const DATA_DUE_SOON_BUSINESS_DAYS = DUE_SOON_BUSINESS_DAYS;
/** Art. 15: an incomplete reclamo is answered with a request to complete it within 5 (business) days of its receipt. */
export const DATA_COMPLETION_BUSINESS_DAYS = 5;
/** Art. 15: two months after that request without the information, the person is taken to have withdrawn the reclamo. */
export const DATA_WITHDRAWAL_MONTHS = 2;
/** Requests per inbox page. */
export const DATA_INBOX_PAGE_SIZE = 25;
/** A radicado: 'DP-' + year + '-' + six digits of the year's count. */
export const DATA_RADICADO_PATTERN = /^DP-\d{4}-\d{6}$/;
/** Digits of the code e-mailed to prove control of the address. */
export const DATA_CODE_LENGTH = 6;
/** Minutes a code stays valid. */
export const DATA_CODE_MINUTES = 15;
/**
 * Wrong codes one client (its network) may type for an address in an hour; then it must use the e-mailed link or wait.
 * Counted per client, so a stranger's guesses lock the stranger, not the owner.
 */
export const DATA_CODE_ATTEMPTS = 5;
/**
 * Wrong codes, from any client, after which a code can no longer be typed (its link still works): more than one
 * client's allowance, so one stranger cannot spoil the owner's code, and still few enough that guessing is hopeless.
 */
export const DATA_CODE_GUESSES = 10;
/** Hours the one-time link in each code e-mail proves the mailbox by itself (a code lives 15 minutes). */
export const DATA_LINK_HOURS = 24;
/** The link's token: 32 random bytes, base64url. */
export const DATA_LINK_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const dataRequestTexts = {
  kindRequired: 'Elige qué quieres pedir.',
  detailsRequired: 'Cuéntanos tu solicitud.',
  correctionRequired: 'Escribe qué datos debemos corregir o actualizar, y cómo deben quedar.',
  nameRequired: 'Escribe tu nombre completo.',
  emailRequired: 'Escribe tu correo electrónico.',
  emailInvalid: 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.',
  codeRequired: 'Escribe el código de 6 dígitos que te enviamos.',
  codeInvalidShape: 'El código tiene 6 dígitos.',
  /** The answer to every code request, whatever the site holds for that address. */
  codeSent: (minutes: number) =>
    `Te enviamos un código de 6 dígitos a ese correo. Escríbelo abajo para radicar tu solicitud; vence en ${minutes} minutos. Si no te llega, revisa la carpeta de correo no deseado o pide uno nuevo.`,
  codeWrong: (left: number) =>
    left === 1 ? 'El código no es correcto. Te queda 1 intento.' : `El código no es correcto. Te quedan ${left} intentos.`,
  codeUnusable: 'El código no es válido o ya venció. Abre el enlace del correo que te enviamos o pide un código nuevo.',
  codeLocked:
    'Escribiste varios códigos incorrectos desde esta conexión. Abre el enlace del correo que te enviamos o vuelve a intentarlo en una hora.',
  linkUnusable:
    'Este enlace ya no sirve: se usó, venció o es de otro correo. Escribe el correo al que te llegó el enlace, o pide un código nuevo.',
  tooManyCodes: 'Pediste varios códigos seguidos. Espera unos minutos antes de pedir otro.',
  responseRequired: 'Escribe la respuesta que recibirá la persona.',
  reasonRequired: 'Escribe el motivo de la ampliación: la persona lo recibirá por correo.',
  confirmRequired: 'Confirma que quieres suprimir los datos.',
  ...caseSchemaTexts,
  radicadoInvalid: 'El radicado tiene la forma DP-AAAA-000000.',
} as const;
const t = dataRequestTexts;

const emailSchema = emailField(t.emailRequired, t.emailInvalid);
const codeSchema = z
  .string({ error: t.codeRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: t.codeRequired }),
    z.regex(new RegExp(`^\\d{${DATA_CODE_LENGTH}}$`), { error: t.codeInvalidShape }),
  );

/** POST /api/account/data-requests/codigo: e-mails a code to the typed address (and only to it). */
export const dataRequestCodeRequestSchema = z.object({ email: emailSchema });
export type DataRequestCodeRequest = z.input<typeof dataRequestCodeRequestSchema>;

/** Always the same answer, so it says nothing about the address. */
export const dataRequestCodeResponseSchema = z.object({ success: z.literal(true), message: z.string(), minutes: z.int() });
export type DataRequestCodeResponse = z.output<typeof dataRequestCodeResponseSchema>;

const formFields = {
  kind: z.enum(dataRequestKinds, { error: t.kindRequired }),
  details: requiredText(t.detailsRequired, MAX_TEXT, { multiline: true }),
  correction: optionalText(MAX_TEXT, { multiline: true }),
  name: personNameField(t.nameRequired),
  email: emailSchema,
};
/** A correction says what to correct (art. 15: a reclamo describes the facts it rests on). */
const correctionGiven = (v: { kind: DataRequestKind; correction?: string | undefined }, issue: z.core.$RefinementCtx) => {
  if (v.kind === 'correccion' && !v.correction) issue.addIssue({ code: 'custom', path: ['correction'], message: t.correctionRequired });
};

/** The request the visitor writes (the form's fields before the code). */
export const dataRequestFormSchema = z.object(formFields).check(z.superRefine(correctionGiven));
export type DataRequestFormInput = z.input<typeof dataRequestFormSchema>;

/** The page's second step: the code alone (sent with the first step's values). */
export const dataRequestCodeStepSchema = z.object({ code: codeSchema });
export type DataRequestCodeStepInput = z.input<typeof dataRequestCodeStepSchema>;

/** The token of the link in a code e-mail (`/datos-personales?token=…`). */
export const dataRequestLinkSchema = z.string().check(z.regex(DATA_LINK_PATTERN, { error: t.linkUnusable }));

/**
 * POST /api/account/data-requests: the request and what proves the address: the e-mailed code, or the token of the
 * e-mail's link (`link`), or neither when the visitor's verified ID token (Bearer) is for the same address.
 */
export const fileDataRequestSchema = z
  // No code only with the e-mail's link or a verified ID token naming this very address (the server checks both).
  .object({ ...formFields, code: z.optional(codeSchema), link: z.optional(dataRequestLinkSchema) })
  .check(z.superRefine(correctionGiven));
export type FileDataRequestInput = z.input<typeof fileDataRequestSchema>;
export type FileDataRequest = z.output<typeof fileDataRequestSchema>;

export const fileDataRequestResponseSchema = z.object({
  success: z.literal(true),
  radicado: z.string(),
  kind: z.enum(dataRequestKinds),
  /** ISO 8601. */
  createdAt: z.string(),
  /** YYYY-MM-DD (Bogotá). */
  dueDate: z.string(),
  termDays: z.int(),
});
export type FileDataRequestResponse = z.output<typeof fileDataRequestResponseSchema>;

/** GET /api/account/data-requests/copia/:token/:file — the e-mailed link's file names. */
export const dataExportFiles = ['datos.json', 'datos.pdf'] as const;
/** What a copy's link answers when it is unknown, spent or malformed alike (no hint of which). */
export const dataExportLinkGone =
  'Este enlace no es válido o ya venció. Si necesitas otra copia de tus datos, radica una nueva solicitud de acceso en /datos-personales.';
export const dataExportParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: dataExportLinkGone })),
  file: z.enum(dataExportFiles, { error: dataExportLinkGone }),
});

// ---- The team's side ----------------------------------------------------------------------------------------------

export const dataInboxStatusFilters = ['abiertas', ...dataRequestStatuses, 'todas'] as const;
export type DataInboxStatusFilter = (typeof dataInboxStatusFilters)[number];
export const dataInboxDueFilters = caseDueFilters;
export type DataInboxDueFilter = CaseDueFilter;
export const dataUrgencies = caseUrgencies;
export type DataUrgency = CaseUrgency;

/** POST /staff/data-requests/bandeja (a POST: a name or an address to search must not travel in a URL). */
export const dataInboxRequestSchema = z.object({
  status: z._default(z.enum(dataInboxStatusFilters), 'abiertas'),
  kind: z.optional(z.enum(dataRequestKinds)),
  ...caseInboxQueryFields,
  ...caseAssignmentQueryFields,
});
export type DataInboxRequest = z.input<typeof dataInboxRequestSchema>;
export type DataInboxQuery = z.output<typeof dataInboxRequestSchema>;

export const dataInboxItemSchema = z.object({
  ...caseInboxItemFields,
  ...caseAssignmentFields,
  kind: z.enum(dataRequestKinds),
  /** The name as filed; null once the contact data was erased. */
  name: z.nullable(z.string()),
});
export type DataInboxItem = z.output<typeof dataInboxItemSchema>;

export const dataInboxCountsSchema = z.object({
  open: z.int(),
  overdue: z.int(),
  dueSoon: z.int(),
  answered: z.int(),
  /** Reclamos waiting for the person to complete them (their term stopped). */
  incomplete: z.int(),
});
export type DataInboxCounts = z.output<typeof dataInboxCountsSchema>;

export const dataInboxResponseSchema = caseInboxResponseSchema(dataInboxItemSchema, dataInboxCountsSchema);
export type DataInboxResponse = z.output<typeof dataInboxResponseSchema>;

export const dataRequestParamsSchema = z.object({
  radicado: z.string().check(z.regex(DATA_RADICADO_PATTERN, { error: t.radicadoInvalid })),
});
export type DataRequestParams = z.output<typeof dataRequestParamsSchema>;

const allowed = caseVerdictSchema;

/** A history row: `action` is radicada | en_tramite | ampliada | exportada | suprimida | respondida | incompleta… */
export const dataRequestEventSchema = caseHistoryEntrySchema;
export type DataRequestEvent = CaseHistoryEntry;

/** GET /staff/data-requests/:radicado and the answer of every action. */
export const dataRequestCaseSchema = z.object({
  radicado: z.string(),
  kind: z.enum(dataRequestKinds),
  createdAt: z.string(),
  status: z.string(),
  /** What the person wrote and who they are; null once the contact data was erased after the answer. */
  request: z.nullable(
    z.object({
      name: z.string(),
      email: z.string(),
      details: z.string(),
      correction: z.nullable(z.string()),
    }),
  ),
  ...caseTermFields,
  ...caseAssignmentFields,
  /** The last copy of the data sent (acceso): when, until when the link works, and how many records it held. */
  export: z.nullable(z.object({ at: z.string(), expiresAt: z.string(), records: z.int() })),
  /** Art. 15: when the person was asked to complete the reclamo, what was asked, and from when it may be closed as withdrawn. */
  completion: z.nullable(z.object({ requestedAt: z.string(), message: z.string(), withdrawFrom: z.string() })),
  /**
   * The erasure done (supresión, revocatoria): when, and what the engine reported. `accountPending`: the database part
   * is done but the identity provider has not deleted the account yet (retried every few minutes; the person's answer
   * e-mail waits for it).
   */
  erasure: z.nullable(z.object({ at: z.string(), summary: z.record(z.string(), z.number()), accountPending: z.boolean() })),
  history: z.array(dataRequestEventSchema),
  /** The answer's attachments (#32, the legal-case kit's), oldest first; pending uploads are not listed. */
  attachments: z.array(caseAttachmentSchema),
  actions: z.object({
    start: allowed,
    respond: allowed,
    /** `newDueDate`: where the one extension the law allows would move the due date. */
    extend: z.extend(allowed, { newDueDate: z.nullable(z.string()), extensionDays: z.int() }),
    export: allowed,
    erase: allowed,
    /** `deadline`: the last day the person may be asked to complete the reclamo (5 business days from the filing). */
    requestCompletion: z.extend(allowed, { deadline: z.nullable(z.string()) }),
    /** The completed reclamo is received: its term starts again from the day after. */
    resume: allowed,
    /** Closed as withdrawn, two months after the request to complete it. */
    withdraw: allowed,
  }),
});
export type DataRequestCase = z.output<typeof dataRequestCaseSchema>;

/** POST /staff/data-requests/:radicado/en-tramite. */
export const dataStartRequestSchema = z.object({ note: optionalText(MAX_TEXT, { multiline: true }) });
export type DataStartInput = z.input<typeof dataStartRequestSchema>;

/** POST /staff/data-requests/:radicado/ampliacion: the reason (the new date is the law's, not chosen). */
export const dataExtendRequestSchema = z.object({ reason: requiredText(t.reasonRequired, MAX_TEXT, { multiline: true }) });
export type DataExtendInput = z.input<typeof dataExtendRequestSchema>;

/** POST /staff/data-requests/:radicado/respuesta: the answer, e-mailed to the person. */
export const dataRespondRequestSchema = z.object({
  response: requiredText(t.responseRequired, 10_000, { multiline: true }),
  /** Pending uploads of this request by the member answering (#32): claimed with the answer, linked in its e-mail. */
  attachments: attachmentIdsField,
});

export type DataRespondInput = z.input<typeof dataRespondRequestSchema>;

/** POST /staff/data-requests/:radicado/completar (art. 15, reclamos): what is missing, e-mailed to the person. */
export const dataCompletionRequestSchema = z.object({
  message: requiredText('Escribe qué información falta: la persona lo recibirá por correo.', MAX_TEXT, { multiline: true }),
});
export type DataCompletionInput = z.input<typeof dataCompletionRequestSchema>;

/** POST /staff/data-requests/:radicado/reanudar: the person completed it; a note of what arrived (optional). */
export const dataResumeRequestSchema = z.object({ note: optionalText(MAX_TEXT, { multiline: true }) });
export type DataResumeInput = z.input<typeof dataResumeRequestSchema>;

/** POST /staff/data-requests/:radicado/desistida: closed as withdrawn (art. 15), the person told. */
export const dataWithdrawRequestSchema = z.object({});
export type DataWithdrawInput = z.input<typeof dataWithdrawRequestSchema>;

const responseField = requiredText(t.responseRequired, 10_000, { multiline: true });

/**
 * POST /staff/data-requests/:radicado/exportacion (acceso): builds the copy of everything the site holds for the person
 * (JSON and PDF), e-mails the answer with a link to it that expires, and answers the request.
 */
export const dataExportRequestSchema = z.object({ response: responseField });
export type DataExportInput = z.input<typeof dataExportRequestSchema>;

/**
 * POST /staff/data-requests/:radicado/supresion (supresión, revocatoria): erases the person's data everywhere (what the
 * law obliges the foundation to keep stays, without contact data), e-mails the answer, and answers the request.
 */
export const dataEraseRequestSchema = z.object({ confirm: z.literal(true, { error: t.confirmRequired }), response: responseField });
export type DataEraseInput = z.input<typeof dataEraseRequestSchema>;

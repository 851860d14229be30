import { caseAssignmentOperations } from 'shared/cases/assignment';
import { defineOperation, fileAnswer } from 'shared/api/operation';
import { pqrsfReportQuerySchema, pqrsfReportSchema } from './report-schemas';
import {
  addNoteRequestSchema,
  closeRequestSchema,
  digestResponseSchema,
  extendRequestSchema,
  pqrsfCaseParamsSchema,
  pqrsfCaseSchema,
  pqrsfExportRequestSchema,
  pqrsfInboxRequestSchema,
  pqrsfInboxResponseSchema,
  respondRequestSchema,
  startProcessingRequestSchema,
  transferRequestSchema,
} from './staff-schemas';
import { z } from 'shared/schemas/zod';
import { attachmentParamsSchema, uploadedAttachmentSchema } from './attachment-schemas';

/**
 * The panel's PQRSF operations, declared once (#27, shared/api/operation): server/staff.ts registers them with
 * `route`, the staff screens call them through the staff client. Apart from the visitor's (operations.ts): a
 * public page never bundles these.
 */

/** Who handles petitions in the panel. */
const atencion = ['atencion'] as const;

/** A case route: the radicado in the path, the case as it is now as the answer. */
const caseAction = <const Path extends `/api/community/staff/pqrsf/:radicado/${string}`, B extends z.ZodMiniType>(
  path: Path,
  body: B,
  summary: string,
) => defineOperation({ method: 'POST', path, params: pqrsfCaseParamsSchema, body, response: pqrsfCaseSchema, roles: atencion, summary });

export const pqrsfStaffOperations = {
  /** A page of the inbox with its counts (POST: the search is personal data, never in a URL). */
  inbox: defineOperation({
    method: 'POST',
    path: '/api/community/staff/pqrsf/bandeja',
    body: pqrsfInboxRequestSchema,
    response: pqrsfInboxResponseSchema,
    roles: atencion,
    summary: 'Panel: bandeja de PQRSF por fecha de vencimiento, con filtros, búsqueda y conteos (POST: la búsqueda no va en la URL)',
  }),
  /** The CSV of every case the inbox's search and filters find (POST: the search never goes in a URL). Audited. */
  exportCsv: defineOperation({
    method: 'POST',
    path: '/api/community/staff/pqrsf/exportar',
    body: pqrsfExportRequestSchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: atencion,
    summary:
      'Panel: exportar a CSV las PQRSF que encuentran la búsqueda y los filtros de la bandeja (Excel en español); queda en la auditoría',
  }),
  /** The request as filed, its history, notes, term and the actions it allows. */
  case: defineOperation({
    method: 'GET',
    path: '/api/community/staff/pqrsf/:radicado',
    params: pqrsfCaseParamsSchema,
    response: pqrsfCaseSchema,
    roles: atencion,
    summary: 'Panel: una PQRSF tal como se radicó, su historial, notas internas, plazo y acciones posibles',
  }),
  startProcessing: caseAction(
    '/api/community/staff/pqrsf/:radicado/en-tramite',
    startProcessingRequestSchema,
    'Panel: pasar una PQRSF a «En trámite»',
  ),
  respond: caseAction(
    '/api/community/staff/pqrsf/:radicado/respuesta',
    respondRequestSchema,
    'Panel: responder una PQRSF (queda «Respondida» con la fecha; la respuesta se envía por correo al peticionario)',
  ),
  extend: caseAction(
    '/api/community/staff/pqrsf/:radicado/ampliacion',
    extendRequestSchema,
    'Panel: ampliar el plazo (Ley 1755 art. 14 parágrafo: antes del vencimiento, con motivo, hasta el doble del término inicial; se avisa al peticionario)',
  ),
  transfer: caseAction(
    '/api/community/staff/pqrsf/:radicado/traslado',
    transferRequestSchema,
    'Panel: trasladar una PQRSF a la entidad competente (Ley 1755 art. 21: dentro de 5 días hábiles desde la radicación; se avisa al peticionario)',
  ),
  close: caseAction(
    '/api/community/staff/pqrsf/:radicado/cierre',
    closeRequestSchema,
    'Panel: cerrar una PQRSF (sin respuesta ni traslado, con el motivo)',
  ),
  addNote: caseAction(
    '/api/community/staff/pqrsf/:radicado/notas',
    addNoteRequestSchema,
    'Panel: agregar una nota interna a una PQRSF (no la ve el peticionario)',
  ),
  /** A file for an answer or a note (#32), as the request's raw body with X-File-Name; pending until one names it. Audited. */
  uploadAttachment: defineOperation({
    method: 'POST',
    path: '/api/community/staff/pqrsf/:radicado/adjuntos',
    params: pqrsfCaseParamsSchema,
    response: uploadedAttachmentSchema,
    status: 201,
    roles: atencion,
    summary: 'Panel: subir un adjunto para la respuesta o una nota (PDF, imagen, Word, Excel o PowerPoint; hasta 10 MB)',
  }),
  /** Drops one's own pending upload (the "Quitar" button before sending). Audited. */
  removeAttachment: defineOperation({
    method: 'DELETE',
    path: '/api/community/staff/pqrsf/:radicado/adjuntos/:id',
    params: attachmentParamsSchema,
    response: z.object({ removed: z.boolean() }),
    roles: atencion,
    summary: 'Panel: quitar un adjunto que aún no se ha enviado',
  }),
  /** An attachment of the answer or of a note, as a download. Audited (a read of personal data). */
  attachment: defineOperation({
    method: 'GET',
    path: '/api/community/staff/pqrsf/:radicado/adjuntos/:id',
    params: attachmentParamsSchema,
    response: fileAnswer({ accept: '*/*', description: 'El archivo adjunto', format: 'binary' }),
    roles: atencion,
    summary: 'Panel: descargar un adjunto de la respuesta o de una nota (queda en la auditoría)',
  }),
  /** Assignment (#32, the legal-case kit): one case (`assign`), several from the inbox
   * (`assignMany`), and who can be chosen (`assignees`). */
  ...caseAssignmentOperations('/api/community/staff/pqrsf', {
    params: pqrsfCaseParamsSchema,
    answer: pqrsfCaseSchema,
    roles: atencion,
    kind: 'una PQRSF',
  }),
  /** The report of a month or a semester: counts only (no personal data), computed on the server. */
  report: defineOperation({
    method: 'GET',
    path: '/api/community/staff/pqrsf/informe',
    query: pqrsfReportQuerySchema,
    response: pqrsfReportSchema,
    roles: atencion,
    summary:
      'Panel: informe de PQRSF de un mes o un semestre (por tipo, canal y mes; a tiempo, tarde, abiertas; días hábiles de respuesta)',
  }),
  /** The same figures as a CSV for Excel. Audited. */
  reportCsv: defineOperation({
    method: 'GET',
    path: '/api/community/staff/pqrsf/informe/csv',
    query: pqrsfReportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: atencion,
    summary: 'Panel: el informe de PQRSF en CSV (Excel en español); queda en la auditoría',
  }),
  /** The same figures as a PDF the foundation can publish. Audited. */
  reportPdf: defineOperation({
    method: 'GET',
    path: '/api/community/staff/pqrsf/informe/pdf',
    query: pqrsfReportQuerySchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF del informe', format: 'binary' }),
    roles: atencion,
    summary: 'Panel: el informe de PQRSF en PDF, para publicar (sin datos personales); queda en la auditoría',
  }),
  /** Administration: today's digest of PQRSF due soon and overdue, sent now (once a day, like the schedule); no screen calls it. */
  digest: defineOperation({
    method: 'POST',
    path: '/api/community/staff/pqrsf/digest',
    response: digestResponseSchema,
    roles: ['admin'],
    summary: 'Panel (administración): enviar ahora el resumen diario de PQRSF por vencer y vencidas (una vez al día)',
  }),
};

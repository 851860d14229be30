import { defineOperation, fileAnswer } from 'shared/api/operation';
import { uploadedAttachmentSchema } from 'shared/cases/attachments';
import { z } from 'shared/schemas/zod';
import {
  contactRequestSchema,
  correctionRequestSchema,
  inboxAttachmentParamsSchema,
  inboxExportQuerySchema,
  inboxKindParamsSchema,
  inboxListRequestSchema,
  inboxListResponseSchema,
  inboxRecordParamsSchema,
  inboxRecordResponseSchema,
  inboxSummaryResponseSchema,
  removalRequestSchema,
  removalResponseSchema,
  replyPreviewSchema,
  replyRequestSchema,
} from './schemas';

/**
 * The staff's community inbox, declared once (#27, shared/api/operation): server/inbox.ts and
 * server/marks.ts (and server/export.ts, the CSV) register these, the inbox and record
 * screens call them.
 */

/** Who follows up the community's records in the panel. */
const comunidad = ['comunidad'] as const;

export const communityInboxOperations = {
  /** Every kind of community record with its total and how many are not contacted yet. */
  summary: defineOperation({
    method: 'GET',
    path: '/api/community/staff/inbox',
    response: inboxSummaryResponseSchema,
    roles: comunidad,
    summary: 'Bandeja de la comunidad: cuántos registros hay de cada tipo y cuántos están sin contactar',
  }),
  /** A page of one kind, newest first (POST: the search may be a name or a document, never in a URL). */
  list: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/lista',
    params: inboxKindParamsSchema,
    body: inboxListRequestSchema,
    response: inboxListResponseSchema,
    roles: comunidad,
    summary:
      'Lista de un tipo de registro, del más reciente al más antiguo, con búsqueda y paginación por cursor (POST: la búsqueda no va en la URL)',
  }),
  /** The CSV of one kind as the list is narrowed: status, workshop and search (POST: the search never in a URL). Audited. */
  exportCsv: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/exportar',
    params: inboxKindParamsSchema,
    body: inboxExportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: comunidad,
    summary: 'Exportar a CSV (Excel en español: UTF-8 con BOM, punto y coma, fechas de Bogotá); queda en la auditoría',
  }),
  /** One record with every field as filed and its contact mark. */
  record: defineOperation({
    method: 'GET',
    path: '/api/community/staff/inbox/:kind/:id',
    params: inboxRecordParamsSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: 'Un registro de la comunidad con todos sus campos y la marca de contacto',
  }),
  /** One more contact (channel and note) in the record's history; answers the record as it now reads. */
  contact: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/:id/contactos',
    params: inboxRecordParamsSchema,
    body: contactRequestSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: 'Registrar un contacto (canal y nota) en el historial del registro; queda en la auditoría',
  }),
  /** The reply e-mail as it would be sent (the foundation's template), without sending it. */
  replyPreview: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/:id/respuesta/vista-previa',
    params: inboxRecordParamsSchema,
    body: replyRequestSchema,
    response: replyPreviewSchema,
    roles: comunidad,
    summary: 'Vista previa del correo de respuesta, con la plantilla de la fundación (no lo envía)',
  }),
  /** E-mails the reply to the record's address and keeps it in the history as an outgoing message. */
  reply: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/:id/respuesta',
    params: inboxRecordParamsSchema,
    body: replyRequestSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: 'Responder por correo desde el registro; queda en el historial y en la auditoría',
  }),
  /** A file for a reply (#32), as the request's raw body with X-File-Name; pending until a reply names it. Audited. */
  uploadAttachment: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/:id/adjuntos',
    params: inboxRecordParamsSchema,
    response: uploadedAttachmentSchema,
    status: 201,
    roles: comunidad,
    summary: 'Subir un adjunto para la respuesta por correo de un registro (PDF, imagen, Word, Excel o PowerPoint; hasta 10 MB)',
  }),
  /** Drops one's own pending upload (the "Quitar" button before sending). Audited. */
  removeAttachment: defineOperation({
    method: 'DELETE',
    path: '/api/community/staff/inbox/:kind/:id/adjuntos/:adjunto',
    params: inboxAttachmentParamsSchema,
    response: z.object({ removed: z.boolean() }),
    roles: comunidad,
    summary: 'Quitar un adjunto de un registro que aún no se ha enviado',
  }),
  /** A reply's attachment, as a download. Audited (a read of personal data). */
  attachment: defineOperation({
    method: 'GET',
    path: '/api/community/staff/inbox/:kind/:id/adjuntos/:adjunto',
    params: inboxAttachmentParamsSchema,
    response: fileAnswer({ accept: '*/*', description: 'El archivo adjunto', format: 'binary' }),
    roles: comunidad,
    summary: 'Descargar un adjunto de una respuesta a un registro (queda en la auditoría)',
  }),
  /** Corrects the record's fields with its form's own rules; the history names the fields changed. */
  correct: defineOperation({
    method: 'PUT',
    path: '/api/community/staff/inbox/:kind/:id',
    params: inboxRecordParamsSchema,
    body: correctionRequestSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: 'Corregir los datos de un registro (con las reglas de su formulario); queda en el historial y en la auditoría',
  }),
  /** Deletes the record and its history's personal data, leaving a tombstone (when, who, why). */
  remove: defineOperation({
    method: 'POST',
    path: '/api/community/staff/inbox/:kind/:id/eliminar',
    params: inboxRecordParamsSchema,
    body: removalRequestSchema,
    response: removalResponseSchema,
    roles: comunidad,
    summary: 'Eliminar un registro con un motivo: se borran sus datos personales y queda constancia; queda en la auditoría',
  }),
};

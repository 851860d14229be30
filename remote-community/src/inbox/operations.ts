import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  contactMarkRequestSchema,
  inboxExportQuerySchema,
  inboxKindParamsSchema,
  inboxListRequestSchema,
  inboxListResponseSchema,
  inboxRecordParamsSchema,
  inboxRecordResponseSchema,
  inboxSummaryResponseSchema,
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
  /** The CSV of one kind by contact status and workshop (no search: nothing personal in the URL), a file. Audited. */
  exportCsv: defineOperation({
    method: 'GET',
    path: '/api/community/staff/inbox/:kind/exportar',
    params: inboxKindParamsSchema,
    query: inboxExportQuerySchema,
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
  /** Marks the record 'Contactado' with a note (again: replaces it); answers the record as it now reads. */
  mark: defineOperation({
    method: 'PUT',
    path: '/api/community/staff/inbox/:kind/:id/contacto',
    params: inboxRecordParamsSchema,
    body: contactMarkRequestSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: "Marcar como 'Contactado' con una nota (otra vez: reemplaza la marca); queda en la auditoría",
  }),
  /** Takes the 'Contactado' mark (and its note) off the record; answers the record as it now reads. */
  unmark: defineOperation({
    method: 'DELETE',
    path: '/api/community/staff/inbox/:kind/:id/contacto',
    params: inboxRecordParamsSchema,
    response: inboxRecordResponseSchema,
    roles: comunidad,
    summary: "Quitar la marca de 'Contactado'; queda en la auditoría",
  }),
};

import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  invoiceExportQuerySchema,
  invoiceLinkParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  invoiceRecordSchema,
  invoiceRetryRequestSchema,
} from './schemas';

/**
 * Electronic invoices (#30), declared once: server/routes.ts registers them with `route`, the staff screen and the
 * buyer's link call them. Who keeps the books (Finanzas) corrects, retries and exports; who follows the students
 * (Cursos) sees them.
 */
const readers = ['cursos', 'finanzas'] as const;
const finanzas = ['finanzas'] as const;

export const invoicingStaffOperations = {
  /** Invoices and credit notes, newest first, by month and state, with what needs attention. Audited. */
  invoices: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/facturas',
    query: invoiceListQuerySchema,
    response: invoiceListResponseSchema,
    roles: readers,
    tags: ['courses-staff'],
    summary: 'Facturas electrónicas y notas crédito de los cursos, con su estado ante la DIAN',
  }),
  /** One invoice or credit note with its buyer, lines and the provider's answer. Audited. */
  invoice: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/facturas/:id',
    params: invoiceParamsSchema,
    response: invoiceRecordSchema,
    roles: readers,
    tags: ['courses-staff'],
    summary: 'Una factura o nota crédito con su comprador y la respuesta del proveedor',
  }),
  /** Sends a rejected (or waiting) document again now, with the buyer corrected if given. Audited. */
  retryInvoice: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/facturas/:id/reintentar',
    params: invoiceParamsSchema,
    body: invoiceRetryRequestSchema,
    response: invoiceRecordSchema,
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Corregir el comprador de una factura rechazada y enviarla de nuevo; queda en la auditoría',
  }),
  /** The PDF of an issued document. Audited. */
  invoicePdf: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/facturas/:id/pdf',
    params: invoiceParamsSchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF de la factura' }),
    roles: readers,
    tags: ['courses-staff'],
    summary: 'El PDF (representación gráfica) de una factura o nota crédito',
  }),
  /** The month's invoices and credit notes for the accountant (CSV, Excel in Spanish). Audited. */
  exportInvoices: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/facturas/exportar',
    query: invoiceExportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Exportar las facturas y notas crédito de un mes a CSV para el contador; queda en la auditoría',
  }),
};

/** The buyer's own link to their invoice's PDF (in the e-mail): no account needed, the token is the key. */
export const invoicingOperations = {
  invoiceByLink: defineOperation({
    method: 'GET',
    path: '/api/courses/facturas/:token',
    params: invoiceLinkParamsSchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF de la factura' }),
    tags: ['courses'],
    summary: 'El PDF de una factura electrónica desde el enlace del correo del comprador',
  }),
};

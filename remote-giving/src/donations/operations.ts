import { defineOperation, fileAnswer } from 'shared/api/operation';
import { referenceParamsSchema } from 'shared/payments/ledger';
import {
  donationExportQuerySchema,
  donationListRequestSchema,
  donationListResponseSchema,
  donationRecordResponseSchema,
  donationTotalsQuerySchema,
  donationTotalsResponseSchema,
} from './schemas';

/**
 * The panel's donations ledger, declared once (#27): server/donations-staff.ts registers them with `route`, the staff
 * screens (the ledger and one donation's record) call them through the staff client. A donation's certificates are
 * the certificates feature's (../certificates/operations.ts), its campaigns the campaign feature's.
 */

/** Who keeps the donations' books in the panel. */
const finanzas = ['finanzas'] as const;

/** The panel's donations (finanzas). */
export const donationStaffOperations = {
  /** Approved donations per Bogotá month and year, within the dates if given. */
  donationTotals: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/donations/totales',
    query: donationTotalsQuerySchema,
    response: donationTotalsResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Donaciones aprobadas por mes y por año (hora de Bogotá), de la más reciente a la más antigua',
  }),
  /** A page of donations, newest first (POST: the search never goes in a URL). Audited. */
  donations: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/donations/lista',
    body: donationListRequestSchema,
    response: donationListResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Donaciones, de la más reciente a la más antigua, con filtros, búsqueda y paginación por cursor',
  }),
  /** The CSV of the filter (payment status, dates), a file (`downloadOperation`). Audited. */
  exportDonations: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/donations/exportar',
    query: donationExportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Exportar las donaciones del filtro a CSV (Excel en español); queda en la auditoría',
  }),
  /** One donation with the donor's data and its payment history. Audited. */
  donation: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/donations/:reference',
    params: referenceParamsSchema,
    response: donationRecordResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Una donación con los datos del donante y la historia de su pago',
  }),
};

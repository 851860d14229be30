import { defineOperation, fileAnswer } from 'shared/api/operation';
import {
  campaignParamsSchema,
  campaignRequestSchema,
  staffCampaignResponseSchema,
  staffCampaignsResponseSchema,
} from 'shared/schemas/campaign-api';
import {
  certificateBatchRequestSchema,
  certificateBatchResponseSchema,
  certificateListQuerySchema,
  certificateListResponseSchema,
  certificateParamsSchema,
  certificateResponseSchema,
  donationCertificatesResponseSchema,
} from 'shared/schemas/certificates-api';
import {
  donationExportQuerySchema,
  donationListRequestSchema,
  donationListResponseSchema,
  donationRecordResponseSchema,
  donationTotalsQuerySchema,
  donationTotalsResponseSchema,
} from 'shared/schemas/donations-staff-api';
import { referenceParamsSchema } from 'shared/payments/ledger';

/**
 * The panel's giving operations (donations, certificates, campaigns), declared once (#27): api/*.ts registers them with
 * `route`, the staff screens call them through the staff client. Apart from the public ones (giving-operations.ts).
 */

/** Who keeps the donations' books in the panel. */
const finanzas = ['finanzas'] as const;

/** The panel's donations, certificates and campaigns (finanzas). */
export const givingStaffOperations = {
  /** Every campaign, the latest first, with what each raised. */
  campaigns: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/campaigns',
    response: staffCampaignsResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Campañas de donaciones con lo recaudado',
  }),
  /** A new campaign (audited as giving.campaign.save). */
  createCampaign: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/campaigns',
    body: campaignRequestSchema,
    response: staffCampaignResponseSchema,
    status: 201,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Crear una campaña',
  }),
  /** Edits a campaign's name, goal or dates (audited as giving.campaign.save). */
  updateCampaign: defineOperation({
    method: 'PUT',
    path: '/api/giving/staff/campaigns/:id',
    params: campaignParamsSchema,
    body: campaignRequestSchema,
    response: staffCampaignResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Editar una campaña (nombre, meta, fechas)',
  }),
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
  /** The year's certificates and how many donors lack the annual one. Audited. */
  certificates: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/certificates',
    query: certificateListQuerySchema,
    response: certificateListResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Certificados de donación de un año, del más reciente al más antiguo, y cuántos donantes no tienen el anual',
  }),
  /** The certificates that cover one donation. Audited. */
  donationCertificates: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/certificates/donacion/:reference',
    params: referenceParamsSchema,
    response: donationCertificatesResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Los certificados que cubren una donación (el suyo y el anual de su donante)',
  }),
  /** The certificate of one approved donation; the existing one when it was issued before. Audited. */
  issueDonationCertificate: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/certificates/donacion/:reference',
    params: referenceParamsSchema,
    response: certificateResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Expedir el certificado de una donación aprobada (si ya existe, el mismo); queda en la auditoría',
  }),
  /** The consolidated certificate of the donation's donor for its finished year; the existing one if issued. Audited. */
  issueAnnualCertificate: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/certificates/anual/:reference',
    params: referenceParamsSchema,
    response: certificateResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Expedir el certificado anual del donante de esta donación, por el año de la donación ya terminado',
  }),
  /** The annual certificates of every donor of a finished year. Audited. */
  issueCertificateBatch: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/certificates/lote',
    body: certificateBatchRequestSchema,
    response: certificateBatchResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Expedir los certificados anuales de todos los donantes de un año terminado; queda en la auditoría',
  }),
  /** An issued certificate's PDF, a file (`downloadOperation`). Audited. */
  certificatePdf: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/certificates/:number/pdf',
    params: certificateParamsSchema,
    response: fileAnswer({ accept: 'application/pdf', description: 'PDF del certificado', format: 'binary' }),
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'El PDF de un certificado expedido',
  }),
};

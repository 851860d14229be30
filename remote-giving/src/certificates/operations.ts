import { defineOperation, fileAnswer } from 'shared/api/operation';
import { referenceParamsSchema } from 'shared/payments/ledger';
import {
  certificateBatchRequestSchema,
  certificateBatchResponseSchema,
  certificateListQuerySchema,
  certificateListResponseSchema,
  certificateParamsSchema,
  certificateResponseSchema,
  donationCertificatesResponseSchema,
} from './schemas';

/**
 * The panel's certificate operations, declared once (#27): server/certificates.ts registers them with `route`, the
 * staff screens (certificates, and a donation's record) call them through the staff client. The donor's own link to a
 * certificate is not an operation: server/certificates.ts serves it as a file.
 */

/** Who keeps the donations' books in the panel. */
const finanzas = ['finanzas'] as const;

/** The panel's donation certificates (finanzas). */
export const certificateStaffOperations = {
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

import { defineOperation, fileAnswer } from 'shared/api/operation';
import { referenceParamsSchema } from 'shared/payments/ledger';
import {
  monthlyActionSchema,
  monthlyCancelSchema,
  monthlyExportQuerySchema,
  monthlyListRequestSchema,
  monthlyListResponseSchema,
  monthlyMetricsQuerySchema,
  monthlyMetricsResponseSchema,
  monthlyRecordResponseSchema,
} from './staff-schemas';

/**
 * The panel's monthly gifts (#29), declared once: server/monthly-staff.ts registers them with `route`, the staff screens
 * (the ledger and one gift's page) call them through the staff client. Each charge is a donation of the donations
 * ledger (../donations/operations.ts).
 */

/** Who keeps the donations' books in the panel. */
const finanzas = ['finanzas'] as const;

export const monthlyStaffOperations = {
  /** Monthly recurring revenue, active, new and cancelled gifts and churn for the last 12 Bogotá months. */
  monthlyMetrics: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/monthly/metricas',
    query: monthlyMetricsQuerySchema,
    response: monthlyMetricsResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Ingreso mensual recurrente, donaciones activas, nuevas, canceladas y tasa de cancelación de los últimos 12 meses (Bogotá)',
  }),
  /** A page of monthly gifts, newest first (POST: the search never goes in a URL). Audited. */
  monthlyGifts: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/monthly/lista',
    body: monthlyListRequestSchema,
    response: monthlyListResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Donaciones mensuales, de la más reciente a la más antigua, por estado, con búsqueda y paginación por cursor',
  }),
  /** The CSV of the filter (state), a file (`downloadOperation`). Audited. */
  exportMonthlyGifts: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/monthly/exportar',
    query: monthlyExportQuerySchema,
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Exportar las donaciones mensuales del filtro a CSV (Excel en español); queda en la auditoría',
  }),
  /** One gift with its donor, charges, notices and the team's actions. Audited. */
  monthlyGift: defineOperation({
    method: 'GET',
    path: '/api/giving/staff/monthly/:reference',
    params: referenceParamsSchema,
    response: monthlyRecordResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Una donación mensual con los datos del donante, sus cobros, los avisos enviados y las acciones del equipo',
  }),
  /** Pauses the gift at the provider for its donor, then mirrors it. The reason goes to the audit. */
  pauseMonthlyGift: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/monthly/:reference/pausar',
    params: referenceParamsSchema,
    body: monthlyActionSchema,
    response: monthlyRecordResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Pausar una donación mensual a pedido del donante (primero en Mercado Pago); el motivo queda en la auditoría',
  }),
  /** Resumes a paused gift at the provider, then mirrors it. The reason goes to the audit. */
  resumeMonthlyGift: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/monthly/:reference/reanudar',
    params: referenceParamsSchema,
    body: monthlyActionSchema,
    response: monthlyRecordResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Reanudar una donación mensual pausada (primero en Mercado Pago); el motivo queda en la auditoría',
  }),
  /** Cancels the gift for good at the provider, mirrors it and e-mails the donor. The reason goes to the audit. */
  cancelMonthlyGift: defineOperation({
    method: 'POST',
    path: '/api/giving/staff/monthly/:reference/cancelar',
    params: referenceParamsSchema,
    body: monthlyCancelSchema,
    response: monthlyRecordResponseSchema,
    roles: finanzas,
    tags: ['giving-staff'],
    summary: 'Cancelar una donación mensual a pedido del donante (definitivo, primero en Mercado Pago); se avisa al donante por correo',
  }),
};

import { defineOperation, fileAnswer } from 'shared/api/operation';
import { revenueResponseSchema } from './revenue-schemas';

/** Course revenue per month (#31), declared once: Finanzas keeps the books (as with the enrolments CSV). */
const finanzas = ['finanzas'] as const;

export const revenueStaffOperations = {
  courseRevenue: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/ingresos',
    response: revenueResponseSchema,
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Ingresos por curso y mes (hora de Bogotá) de los últimos 12 meses: pagos aprobados, recibido, devuelto y neto',
  }),
  exportCourseRevenue: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/ingresos/exportar',
    response: fileAnswer({ accept: 'text/csv', description: 'Archivo CSV' }),
    roles: finanzas,
    tags: ['courses-staff'],
    summary: 'Los ingresos por curso y mes de los últimos 12 meses en CSV (Excel en español)',
  }),
};

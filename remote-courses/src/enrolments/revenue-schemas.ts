import { z } from 'shared/schemas/zod';

/**
 * Course revenue per month (#31), for Finanzas (who keeps the books, as with the enrolments CSV): per Bogotá calendar
 * month of the last 12 and per course, the approved payments, what they brought in, what went back (refunds and
 * chargebacks) and the net. Totals only: no student's data, so reading them leaves no audit row. Its operations are in
 * revenue-operations.ts; server/revenue.ts registers them, staff-revenue.tsx shows them on the enrolments ledger.
 */

/** How many Bogotá calendar months the table covers, the current one included. */
export const REVENUE_MONTHS = 12;

export const revenueTexts = {
  title: 'Ingresos por curso y mes',
  intro:
    'Pagos aprobados en cada mes (hora de Bogotá) de los últimos 12, por curso: lo recibido, lo devuelto (reembolsos y contracargos, en el mes en que ocurrieron) y el neto.',
  loading: 'Cargando los ingresos…',
  failed: 'No pudimos cargar los ingresos.',
  caption: (month: string) => `Ingresos de ${month}`,
  columns: ['Curso', 'Pagos aprobados', 'Recibido', 'Reembolsos y contracargos', 'Neto'] as const,
  total: 'Total del mes',
  empty: 'Sin pagos ni devoluciones en los últimos 12 meses.',
  download: 'Descargar ingresos (CSV)',
  show: 'Ver ingresos por curso y mes',
  hide: 'Ocultar ingresos',
} as const;

export const revenueRowSchema = z.object({
  /** The Bogotá calendar month, `YYYY-MM`. */
  month: z.string(),
  /** The course's slug and its title. */
  course: z.string(),
  courseTitle: z.string(),
  /** Approved payments whose approval fell in the month. */
  payments: z.number(),
  /** What those payments brought in, COP. */
  gross: z.number(),
  /** Refunds and chargebacks reported in the month, COP (of payments of any month). */
  reversals: z.number(),
  /** gross − reversals, COP. */
  net: z.number(),
});
export type RevenueRow = z.output<typeof revenueRowSchema>;

export const revenueResponseSchema = z.object({
  /** The months covered, newest first (`YYYY-MM`), each with or without rows. */
  months: z.array(z.string()),
  rows: z.array(revenueRowSchema),
});
export type RevenueResponse = z.output<typeof revenueResponseSchema>;

/** How an enrolment or payment status reads under Mis Cursos (spec §4 Enrollment/payment status shown to users). */
export type StatusTone = 'success' | 'warning' | 'error' | 'neutral';

const known: Record<string, { label: string; tone: StatusTone }> = {
  approved: { label: 'Aprobado', tone: 'success' },
  completed: { label: 'Completado', tone: 'success' },
  pending: { label: 'Pendiente', tone: 'warning' },
  pending_payment: { label: 'Pago Pendiente', tone: 'warning' },
  cancelled: { label: 'Cancelado', tone: 'error' },
  rejected: { label: 'Rechazado', tone: 'error' },
  // Beyond the spec's six: the enrolment status the courses API sets once a payment is approved.
  enrolled: { label: 'Inscrito', tone: 'success' },
  // A course whose payment the foundation gave back (#31): the payment refunded, the enrolment withdrawn.
  refunded: { label: 'Reembolsado', tone: 'neutral' },
  withdrawn: { label: 'Retirado', tone: 'neutral' },
};

/**
 * Label and colour of a status: the spec's six (any case); anything else 'Desconocido' (spec §4 allows it), never the
 * provider's raw code (#31).
 */
export function statusView(status: string | null | undefined): { label: string; tone: StatusTone } {
  const raw = (status ?? '').trim();
  return known[raw.toLowerCase()] ?? { label: 'Desconocido', tone: 'neutral' };
}

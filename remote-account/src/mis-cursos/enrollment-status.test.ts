import { describe, expect, it } from '@jest/globals';
import { statusView } from './enrollment-status';

describe('status shown under Mis Cursos (spec §4)', () => {
  it('names the six known statuses with their colours, in any case', () => {
    expect(statusView('approved')).toEqual({ label: 'Aprobado', tone: 'success' });
    expect(statusView('COMPLETED')).toEqual({ label: 'Completado', tone: 'success' });
    expect(statusView('pending')).toEqual({ label: 'Pendiente', tone: 'warning' });
    expect(statusView('pending_payment')).toEqual({ label: 'Pago Pendiente', tone: 'warning' });
    expect(statusView('Cancelled')).toEqual({ label: 'Cancelado', tone: 'error' });
    expect(statusView('rejected')).toEqual({ label: 'Rechazado', tone: 'error' });
    expect(statusView('ENROLLED')).toEqual({ label: 'Inscrito', tone: 'success' });
    expect(statusView('refunded')).toEqual({ label: 'Reembolsado', tone: 'neutral' });
    expect(statusView('WITHDRAWN')).toEqual({ label: 'Retirado', tone: 'neutral' });
  });
  it("shows anything else, or nothing, as 'Desconocido': never a raw provider code (#31)", () => {
    expect(statusView('in_mediation')).toEqual({ label: 'Desconocido', tone: 'neutral' });
    expect(statusView('')).toEqual({ label: 'Desconocido', tone: 'neutral' });
    expect(statusView(null)).toEqual({ label: 'Desconocido', tone: 'neutral' });
  });
});

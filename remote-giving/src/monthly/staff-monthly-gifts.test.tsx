/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import type { MonthlyListResponse, MonthlyMetricsResponse, MonthlyRecordResponse } from './staff-schemas';
import StaffMonthlyGift from './staff-monthly-gift';
import StaffMonthlyGifts from './staff-monthly-gifts';

const month = (m: string, over: Partial<MonthlyMetricsResponse['months'][number]> = {}) => ({
  month: m,
  mrr: 0,
  active: 0,
  activeAtStart: 0,
  started: 0,
  cancelled: 0,
  churn: null,
  ...over,
});
const metrics: MonthlyMetricsResponse = {
  months: [
    month('2026-03', { mrr: 90_000, active: 3, activeAtStart: 3, started: 1, cancelled: 1, churn: 33.3 }),
    month('2026-02', { mrr: 80_000, active: 3, activeAtStart: 2, started: 1, churn: 0 }),
    month('2026-01', { mrr: 30_000, active: 2, started: 2 }),
  ],
};
const page: MonthlyListResponse = {
  items: [
    {
      reference: 'MEN-b',
      createdAt: '2026-01-15T15:00:00.000Z',
      name: 'Lucía Peña',
      email: 'lucia@example.com',
      document: 'Cédula de ciudadanía 41000111',
      amount: 30_000,
      state: 'active',
      nextPaymentDate: '2026-04-15T15:00:00.000Z',
      charges: 3,
      approvedTotal: 90_000,
    },
    {
      reference: 'MEN-c',
      createdAt: '2026-01-14T15:00:00.000Z',
      name: 'Rosa Díaz',
      email: 'rosa@example.com',
      document: 'Cédula de ciudadanía 10002000',
      amount: 15_000,
      state: 'failing',
      nextPaymentDate: '2026-04-14T15:00:00.000Z',
      charges: 2,
      approvedTotal: 15_000,
    },
  ],
  nextCursor: null,
  total: 2,
};

describe('StaffMonthlyGifts (/equipo/donaciones-mensuales)', () => {
  it('shows the recurring revenue and churn per month with what they mean, and the gifts with links, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffMonthlyGifts />, {
      'GET /api/giving/staff/monthly/metricas': ok(metrics),
      'POST /api/giving/staff/monthly/lista': ok(page),
    });
    const months = await screen.findByRole('table', { name: /Donaciones mensuales por mes/ });
    const march = within(months).getByRole('rowheader', { name: 'marzo de 2026' }).closest('tr') as HTMLElement;
    expect(within(march).getByText('$ 90.000')).toBeTruthy();
    expect(within(march).getByText('33,3 %')).toBeTruthy();
    const january = within(months).getByRole('rowheader', { name: 'enero de 2026' }).closest('tr') as HTMLElement;
    // No gift was active when January began: no churn to compute.
    expect(within(january).getByText('—')).toBeTruthy();
    expect(screen.getByText(/Ingreso mensual recurrente: la suma de los valores mensuales actuales/)).toBeTruthy();
    const list = await screen.findByRole('table', { name: /Donaciones mensuales: 2 de 2/ });
    expect(within(list).getByRole('link', { name: 'Lucía Peña' }).getAttribute('href')).toBe('/equipo/donaciones-mensuales/MEN-b');
    expect(within(list).getByText('Con cobro rechazado')).toBeTruthy();
    expect(within(list).getByText('15 de abril de 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ver las donaciones/ }).getAttribute('href')).toBe('/equipo/donaciones');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('filters by state and search, and downloads the state’s CSV (never the search) with the session’s token', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffMonthlyGifts />, {
      'GET /api/giving/staff/monthly/metricas': ok(metrics),
      'POST /api/giving/staff/monthly/lista': ok(page),
    });
    await screen.findByRole('table', { name: /Donaciones mensuales: 2 de 2/ });
    await user.selectOptions(screen.getByLabelText('Estado'), 'failing');
    await user.type(screen.getByLabelText('Buscar por nombre, documento, correo o referencia'), 'rosa');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/lista')).at(-1)?.body).toEqual({ estado: 'failing', q: 'rosa' }));
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/giving/staff/monthly/exportar?estado=failing'));
    expect(calls.at(-1)?.token).toBe('token-de-ana');
  });
});

const gift: MonthlyRecordResponse = {
  reference: 'MEN-b',
  createdAt: '2026-01-15T15:00:00.000Z',
  donor: {
    name: 'Lucía',
    lastname: 'Peña',
    idType: 'Cédula de ciudadanía',
    idNumber: '41000111',
    email: 'lucia@example.com',
    phone: '3105550000',
  },
  amount: 30_000,
  state: 'active',
  nextPaymentDate: '2026-04-15T15:00:00.000Z',
  authorizedAt: '2026-01-15T15:02:00.000Z',
  pausedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  card: 'visa',
  lastChargeStatus: 'approved',
  charges: [
    {
      reference: 'DON-2',
      amount: 30_000,
      paymentStatus: 'approved',
      createdAt: '2026-02-15T15:00:00.000Z',
      approvedAt: '2026-02-15T15:01:00.000Z',
    },
    {
      reference: 'DON-1',
      amount: 30_000,
      paymentStatus: 'approved',
      createdAt: '2026-01-15T15:00:00.000Z',
      approvedAt: '2026-01-15T15:01:00.000Z',
    },
  ],
  notices: [{ kind: 'rejected', key: 'cycle:77', sentAt: '2026-02-14T15:00:00.000Z' }],
  actions: [],
};
const reason = 'La donante llamó a pedir una pausa';
const paused: MonthlyRecordResponse = {
  ...gift,
  state: 'paused',
  nextPaymentDate: null,
  pausedAt: '2026-03-01T15:00:00.000Z',
  actions: [{ kind: 'pause', at: '2026-03-01T15:00:00.000Z', by: 'ana@fundacion.org', reason }],
};

describe('StaffMonthlyGift (/equipo/donaciones-mensuales/:reference)', () => {
  it('shows the donor, the card, each charge linking to its donation, the notices sent, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffMonthlyGift reference="MEN-b" />, { 'GET /api/giving/staff/monthly/MEN-b': ok(gift) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Donación mensual de Lucía Peña');
    expect(screen.getByText('VISA')).toBeTruthy();
    const charges = screen.getByRole('table', { name: /Cobros de esta donación mensual/ });
    expect(within(charges).getByRole('link', { name: 'DON-2' }).getAttribute('href')).toBe('/equipo/donaciones/DON-2');
    const notices = screen.getByRole('table', { name: /Correos enviados/ });
    expect(within(notices).getByText('Cobro rechazado: qué puede hacer')).toBeTruthy();
    expect(screen.getByText('El equipo no ha pausado, reanudado ni cancelado esta donación mensual.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a las donaciones mensuales' }).getAttribute('href')).toBe(
      '/equipo/donaciones-mensuales',
    );
    expect(screen.queryByRole('button', { name: 'Reanudar la donación mensual' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('pauses only with a reason of 10 characters, says so, and lists the action with its reason', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffMonthlyGift reference="MEN-b" />, {
      'GET /api/giving/staff/monthly/MEN-b': ok(gift),
      'POST /api/giving/staff/monthly/MEN-b/pausar': ok(paused),
    });
    await user.click(await screen.findByRole('button', { name: 'Pausar la donación mensual' }));
    const dialog = screen.getByRole('dialog', { name: '¿Pausar esta donación mensual?' });
    expect(await axeViolations(container)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'corto');
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(within(dialog).getByText('Escribe el motivo (al menos 10 caracteres): queda en la auditoría.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Motivo/));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/^Motivo/));
    await user.type(within(dialog).getByLabelText(/^Motivo/), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('La donación mensual quedó pausada.');
    expect(document.activeElement).toBe(notice);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { reason }, token: 'token-de-ana' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const history = screen.getByRole('table', { name: /Lo que el equipo hizo/ });
    expect(within(history).getByText(reason)).toBeTruthy();
    expect(within(history).getByText('Pausó')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reanudar la donación mensual' })).toBeTruthy();
  });

  it('cancels only after the explicit confirmation, and keeps the dialog open with the provider’s outage said', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffMonthlyGift reference="MEN-b" />, {
      'GET /api/giving/staff/monthly/MEN-b': ok(gift),
      'POST /api/giving/staff/monthly/MEN-b/cancelar': [
        apiError(503, 'payment_provider_unavailable', 'No pudimos comunicarnos con Mercado Pago: la donación mensual no cambió.'),
        ok({ ...gift, state: 'cancelled', cancelledAt: '2026-03-02T15:00:00.000Z', cancelledBy: 'equipo', nextPaymentDate: null }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancelar la donación mensual' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar esta donación mensual?' });
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'La donante escribió pidiendo cancelar');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la donación mensual' }));
    expect(within(dialog).getByText('Marca la confirmación: la cancelación es definitiva.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByLabelText(/Confirmo que el donante pidió cancelar/));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la donación mensual' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No pudimos comunicarnos con Mercado Pago: la donación mensual no cambió.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la donación mensual' }));
    expect((await screen.findByRole('status')).textContent).toBe('La donación mensual quedó cancelada. Le enviamos un correo al donante.');
    expect(calls.at(-1)?.body).toEqual({ reason: 'La donante escribió pidiendo cancelar', confirm: true });
    expect(screen.getByText('Esta donación mensual está cancelada: ya no admite cambios.')).toBeTruthy();
    expect(screen.getByText('El equipo, a pedido del donante')).toBeTruthy();
  });

  it('closes the dialog with Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffMonthlyGift reference="MEN-b" />, { 'GET /api/giving/staff/monthly/MEN-b': ok(gift) });
    const opener = await screen.findByRole('button', { name: 'Pausar la donación mensual' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

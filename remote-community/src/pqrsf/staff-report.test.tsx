/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, on, ok, type FakeCall } from 'shared/api/fake-client';
import type { PqrsfReport } from './report-schemas';
import StaffPqrsfReport from './staff-report';
import { pqrsfStaffOperations as ops } from './staff-operations';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';

const march: PqrsfReport = {
  period: { key: '2026-03', label: 'Marzo de 2026', from: '2026-03-01', to: '2026-03-31' },
  today: '2026-04-20',
  generatedAt: '2026-04-20T15:00:00.000Z',
  total: 7,
  byType: [
    { type: 'Petición', n: 2 },
    { type: 'Queja', n: 2 },
    { type: 'Reclamo', n: 1 },
    { type: 'Solicitud', n: 1 },
    { type: 'Sugerencia', n: 1 },
    { type: 'Felicitación', n: 0 },
  ],
  byChannel: [{ channel: 'Sitio web', n: 7 }],
  byMonth: [{ month: '2026-03', label: 'Marzo de 2026', n: 7 }],
  outcome: { answeredOnTime: 2, answeredLate: 1, transferred: 1, closedWithoutAnswer: 0, openWithinTerm: 2, openOverdue: 1 },
  extended: 1,
  answerDays: { answered: 3, average: 5.7, longest: 12 },
};
const semester: PqrsfReport = { ...march, period: { key: '2026-S1', label: 'Enero–junio de 2026', from: '2026-01-01', to: '2026-06-30' } };

const cellsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the PQRSF report screen', () => {
  it('opens on the current semester and shows the chosen month in captioned tables', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffPqrsfReport />, [on(ops.report, ok(semester), ok(march))]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Enero–junio de 2026' })).toBeTruthy();
    expect(calls[0]?.path).toMatch(/^\/api\/community\/staff\/pqrsf\/informe\?periodo=\d{4}-S[12]$/);
    expect(calls[0]?.token).toBe('token-de-ana');

    await user.selectOptions(screen.getByLabelText('Año'), '2026');
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Marzo');
    await user.click(screen.getByRole('button', { name: 'Ver informe' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Marzo de 2026' })).toBeTruthy();
    expect(calls[1]?.path).toBe('/api/community/staff/pqrsf/informe?periodo=2026-03');

    expect(screen.getByText('7 solicitudes radicadas en el periodo.')).toBeTruthy();
    expect(cellsOf('Solicitudes por tipo')).toEqual([
      ['Petición', '2'],
      ['Queja', '2'],
      ['Reclamo', '1'],
      ['Solicitud', '1'],
      ['Sugerencia', '1'],
      ['Felicitación', '0'],
      ['Total', '7'],
    ]);
    expect(cellsOf('Solicitudes por canal')).toEqual([['Sitio web', '7']]);
    expect(screen.getByText(/todas se radicaron en el formulario del sitio web/)).toBeTruthy();
    expect(cellsOf('Oportunidad de la respuesta')).toEqual([
      ['Respondidas a tiempo', '2'],
      ['Respondidas fuera de término', '1'],
      ['Trasladadas a la entidad competente', '1'],
      ['Cerradas sin respuesta (duplicadas o desistidas)', '0'],
      ['Abiertas dentro del término', '2'],
      ['Abiertas con el término vencido', '1'],
      ['Total', '7'],
    ]);
    expect(cellsOf('Traslados y ampliaciones')).toEqual([
      ['Trasladadas (Ley 1755, art. 21)', '1'],
      ['Con plazo ampliado (art. 14 parágrafo)', '1'],
    ]);
    expect(cellsOf('Tiempo de respuesta (días hábiles desde la radicación)')).toEqual([
      ['Solicitudes respondidas', '3'],
      ['Promedio de días hábiles', '5,7'],
      ['Mayor número de días hábiles', '12'],
    ]);
    // Each table scrolls in its own region, named by its caption, reachable with the keyboard.
    const region = screen.getByRole('region', { name: 'Solicitudes por tipo' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('link', { name: 'Volver a la bandeja de PQRSF' }).getAttribute('href')).toBe('/equipo/pqrsf');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('downloads the CSV and the PDF of the period shown', async () => {
    const user = userEvent.setup();
    const downloads: FakeCall[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAsStaff(<StaffPqrsfReport />, [on(ops.report, ok(march))], (fake) => ({
      ...fake,
      download: async (path, init) => {
        downloads.push({ method: 'GET', path, body: undefined, token: init.token });
        return new Blob(['x']);
      },
    }));
    await screen.findByRole('heading', { level: 2, name: 'Marzo de 2026' });
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText(/^Descargamos informe-pqrsf-2026-03\.csv\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText(/^Descargamos informe-pqrsf-2026-03\.pdf\./)).toBeTruthy();
    expect(downloads.map((d) => [d.path, d.token])).toEqual([
      ['/api/community/staff/pqrsf/informe/csv?periodo=2026-03', 'token-de-ana'],
      ['/api/community/staff/pqrsf/informe/pdf?periodo=2026-03', 'token-de-ana'],
    ]);
    expect(clicked).toEqual(['informe-pqrsf-2026-03.csv', 'informe-pqrsf-2026-03.pdf']);
  });

  it('says why when the report cannot be computed, and tries again', async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffPqrsfReport />, [
      on(ops.report, apiError(503, 'unavailable', 'No pudimos comprobar tu acceso al panel.'), ok(march)),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos comprobar tu acceso al panel.');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Marzo de 2026' })).toBeTruthy());
  });
});

/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, type FakeAnswer } from 'shared/api/fake-client';
import type { PqrsfInboxItem, PqrsfInboxResponse } from './staff-schemas';
import StaffPqrsfInbox from './staff-inbox';
import { axeViolations, renderAsStaff, runInTexts, staffSession } from 'shared/ui/staff/testing';

const INBOX = 'POST /api/community/staff/pqrsf/bandeja';

const item = (radicado: string, over: Partial<PqrsfInboxItem> = {}): PqrsfInboxItem => ({
  radicado,
  createdAt: '2026-03-02T15:00:00.000Z',
  requestType: 'Queja',
  name: 'Luisa Martínez',
  status: 'En proceso',
  dueDate: '2026-03-24',
  extended: false,
  urgency: null,
  businessDaysLeft: 12,
  ...over,
});

const page = (items: PqrsfInboxItem[], nextCursor: string | null = null): PqrsfInboxResponse => ({
  items,
  nextCursor,
  today: '2026-03-10',
  counts: {
    byStatus: { 'En proceso': 3, 'En trámite': 1, Respondida: 7, Trasladada: 1, Cerrada: 2 },
    open: 4,
    all: 14,
    dueSoon: 1,
    overdue: 2,
  },
});

function renderInbox(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  return renderAsStaff(<StaffPqrsfInbox />, answers);
}

const overdue = item('1000000000000001', { urgency: 'vencida', businessDaysLeft: -2, dueDate: '2026-03-06', status: 'En trámite' });
const soon = item('1000000000000002', { urgency: 'pronto', businessDaysLeft: 1, dueDate: '2026-03-11', extended: true });
const later = item('1000000000000003', { name: 'Óscar Peña', requestType: 'Solicitud' });

describe('the PQRSF inbox', () => {
  it('lists cases by due date with overdue and due-soon ones said in words, and links to each case', async () => {
    const { calls, container } = renderInbox({ [INBOX]: ok(page([overdue, soon, later])) });
    const table = await screen.findByRole('table', { name: /Solicitudes ordenadas por fecha de vencimiento \(3 mostradas\)/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Vencida hace 2 días hábiles');
    expect(rows[0]?.textContent).toContain('6 de marzo de 2026');
    expect(rows[1]?.textContent).toContain('Vence en 1 día hábil');
    expect(rows[1]?.textContent).toContain('(plazo ampliado)');
    expect(rows[2]?.textContent).toContain('Vence en 12 días hábiles');
    expect(rows[2]?.textContent).not.toMatch(/Vencida|⚠|⏰/);
    expect(rows[0]?.textContent).toContain('⚠');
    // No date runs into its deadline's words, no word into the next (#32's audit), in any cell.
    expect(runInTexts(table)).toEqual([]);

    const link = within(rows[0]!).getByRole('link', { name: 'Abrir la solicitud 1000000000000001 de Luisa Martínez' });
    expect(link.getAttribute('href')).toBe('/equipo/pqrsf/1000000000000001');

    // Counts: open, overdue, due soon, and the closed statuses.
    expect(screen.getByRole('button', { name: /2 Vencidas/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /1 Vencen en 3 días hábiles o menos/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /7 Respondidas/ })).toBeTruthy();

    expect(calls[0]).toMatchObject({ body: { status: 'abiertas' }, token: 'token-de-ana' });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('filters and searches with the keyboard, and the counts show their cases', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox({ [INBOX]: [ok(page([overdue, soon, later])), ok(page([later])), ok(page([overdue])), ok(page([]))] });
    await screen.findByRole('table');

    await user.click(screen.getByLabelText('Buscar por radicado, nombre, documento o palabras del texto'));
    await user.keyboard('oscar');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Solicitud');
    await user.selectOptions(screen.getByLabelText('Estado'), 'todas');
    await user.click(screen.getByLabelText('Buscar por radicado, nombre, documento o palabras del texto'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ status: 'todas', type: 'Solicitud', q: 'oscar' });
    expect(await screen.findByRole('table', { name: /\(1 mostrada\)/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /2 Vencidas/ }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body).toEqual({ status: 'abiertas', due: 'vencidas' });
    expect((screen.getByLabelText('Plazo') as HTMLSelectElement).value).toBe('vencidas');
    expect((screen.getByLabelText('Buscar por radicado, nombre, documento o palabras del texto') as HTMLInputElement).value).toBe('');

    await user.selectOptions(screen.getByLabelText('Estado'), 'Cerrada');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No hay solicitudes con estos filtros.')).toBeTruthy();
  });

  it('exports what the applied search and filters find, with the same query, never what is only typed (#32)', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox({ [INBOX]: [ok(page([overdue, soon, later])), ok(page([later]))] });
    await screen.findByRole('table');
    const exportSection = screen.getByRole('region', { name: 'Exportar a Excel (CSV)' });
    expect(exportSection.textContent).toContain('todas las solicitudes que encuentran los filtros aplicados');

    await user.type(screen.getByLabelText('Buscar por radicado, nombre, documento o palabras del texto'), 'certificado');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Solicitud');
    await user.selectOptions(screen.getByLabelText('Plazo'), 'pronto');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(exportSection.textContent).toContain('la búsqueda y los filtros aplicados');

    // Typed but not applied: the export follows what the list shows.
    await user.selectOptions(screen.getByLabelText('Estado'), 'todas');
    await user.click(within(exportSection).getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({
      method: 'POST',
      path: '/api/community/staff/pqrsf/exportar',
      body: { status: 'abiertas', type: 'Solicitud', due: 'pronto', q: 'certificado' },
      token: 'token-de-ana',
    });
    // The search travels in the body, never in the address.
    expect(calls[2]?.path).not.toContain('certificado');
  });

  it('opens on a deadline a link names (?plazo=vencidas, from "Hoy"), and clearing the filters goes back to the open ones', async () => {
    window.history.pushState({}, '', '/equipo/pqrsf?plazo=vencidas');
    try {
      const { calls } = renderInbox({ [INBOX]: [ok(page([overdue])), ok(page([overdue, soon, later]))] });
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.body).toEqual({ status: 'abiertas', due: 'vencidas' });
      await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]?.body).toEqual({ status: 'abiertas' });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('loads the next page after the last row and moves focus to the first new case', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox({
      [INBOX]: [ok(page([overdue, soon], '2026-03-11.42')), ok(page([later]))],
    });
    await user.click(await screen.findByRole('button', { name: 'Cargar más solicitudes' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(calls[1]?.body).toEqual({ status: 'abiertas', after: '2026-03-11.42' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /1000000000000003/ }));
    expect(screen.queryByRole('button', { name: 'Cargar más solicitudes' })).toBeNull();
    expect(screen.getByText('Se cargaron 1 solicitudes más.')).toBeTruthy();
  });

  it('says when nothing is open, and offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    renderInbox({ [INBOX]: [apiError(503, 'staff_check_unavailable', 'No pudimos comprobar tu acceso al panel.'), ok(page([]))] });
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos comprobar tu acceso al panel.');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('No hay solicitudes abiertas. ¡Todo al día!')).toBeTruthy();
  });

  it('says the session ended, and sends nothing, when the member’s session is over', async () => {
    const { calls } = renderAsStaff(<StaffPqrsfInbox />, { [INBOX]: ok(page([])) }, undefined, {
      ...staffSession,
      getIdToken: async () => null,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Tu sesión terminó. Vuelve a iniciar sesión.');
    expect(calls).toEqual([]);
  });
});

/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, ok, on } from 'shared/api/fake-client';
import { myNoticesOperations } from 'shared/today/notice-operations';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { NewCaseNotices } from './new-case-notices';

const label = 'Avisarme por correo de cada PQRSF o solicitud nueva de mis secciones';

describe('Hoy: my e-mails on new cases', () => {
  it('shows the member’s choice, saves a change at once and announces it, keeping focus on the box', async () => {
    const { container, calls } = renderAsStaff(<NewCaseNotices />, [
      on(myNoticesOperations.read, ok({ newCases: true })),
      on(myNoticesOperations.update, ({ body }) => ok(body)),
    ]);
    const box = await screen.findByRole('checkbox', { name: label });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Avisos por correo' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(box);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Guardado: ya no te avisaremos por correo de cada caso nuevo. El resumen diario sigue llegando.',
      ),
    );
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(box);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/account/staff/yo/avisos', body: { newCases: false }, token: 'token-de-ana' },
    ]);

    await userEvent.click(box);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Guardado: te avisaremos por correo de cada caso nuevo de tus secciones.'),
    );
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('says so when the choice could not be saved, and keeps the box as it was', async () => {
    renderAsStaff(<NewCaseNotices />, [on(myNoticesOperations.read, ok({ newCases: false })), on(myNoticesOperations.update, networkDown)]);
    const box = await screen.findByRole('checkbox', { name: label });
    await userEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toBe('No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('is not offered to a member without atención or datos, who receives no such e-mails', () => {
    const { calls, container } = renderAsStaff(<NewCaseNotices />, [], undefined, { ...staffSession, roles: ['cursos', 'finanzas'] });
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});

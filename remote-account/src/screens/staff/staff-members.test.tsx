/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, ok, type FakeAnswer } from 'shared/api/fake-client';
import type { StaffMemberRow } from 'shared/schemas/staff-api';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { axeViolations } from './axe-testing';
import StaffMembers from './staff-members';

const member = (email: string, over: Partial<StaffMemberRow> = {}): StaffMemberRow => ({
  email,
  name: null,
  admin: false,
  enabled: true,
  totp: true,
  createdAt: '2026-11-23T02:30:00.000Z',
  ...over,
});
const team = [
  member('admin@fundacion.org', { name: 'Adriana Admin', admin: true }),
  member('ana@fundacion.org', { name: 'Ana Gómez' }),
  member('nuevo@fundacion.org', { totp: false }),
];

const session: StaffSession = {
  email: 'admin@fundacion.org',
  name: 'Adriana Admin',
  admin: true,
  getIdToken: jest.fn(async () => 'token-admin'),
  signOut: jest.fn(async () => undefined),
};

function renderMembers(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const fake = fakeApiClient(answers);
  render(
    <ApiClientProvider client={fake.client}>
      <StaffSessionContext.Provider value={session}>
        <StaffMembers />
      </StaffSessionContext.Provider>
    </ApiClientProvider>,
  );
  return fake;
}

const rowOf = (email: string) => screen.getByRole('rowheader', { name: new RegExp(`^${email.replace('.', '\\.')}`) }).closest('tr')!;

describe('StaffMembers', () => {
  it('lists the team with role, second factor in words, and the date in Bogotá; no way to remove oneself', async () => {
    const fake = renderMembers({ 'GET /api/account/staff/members': ok({ members: team }) });
    const table = await screen.findByRole('table', { name: 'Miembros del equipo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo', 'Nombre', 'Rol', 'Verificación en dos pasos', 'Desde', 'Acciones']);
    const cells = (email: string) =>
      within(rowOf(email))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // 02:30 UTC on the 23rd is still the 22nd in Bogotá.
    expect(cells('nuevo@fundacion.org')).toEqual(['Sin nombre', 'Equipo', 'Pendiente', '22 de nov de 2026', 'Retirar']);
    expect(cells('admin@fundacion.org').slice(0, 3)).toEqual(['Adriana Admin', 'Administración', 'Configurada']);
    expect(within(rowOf('admin@fundacion.org')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'admin@fundacion.org (tú)' })).toBeTruthy();
    expect(fake.calls[0]).toMatchObject({ path: '/api/account/staff/members', token: 'token-admin' });
    expect(await axeViolations()).toEqual([]);
  });

  it('invites with the form kit: errors in the summary, then the API call and a message that takes focus', async () => {
    const user = userEvent.setup();
    const fake = renderMembers({
      'GET /api/account/staff/members': [
        ok({ members: team }),
        ok({ members: [...team, member('carlos@fundacion.org', { totp: false })] }),
      ],
      'POST /api/account/staff/members': [
        apiError(409, 'already_member', 'Esta persona ya es parte del equipo.'),
        ok({ email: 'carlos@fundacion.org', admin: true, created: true }, 201),
      ],
    });
    await screen.findByRole('table');
    const send = screen.getByRole('button', { name: 'Enviar invitación' });

    await user.type(screen.getByLabelText(/^Correo de la persona/), 'no-es-correo');
    await user.click(send);
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Escribe un correo válido, por ejemplo nombre@fundacion.org.');
    expect(document.activeElement).toBe(summary);

    await user.clear(screen.getByLabelText(/^Correo de la persona/));
    await user.type(screen.getByLabelText(/^Correo de la persona/), 'ana@fundacion.org');
    await user.click(send);
    expect(await screen.findByText('Esta persona ya es parte del equipo.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Correo de la persona/));
    await user.type(screen.getByLabelText(/^Correo de la persona/), ' Carlos@Fundacion.org');
    await user.click(screen.getByLabelText('Puede administrar el equipo y ver la auditoría'));
    await user.click(send);
    const notice = await screen.findByText(/Invitamos a carlos@fundacion.org/);
    expect(notice.textContent).toContain('contraseña temporal');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(fake.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      body: { email: 'carlos@fundacion.org', admin: true },
      token: 'token-admin',
    });
    expect(await screen.findByRole('rowheader', { name: 'carlos@fundacion.org' })).toBeTruthy();
    expect((screen.getByLabelText(/^Correo de la persona/) as HTMLInputElement).value).toBe('');
  });

  it('removes only after a confirmation dialog that keeps focus, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const fake = renderMembers({
      'GET /api/account/staff/members': [ok({ members: team }), ok({ members: team.filter((m) => m.email !== 'ana@fundacion.org') })],
      'DELETE /api/account/staff/members/ana%40fundacion.org': [
        apiError(502, 'identity_provider_error', 'No pudimos hablar con el servicio de cuentas.'),
        ok({ email: 'ana@fundacion.org', removed: true }),
      ],
    });
    await screen.findByRole('table');
    const remove = screen.getByRole('button', { name: 'Retirar a ana@fundacion.org' });

    // Escape closes without removing; focus goes back to the button.
    remove.focus();
    await user.keyboard('{Enter}');
    let dialog = screen.getByRole('dialog', { name: 'Retirar del equipo' });
    expect(within(dialog).getByText(/ana@fundacion.org dejará de tener acceso/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await axeViolations()).toEqual([]);
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Sí, retirar' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);

    // A failure stays in the dialog; the second try removes and says so.
    await user.keyboard('{Enter}');
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, retirar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'No pudimos hablar con el servicio de cuentas.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, retirar' }));
    const notice = await screen.findByText('ana@fundacion.org ya no es parte del equipo.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'ana@fundacion.org' })).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('says when the team cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    renderMembers({
      'GET /api/account/staff/members': [
        apiError(502, 'identity_provider_error', 'No pudimos hablar con el servicio de cuentas.'),
        ok({ members: team }),
      ],
    });
    expect(await screen.findByText('No pudimos hablar con el servicio de cuentas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

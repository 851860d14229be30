/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import type { StaffMemberRow } from './team-schemas';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { accountStaffOperations as ops } from './operations';
import { axeViolations } from './axe-testing';
import StaffMembers from './staff-members';

const member = (email: string, over: Partial<StaffMemberRow> = {}): StaffMemberRow => ({
  email,
  name: null,
  roles: ['atencion'],
  status: 'active',
  enabled: true,
  totp: true,
  emailChanged: false,
  invitedAt: '2026-11-20T15:00:00.000Z',
  invitedBy: 'admin@fundacion.org',
  acceptedAt: '2026-11-21T15:00:00.000Z',
  invitationExpiresAt: null,
  ...over,
});
const team = [
  member('admin@fundacion.org', { name: 'Adriana Admin', roles: ['admin'] }),
  member('ana@fundacion.org', { name: 'Ana Gómez', roles: ['atencion', 'finanzas'] }),
  member('nuevo@fundacion.org', { totp: false }),
  // 02:30 UTC on the 30th is still the 29th in Bogotá.
  member('pendiente@fundacion.org', { status: 'invited', acceptedAt: null, invitationExpiresAt: '2026-11-30T02:30:00.000Z' }),
];

const session: StaffSession = {
  email: 'admin@fundacion.org',
  name: 'Adriana Admin',
  roles: ['admin'],
  admin: true,
  getIdToken: jest.fn(async () => 'token-admin'),
  signOut: jest.fn(async () => undefined),
};

function renderMembers(operations: ScriptedOperation[], as: StaffSession = session) {
  const fake = fakeOperations(...operations);
  render(
    <ApiClientProvider client={fake.client}>
      <StaffSessionContext.Provider value={as}>
        <StaffMembers />
      </StaffSessionContext.Provider>
    </ApiClientProvider>,
  );
  return fake;
}

const rowOf = (email: string) => screen.getByRole('rowheader', { name: new RegExp(`^${email.replace('.', '\\.')}`) }).closest('tr')!;

describe('StaffMembers', () => {
  it('lists the team with roles and state in words (pending invitations too); no way to remove oneself', async () => {
    const fake = renderMembers([on(ops.members, ok({ members: team }))]);
    const table = await screen.findByRole('table', { name: 'Miembros del equipo e invitaciones pendientes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo', 'Nombre', 'Roles', 'Estado', 'Acciones']);
    const cells = (email: string) =>
      within(rowOf(email))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // No name on record (an older invitation): the address stands for it.
    expect(cells('nuevo@fundacion.org').slice(0, 3)).toEqual([
      'nuevo@fundacion.org',
      'Atención al ciudadano',
      'Sin verificación en dos pasos todavía',
    ]);
    expect(cells('ana@fundacion.org').slice(0, 3)).toEqual(['Ana Gómez', 'Atención al ciudadano y Finanzas', 'Activo']);
    expect(cells('pendiente@fundacion.org')[2]).toBe('Invitación pendiente (el enlace vence el 29 de nov de 2026)');
    expect(
      within(rowOf('pendiente@fundacion.org')).getByRole('button', { name: 'Cancelar invitación de pendiente@fundacion.org' }),
    ).toBeTruthy();
    expect(
      within(rowOf('pendiente@fundacion.org')).getByRole('button', { name: 'Reenviar invitación de pendiente@fundacion.org' }),
    ).toBeTruthy();
    expect(within(rowOf('admin@fundacion.org')).queryByRole('button', { name: /Retirar/ })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'admin@fundacion.org (tú)' })).toBeTruthy();
    expect(fake.calls[0]).toMatchObject({ path: '/api/account/staff/members', token: 'token-admin' });
    expect(await axeViolations()).toEqual([]);
  });

  it('invites with name and roles on the form kit: errors in the summary, then the API call and a message that takes focus', async () => {
    const user = userEvent.setup();
    const fake = renderMembers([
      on(ops.members, ok({ members: team }), ok({ members: [...team, member('carlos@fundacion.org', { status: 'invited' })] })),
      on(
        ops.invite,
        apiError(409, 'already_member', 'Esta persona ya es parte del equipo.'),
        ok(
          {
            email: 'carlos@fundacion.org',
            roles: ['cursos', 'finanzas'],
            existingAccount: true,
            renewed: false,
            rejoined: false,
            expiresAt: '2026-12-04T15:00:00.000Z',
          },
          201,
        ),
      ),
    ]);
    await screen.findByRole('table');
    const send = screen.getByRole('button', { name: 'Enviar invitación' });

    await user.type(screen.getByLabelText(/^Correo de la persona/), 'no-es-correo');
    await user.click(send);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Escribe un correo válido, por ejemplo nombre@fundacion.org.',
      'Escribe el nombre de la persona.',
      'Elige al menos un rol.',
    ]);
    expect(document.activeElement).toBe(summary);

    await user.clear(screen.getByLabelText(/^Correo de la persona/));
    await user.type(screen.getByLabelText(/^Correo de la persona/), 'ana@fundacion.org');
    await user.type(screen.getByLabelText(/^Nombre de la persona/), 'Ana Gómez');
    await user.click(screen.getByRole('checkbox', { name: 'Atención al ciudadano' }));
    await user.click(send);
    expect(await screen.findByText('Esta persona ya es parte del equipo.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Correo de la persona/));
    await user.type(screen.getByLabelText(/^Correo de la persona/), ' Carlos@Fundacion.org');
    await user.clear(screen.getByLabelText(/^Nombre de la persona/));
    await user.type(screen.getByLabelText(/^Nombre de la persona/), 'Carlos Pérez');
    await user.click(screen.getByRole('checkbox', { name: 'Atención al ciudadano' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cursos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Finanzas' }));
    await user.click(send);
    const notice = (await screen.findByText(/Enviamos la invitación a carlos@fundacion.org/)).closest('[role="status"]');
    // The panel says plainly that the address already had an account, and what happens next.
    expect(notice?.textContent).toContain('Ese correo ya tiene una cuenta en el sitio');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(fake.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      body: { email: 'carlos@fundacion.org', name: 'Carlos Pérez', roles: ['cursos', 'finanzas'] },
      token: 'token-admin',
    });
    expect(await screen.findByRole('rowheader', { name: 'carlos@fundacion.org' })).toBeTruthy();
    expect((screen.getByLabelText(/^Correo de la persona/) as HTMLInputElement).value).toBe('');
  });

  it("changes a member's roles, and their name, in a dialog", async () => {
    const user = userEvent.setup();
    const fake = renderMembers([
      on(ops.members, ok({ members: team }), ok({ members: team })),
      on(ops.updateRoles, ok({ email: 'ana@fundacion.org', roles: ['datos'] })),
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Cambiar roles de ana@fundacion.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Nombre y roles de ana@fundacion.org' });
    const name = within(dialog).getByLabelText(/^Nombre de la persona/) as HTMLInputElement;
    expect(name.value).toBe('Ana Gómez');
    await user.type(name, ' Ruiz');
    expect((within(dialog).getByRole('checkbox', { name: 'Finanzas' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Atención al ciudadano' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finanzas' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Protección de datos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('ana@fundacion.org ahora tiene el rol de Protección de datos.')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { roles: ['datos'], name: 'Ana Gómez Ruiz' } });
  });

  it('removes only after a confirmation dialog that keeps focus, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const fake = renderMembers([
      on(ops.members, ok({ members: team }), ok({ members: team.filter((m) => m.email !== 'ana@fundacion.org') })),
      on(
        ops.remove,
        apiError(502, 'identity_provider_error', 'No pudimos hablar con el servicio de cuentas.'),
        ok({ email: 'ana@fundacion.org', removed: true, wasInvitation: false }),
      ),
    ]);
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
    const notice = (await screen.findByText('ana@fundacion.org ya no es parte del equipo. Cerramos sus sesiones.')).closest(
      '[role="status"]',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'ana@fundacion.org' })).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it("resets a colleague's second factor after a confirmation dialog; never one's own, nor for one who has none", async () => {
    const user = userEvent.setup();
    const fake = renderMembers([
      on(ops.members, ok({ members: team }), ok({ members: team })),
      on(
        ops.resetSecondFactor,
        apiError(502, 'identity_provider_error', 'No pudimos hablar con el servicio de cuentas.'),
        ok({ email: 'ana@fundacion.org', reset: true }),
      ),
    ]);
    await screen.findByRole('table', { name: 'Miembros del equipo e invitaciones pendientes' });
    expect(within(rowOf('admin@fundacion.org')).queryByRole('button', { name: /Restablecer/ })).toBeNull();
    expect(within(rowOf('nuevo@fundacion.org')).queryByRole('button', { name: /Restablecer/ })).toBeNull();
    const reset = within(rowOf('ana@fundacion.org')).getByRole('button', {
      name: 'Restablecer verificación en dos pasos de Ana Gómez',
    });

    reset.focus();
    await user.keyboard('{Enter}');
    let dialog = screen.getByRole('dialog', { name: 'Restablecer la verificación en dos pasos' });
    expect(within(dialog).getByText(/Ana Gómez \(ana@fundacion.org\) ya no podrá entrar/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(reset);
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.keyboard('{Enter}');
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restablecer' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'No pudimos hablar con el servicio de cuentas.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restablecer' }));
    const notice = (await screen.findByText(/^Restablecimos la verificación en dos pasos de Ana Gómez/)).closest('[role="status"]');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/account/staff/members/ana%40fundacion.org/second-factor/reset',
      '/api/account/staff/members/ana%40fundacion.org/second-factor/reset',
    ]);
  });

  it('lists former members apart and invites one again with a name and roles, prefilled and required', async () => {
    const user = userEvent.setup();
    const carlos = member('carlos@fundacion.org', { status: 'removed', name: 'Carlos Pérez', roles: ['cursos'] });
    const fake = renderMembers([
      on(ops.members, ok({ members: [...team, carlos] }), ok({ members: [...team, { ...carlos, status: 'invited' as const }] })),
      on(
        ops.invite,
        ok(
          {
            email: 'carlos@fundacion.org',
            roles: ['cursos', 'finanzas'],
            existingAccount: true,
            renewed: false,
            rejoined: true,
            expiresAt: '2026-12-04T15:00:00.000Z',
          },
          201,
        ),
      ),
    ]);
    const former = await screen.findByRole('table', { name: 'Personas retiradas del equipo' });
    expect(within(screen.getByRole('table', { name: 'Miembros del equipo e invitaciones pendientes' })).queryByText(/carlos/)).toBeNull();
    expect(
      within(former)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Carlos Pérez', 'Cursos', 'Invitar de nuevo']);

    await user.click(within(former).getByRole('button', { name: 'Invitar de nuevo a Carlos Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitar de nuevo a carlos@fundacion.org' });
    const name = within(dialog).getByLabelText(/^Nombre de la persona/) as HTMLInputElement;
    expect(name.value).toBe('Carlos Pérez');
    expect((within(dialog).getByRole('checkbox', { name: 'Cursos' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await within(dialog).findByText('Escribe el nombre de la persona.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'Carlos A. Pérez');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finanzas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    const notice = (await screen.findByText(/^Enviamos una invitación nueva a carlos@fundacion.org/)).closest('[role="status"]');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(notice?.textContent).not.toContain('Ese correo ya tiene una cuenta');
    expect(fake.calls.find((c) => c.method === 'POST')).toMatchObject({
      body: { email: 'carlos@fundacion.org', name: 'Carlos A. Pérez', roles: ['cursos', 'finanzas'] },
    });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Personas retiradas del equipo' })).toBeNull());
  });

  it('says when the team cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    renderMembers([
      on(ops.members, apiError(502, 'identity_provider_error', 'No pudimos hablar con el servicio de cuentas.'), ok({ members: team })),
    ]);
    expect(await screen.findByText('No pudimos hablar con el servicio de cuentas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('sends nothing once the session ended: the invitation says what a network failure says, a removal closes its dialog', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const ending: StaffSession = { ...session, getIdToken: async () => (signedIn ? 'token-admin' : null) };
    const fake = renderMembers([on(ops.members, ok({ members: team }))], ending);
    await screen.findByRole('table');
    signedIn = false;
    await user.type(screen.getByLabelText(/^Correo de la persona/), 'carlos@fundacion.org');
    await user.type(screen.getByLabelText(/^Nombre de la persona/), 'Carlos Pérez');
    await user.click(screen.getByRole('checkbox', { name: 'Cursos' }));
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retirar a ana@fundacion.org' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí, retirar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.map((c) => c.method)).toEqual(['GET']);
  });
});

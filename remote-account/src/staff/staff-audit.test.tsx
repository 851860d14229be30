/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, networkDown, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import type { AuditRowView } from './team-schemas';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { accountStaffOperations } from './operations';
import { axeViolations } from './axe-testing';
import StaffAudit from './staff-audit';

const row = (id: number, over: Partial<AuditRowView> = {}): AuditRowView => ({
  id: String(id),
  at: '2026-11-23T15:05:00.000Z',
  actorEmail: 'ana@fundacion.org',
  actorRoles: [],
  action: 'community.pqrsf.respond',
  entity: 'pqrsf',
  entityId: `2026112300000${String(id).padStart(3, '0')}`,
  detail: {},
  // The API answers with the labels the row's domain declares (remote-<name>/manifest/audit.ts).
  actionLabel: 'Respondió un caso PQRSF',
  entityLabel: 'PQRSF',
  ...over,
});
/** The kinds of action the API offers to filter by. */
const kinds = [
  { value: 'community.pqrsf', label: 'Casos PQRSF' },
  { value: 'account.staff', label: 'Cambios en el equipo' },
];
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from - i));

const session: StaffSession = {
  email: 'admin@fundacion.org',
  name: null,
  roles: ['admin'],
  admin: true,
  getIdToken: jest.fn(async () => 'token-admin'),
  signOut: jest.fn(async () => undefined),
};

function renderAudit(operations: ScriptedOperation[]) {
  const fake = fakeOperations(...operations);
  render(
    <ApiClientProvider client={fake.client}>
      <StaffSessionContext.Provider value={session}>
        <StaffAudit />
      </StaffSessionContext.Provider>
    </ApiClientProvider>,
  );
  return fake;
}

describe('StaffAudit', () => {
  it('shows when (Bogotá), who, the action in plain Spanish and the record, and loads older pages', async () => {
    const user = userEvent.setup();
    const fake = renderAudit([
      on(
        accountStaffOperations.audit,
        ok({
          rows: [
            row(60, {
              action: 'account.staff.invite',
              entity: 'staff_member',
              entityId: 'carlos@fundacion.org',
              actorEmail: 'admin@fundacion.org',
              actionLabel: 'Invitó a una persona al equipo',
              entityLabel: 'Miembro del equipo',
            }),
            row(59, {
              action: 'community.export',
              entity: 'volunteers',
              entityId: null,
              actionLabel: 'Exportó datos a CSV',
              entityLabel: 'Voluntarios',
            }),
            row(58, { action: 'community.algo.nuevo', entity: 'otra_cosa', actionLabel: null, entityLabel: null }),
            ...page(57, 47),
          ],
          nextBefore: '11',
          kinds,
        }),
        ok({ rows: page(10, 10), nextBefore: null, kinds }),
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Registro de acciones del equipo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha y hora (Bogotá)', 'Quién', 'Acción', 'Registro']);
    const texts = (tr: HTMLElement) => Array.from(tr.querySelectorAll('td, th'), (c) => c.textContent);
    const [, first, second, third] = within(table).getAllByRole('row');
    // 15:05 UTC is 10:05 in Bogotá.
    expect(texts(first!)).toEqual([
      '23 de nov de 2026, 10:05 a. m.',
      'admin@fundacion.org',
      'Invitó a una persona al equipo',
      'Miembro del equipo: carlos@fundacion.org',
    ]);
    expect(texts(second!).slice(2)).toEqual(['Exportó datos a CSV', 'Voluntarios']);
    expect(texts(third!).slice(2)).toEqual(['community.algo.nuevo', 'otra_cosa: 2026112300000058']);
    expect(screen.getByText(/Se muestran 50 registros/)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    const end = screen.getByText(/Se muestran 60 registros\. No hay más registros\./);
    expect(document.activeElement).toBe(end);
    expect(fake.calls.map((c) => [c.path, c.token])).toEqual([
      ['/api/account/staff/audit', 'token-admin'],
      ['/api/account/staff/audit?before=11', 'token-admin'],
    ]);
  });

  it('filters by kind of action from the first page again', async () => {
    const user = userEvent.setup();
    const fake = renderAudit([
      on(accountStaffOperations.audit, ok({ rows: page(5, 5), nextBefore: null, kinds }), ok({ rows: [], nextBefore: null, kinds })),
    ]);
    await screen.findByRole('table');
    // The kinds are the API's (each domain declares its own), after "every action".
    expect(Array.from(screen.getByLabelText<HTMLSelectElement>('Tipo de acción').options, (o) => o.textContent)).toEqual([
      'Todas las acciones',
      'Casos PQRSF',
      'Cambios en el equipo',
    ]);
    await user.selectOptions(screen.getByLabelText('Tipo de acción'), 'Cambios en el equipo');
    expect(await screen.findByText('No hay acciones registradas de este tipo.')).toBeTruthy();
    expect(fake.calls.at(-1)?.path).toBe('/api/account/staff/audit?action=account.staff');
  });

  it('keeps what it has when an older page fails, and says so', async () => {
    const user = userEvent.setup();
    renderAudit([
      on(
        accountStaffOperations.audit,
        ok({ rows: page(60, 50), nextBefore: '11', kinds }),
        networkDown,
        ok({ rows: page(10, 10), nextBefore: null, kinds }),
      ),
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No pudimos cargar el registro. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(screen.getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(61));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the API's refusal", async () => {
    renderAudit([on(accountStaffOperations.audit, apiError(403, 'forbidden', 'Solo un administrador del panel puede hacer esto.'))]);
    expect(await screen.findByText('Solo un administrador del panel puede hacer esto.')).toBeTruthy();
  });
});

/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok } from 'shared/api/fake-client';
import type { CaseAssignees } from 'shared/cases/assignment';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import type { PqrsfCase, PqrsfInboxItem, PqrsfInboxResponse } from './staff-schemas';
import StaffPqrsfCase from './staff-case';
import StaffPqrsfInbox from './staff-inbox';

// Assignment on the PQRSF screens (#32): the legal-case kit's (shared/cases/ui/assign.tsx).

const INBOX = 'POST /api/community/staff/pqrsf/bandeja';
const ASSIGNEES = 'GET /api/community/staff/pqrsf/asignables';
const BULK = 'POST /api/community/staff/pqrsf/asignacion';

const team: CaseAssignees = {
  members: [
    { email: 'ana@fundacion.org', label: 'Ana Pérez' },
    { email: 'beto@fundacion.org', label: 'Beto Ruiz' },
  ],
  areas: ['Atención al ciudadano', 'Formación', 'Datos personales', 'Dirección'],
};

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
  assignee: null,
  ...over,
});
const page = (items: PqrsfInboxItem[]): PqrsfInboxResponse => ({
  items,
  nextCursor: null,
  today: '2026-03-10',
  counts: {
    byStatus: { 'En proceso': 3, 'En trámite': 0, Respondida: 0, Trasladada: 0, Cerrada: 1 },
    open: 3,
    all: 4,
    dueSoon: 0,
    overdue: 0,
  },
});
const mine = item('1000000000000001', {
  assignee: { kind: 'member', label: 'Ana Pérez', email: 'ana@fundacion.org', at: '2026-03-03T15:00:00.000Z' },
});
const area = item('1000000000000002', { assignee: { kind: 'area', label: 'Formación', email: null, at: '2026-03-03T15:00:00.000Z' } });
const nobody = item('1000000000000003');

describe('assignment in the PQRSF inbox', () => {
  it('shows «Asignada a», labels each row’s checkbox, and «Mis casos» asks for the member’s own cases', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffPqrsfInbox />, { [INBOX]: [ok(page([mine, area, nobody])), ok(page([mine]))] });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Asignada a' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Ana Pérez');
    expect(rows[1]?.textContent).toContain('Área: Formación');
    expect(rows[2]?.textContent).toContain('Sin asignar');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar el caso 1000000000000002' })).toBeTruthy();
    // Nothing selected: the team is not read.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([INBOX]);
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mis casos' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ status: 'abiertas', assigned: 'mias' });
    expect((screen.getByLabelText('Asignación') as HTMLSelectElement).value).toBe('mias');
  });

  it('filters by area from the filter bar', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffPqrsfInbox />, { [INBOX]: [ok(page([mine, area, nobody])), ok(page([area]))] });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Asignación'), 'Formación');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ status: 'abiertas', assigned: 'Formación' });
  });

  it('reassigns the selected cases after a confirmation, and lists each refused one with its reason', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffPqrsfInbox />, {
      [INBOX]: [ok(page([mine, area, nobody])), ok(page([mine, area, nobody]))],
      [ASSIGNEES]: ok(team),
      [BULK]: ok({
        assigned: ['1000000000000001', '1000000000000002'],
        refused: [{ radicado: '1000000000000003', reason: 'No se puede asignar un caso que ya no está abierto (estado «Cerrada»).' }],
      }),
    });
    await screen.findByRole('table');
    const bulk = screen.getByRole('region', { name: 'Reasignar los casos seleccionados' });

    // Without a selection the review says what is missing.
    await user.click(within(bulk).getByRole('button', { name: 'Revisar la reasignación' }));
    expect(within(bulk).getByRole('alert').textContent).toContain('Selecciona casos en la tabla con sus casillas.');

    await user.click(within(bulk).getByRole('checkbox', { name: 'Seleccionar todas' }));
    expect(screen.getAllByRole('checkbox', { name: /^Seleccionar el caso/ }).every((c) => (c as HTMLInputElement).checked)).toBe(true);
    expect(within(bulk).getByText('3 casos seleccionados.')).toBeTruthy();
    await within(bulk).findByRole('option', { name: 'Persona: Beto Ruiz' });
    await user.selectOptions(within(bulk).getByLabelText('Asignar a'), 'persona:beto@fundacion.org');
    await user.type(within(bulk).getByLabelText('Nota para el historial (opcional)'), 'Reparto de la semana');
    await user.click(within(bulk).getByRole('button', { name: 'Revisar la reasignación' }));

    const confirm = await screen.findByRole('heading', { name: '¿Reasignar 3 casos a Persona: Beto Ruiz?' });
    expect(document.activeElement).toBe(confirm);
    expect(calls.filter((c) => c.path.endsWith('/asignacion'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sí, reasignar' }));

    const done = await screen.findByText('Se reasignaron 2 casos.');
    expect(document.activeElement?.contains(done)).toBe(true);
    expect(screen.getByText('1000000000000003: No se puede asignar un caso que ya no está abierto (estado «Cerrada»).')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/asignacion'))?.body).toEqual({
      radicados: ['1000000000000001', '1000000000000002', '1000000000000003'],
      to: 'persona:beto@fundacion.org',
      note: 'Reparto de la semana',
    });
    // The listing is read again, and the selection is cleared.
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.path}` === INBOX)).toHaveLength(2));
    expect(within(bulk).getByText('Selecciona casos en la tabla con sus casillas.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});

const RADICADO = '4815162342000001';
const BASE = `/api/community/staff/pqrsf/${RADICADO}`;
const open: PqrsfCase = {
  radicado: RADICADO,
  createdAt: '2026-03-02T15:00:00.000Z',
  status: 'En proceso',
  request: {
    rol_type: 'Estudiante',
    name: 'Luisa',
    lastname: 'Martínez',
    id_type: 'Cédula de ciudadanía',
    id_number: '1.020.304.050',
    email: 'luisa@example.com',
    phone_number: '3151112233',
    request_type: 'Queja',
    reviews: 'La clase del martes no tuvo grabación.',
  },
  termDays: 15,
  dueDate: '2026-03-24',
  originalDueDate: null,
  extension: null,
  response: null,
  transfer: null,
  closedAt: null,
  urgency: null,
  businessDaysLeft: 10,
  today: '2026-03-10',
  assignee: null,
  history: [{ action: 'radicada', status: 'En proceso', note: null, dueDate: null, at: '2026-03-02T15:00:00.000Z', actorEmail: null }],
  notes: [],
  attachments: [],
  actions: {
    startProcessing: { allowed: true, reason: null },
    respond: { allowed: true, reason: null },
    extend: { allowed: true, reason: null, minDate: '2026-03-25', maxDate: '2026-04-15' },
    transfer: { allowed: true, reason: null, deadline: '2026-03-09' },
    close: { allowed: true, reason: null },
  },
};
const assigned: PqrsfCase = {
  ...open,
  assignee: { kind: 'member', label: 'Beto Ruiz', email: 'beto@fundacion.org', at: '2026-03-10T15:00:00.000Z' },
  history: [
    ...open.history,
    {
      action: 'asignada',
      status: 'En proceso',
      note: 'Asignada a Beto Ruiz.',
      dueDate: null,
      at: '2026-03-10T15:00:00.000Z',
      actorEmail: 'ana@fundacion.org',
    },
  ],
};

describe('assignment on a PQRSF case', () => {
  it('opens the form on request, assigns to a member, announces it and records it in the history', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, {
      [`GET ${BASE}`]: ok(open),
      [ASSIGNEES]: ok(team),
      [`POST ${BASE}/asignacion`]: [
        apiError(
          400,
          'unknown_member',
          'Esa persona no está en el equipo que atiende estos casos (o su cuenta no está activa). Elige a otra.',
        ),
        ok(assigned),
      ],
    });
    const card = await screen.findByRole('region', { name: 'Asignación' });
    expect(card.textContent).toContain('Sin asignar');
    expect(calls.some((c) => c.path.endsWith('/asignables'))).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Asignar o reasignar' }));
    const select = await within(card).findByLabelText(/^Asignar a/);
    await waitFor(() => expect(document.activeElement).toBe(select));
    await user.selectOptions(select, 'persona:beto@fundacion.org');
    await user.click(within(card).getByRole('button', { name: 'Asignar' }));
    expect((await within(card).findAllByText(/Esa persona no está en el equipo/)).length).toBeGreaterThan(0);

    await user.click(within(card).getByRole('button', { name: 'Asignar' }));
    const notice = await screen.findByText('Caso asignado a Beto Ruiz.');
    expect(document.activeElement).toBe(notice);
    expect(screen.getByRole('region', { name: 'Asignación' }).textContent).toContain('Beto Ruiz');
    const history = screen.getByRole('table', { name: 'Cambios de estado y plazo, del primero al último' });
    expect(within(history).getByRole('rowheader', { name: 'Asignación' })).toBeTruthy();
    expect(history.textContent).toContain('Asignada a Beto Ruiz.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ body: { to: 'persona:beto@fundacion.org' } });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says a closed case is no longer assignable', async () => {
    renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, {
      [`GET ${BASE}`]: ok({ ...open, status: 'Cerrada', actions: { ...open.actions, respond: { allowed: false, reason: 'x' } } }),
    });
    const card = await screen.findByRole('region', { name: 'Asignación' });
    expect(card.textContent).toContain('Este caso ya no está abierto: no se puede asignar.');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

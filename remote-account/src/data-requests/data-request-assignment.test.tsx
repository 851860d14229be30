/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import type { DataInboxItem, DataInboxResponse, DataRequestCase } from './schemas';
import StaffDataRequest from './data-request-case';
import StaffDataRequests from './data-requests-inbox';

// Assignment on the data requests' screens (#32): the same kit as the PQRSF's, with the role «datos».

const INBOX = 'POST /api/account/staff/data-requests/bandeja';
const R = 'DP-2026-000007';
const base = `/api/account/staff/data-requests/${R}`;
const team = { members: [{ email: 'dario@fundacion.org', label: 'Darío Gómez' }], areas: ['Datos personales', 'Dirección'] };

const item = (radicado: string, over: Partial<DataInboxItem> = {}): DataInboxItem => ({
  radicado,
  createdAt: '2026-03-16T15:00:00.000Z',
  kind: 'acceso',
  name: 'Martina Ñáñez',
  status: 'Recibida',
  dueDate: '2026-03-31',
  extended: false,
  urgency: null,
  businessDaysLeft: 9,
  assignee: null,
  ...over,
});
const page = (items: DataInboxItem[]): DataInboxResponse => ({
  items,
  nextCursor: null,
  today: '2026-03-17',
  counts: { open: 2, overdue: 0, dueSoon: 0, answered: 0, incomplete: 0 },
});
const allowed = { allowed: true, reason: null };
const refused = { allowed: false, reason: 'x' };
const request: DataRequestCase = {
  radicado: R,
  kind: 'acceso',
  createdAt: '2026-03-16T15:00:00.000Z',
  status: 'Recibida',
  request: { name: 'Martina Ñáñez', email: 'martina@example.com', details: 'Quiero saber qué datos tienen.', correction: null },
  termDays: 10,
  dueDate: '2026-03-31',
  originalDueDate: null,
  extension: null,
  response: null,
  export: null,
  completion: null,
  erasure: null,
  urgency: null,
  businessDaysLeft: 9,
  today: '2026-03-17',
  assignee: { kind: 'area', label: 'Datos personales', email: null, at: '2026-03-17T15:00:00.000Z' },
  history: [{ action: 'radicada', status: 'Recibida', note: null, dueDate: null, at: '2026-03-16T15:00:00.000Z', actorEmail: null }],
  attachments: [],
  actions: {
    start: allowed,
    respond: allowed,
    extend: { ...allowed, newDueDate: '2026-04-09', extensionDays: 5 },
    export: allowed,
    erase: refused,
    requestCompletion: { ...refused, deadline: null },
    resume: refused,
    withdraw: refused,
  },
};

describe('assignment of data requests', () => {
  it('shows «Asignada a» in the inbox and asks for «Mis casos»', async () => {
    const user = userEvent.setup();
    const mine = item('DP-2026-000001', {
      assignee: { kind: 'member', label: 'Darío Gómez', email: 'dario@fundacion.org', at: '2026-03-17T15:00:00.000Z' },
    });
    const { calls, container } = renderAsStaff(<StaffDataRequests />, {
      [INBOX]: [ok(page([mine, item('DP-2026-000002')])), ok(page([mine]))],
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Darío Gómez');
    expect(rows[1]?.textContent).toContain('Sin asignar');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar el caso DP-2026-000002' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Mis casos' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ status: 'abiertas', assigned: 'mias' });
  });

  it('shows the area a request is assigned to and reassigns it to a member of «datos»', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffDataRequest radicado={R} />, {
      [`GET ${base}`]: ok(request),
      'GET /api/account/staff/data-requests/asignables': ok(team),
      [`POST ${base}/asignacion`]: ok({
        ...request,
        assignee: { kind: 'member', label: 'Darío Gómez', email: 'dario@fundacion.org', at: '2026-03-17T16:00:00.000Z' },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Asignación' });
    expect(card.textContent).toContain('Área: Datos personales');
    await user.click(within(card).getByRole('button', { name: 'Asignar o reasignar' }));
    await user.selectOptions(await within(card).findByLabelText(/^Asignar a/), 'persona:dario@fundacion.org');
    await user.click(within(card).getByRole('button', { name: 'Asignar' }));
    expect(document.activeElement).toBe(await screen.findByText('Caso asignado a Darío Gómez.'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { to: 'persona:dario@fundacion.org' } });
    expect(await axeViolations(container)).toEqual([]);
  });
});

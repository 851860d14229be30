/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { StaffCohort } from './schemas';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { cohortsStaffOperations as ops } from './staff-operations';
import StaffCohorts from './staff-cohorts';

const cohort = (over: Partial<StaffCohort> = {}): StaffCohort => ({
  id: 4,
  course_name: 'desarrollo-software',
  start_date: '2030-02-04',
  schedule: 'Lunes y miércoles, 7 a 9 p. m.',
  capacity: 20,
  status: 'open',
  access_instructions: 'Enlace: https://clase.example/1',
  end_date: null,
  class_days: [],
  class_start: null,
  class_end: null,
  join_url: null,
  join_place: null,
  reminder_sent_at: null,
  seats_taken: 12,
  seats_held: 3,
  seats_left: 5,
  on_sale: false,
  selling: true,
  ...over,
});

describe('StaffCohorts (/equipo/cursos)', () => {
  it("lists each course's cohorts with their seats, and has no axe violations", async () => {
    const { container } = renderAsStaff(<StaffCohorts />, [
      on(
        ops.cohorts,
        ok({
          cohorts: [
            cohort(),
            cohort({
              id: 1,
              start_date: '2025-03-31',
              status: 'closed',
              seats_taken: 0,
              seats_held: 0,
              seats_left: 30,
              capacity: 30,
              selling: false,
            }),
          ],
        }),
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Cohortes de Desarrollo de Software' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].slice(0, 7).map((c) => c.textContent))).toEqual([
      ['4 de febrero de 2030', 'Lunes y miércoles, 7 a 9 p. m.', '20', '12', '3', '5', 'Abierta · En venta'],
      ['31 de marzo de 2025', 'Lunes y miércoles, 7 a 9 p. m.', '30', '0', '0', '30', 'Cerrada'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Cohortes de Ofimática Básica - Excel' })).getByText('Este curso no tiene cohortes.'),
    ).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('creates a cohort, says so and lists it; a refused date shows the server message on the field', async () => {
    const user = userEvent.setup();
    const created = cohort({
      id: 9,
      course_name: 'marketing-digital',
      start_date: '2030-03-02',
      capacity: 1,
      seats_taken: 0,
      seats_held: 0,
      seats_left: 1,
    });
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(ops.cohorts, ok({ cohorts: [] }), ok({ cohorts: [created] })),
      on(
        ops.createCohort,
        apiError(400, 'validation_error', 'La fecha de inicio no puede ser anterior a hoy.', {
          start_date: 'La fecha de inicio no puede ser anterior a hoy.',
        }),
        ok({ cohort: created }, 201),
      ),
    ]);
    const form = await screen.findByRole('form', { name: 'Nueva cohorte' });
    await user.selectOptions(within(form).getByLabelText('Curso'), 'marketing-digital');
    await user.type(within(form).getByLabelText(/Fecha de inicio/), '2020-01-01');
    await user.clear(within(form).getByLabelText('Cupo'));
    await user.type(within(form).getByLabelText('Cupo'), '1');
    await user.click(within(form).getByRole('button', { name: 'Crear cohorte' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('La fecha de inicio no puede ser anterior a hoy.');
    const date = within(form).getByLabelText(/Fecha de inicio/);
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe(
      'La fecha de inicio no puede ser anterior a hoy.',
    );

    await user.clear(date);
    await user.type(date, '2030-03-02');
    await user.click(within(form).getByRole('button', { name: 'Crear cohorte' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Cohorte de Marketing Digital y Diseño Gráfico del 2 de marzo de 2030 creada.');
    expect(document.activeElement).toBe(status);
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      token: 'token-de-ana',
      body: { course_name: 'marketing-digital', start_date: '2030-03-02', capacity: 1, status: 'open' },
    });
    await waitFor(() => expect(screen.getByRole('table', { name: /Marketing Digital/ }).textContent).toContain('2 de marzo de 2030'));
  });

  it('edits a cohort (focus to the form, back on cancel) and closes another', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(ops.cohorts, ok({ cohorts: [cohort()] })),
      on(
        ops.updateCohort,
        apiError(400, 'validation_error', 'El cupo no puede ser menor que los cupos ya ocupados (12).', {
          capacity: 'El cupo no puede ser menor que los cupos ya ocupados (12).',
        }),
        ok({ cohort: cohort({ capacity: 25 }) }),
        ok({ cohort: cohort({ status: 'closed' }) }),
      ),
    ]);
    const edit = await screen.findByRole('button', { name: 'Editar la cohorte del 4 de febrero de 2030' });
    await user.click(edit);
    const form = screen.getByRole('form', { name: /Editar la cohorte de Desarrollo de Software/ });
    expect(document.activeElement).toBe(within(form).getByRole('heading'));
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(edit);

    await user.click(edit);
    const again = screen.getByRole('form', { name: /Editar la cohorte/ });
    const capacity = within(again).getByLabelText('Cupo');
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect((await within(again).findByRole('alert')).textContent).toMatch(/no puede ser menor que los cupos ya ocupados \(12\)/);
    await user.clear(capacity);
    await user.type(capacity, '25');
    await user.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cohorte del 4 de febrero de 2030 actualizada.');

    await user.click(screen.getByRole('button', { name: 'Cerrar la cohorte del 4 de febrero de 2030' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ status: 'closed', capacity: 20 });
  });

  it('sends nothing once the session ended (#27): closing a cohort says to sign in again', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffCohorts />,
      [on(ops.cohorts, ok({ cohorts: [cohort()] })), on(ops.updateCohort, ok({ cohort: cohort({ status: 'closed' }) }))],
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    const close = await screen.findByRole('button', { name: 'Cerrar la cohorte del 4 de febrero de 2030' });
    signedIn = false;
    await user.click(close);
    expect((await screen.findByRole('alert')).textContent).toBe('Tu sesión terminó. Vuelve a ingresar al panel.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(calls.every((c) => c.token === 'token-de-ana')).toBe(true);
  });

  it('creates no cohort once the session ended (#27): the form asks the session only through the staff client', async () => {
    const user = userEvent.setup();
    let asked = 0;
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffCohorts />,
      [on(ops.cohorts, ok({ cohorts: [] })), on(ops.createCohort, ok({ cohort: cohort() }, 201))],
      undefined,
      {
        ...staffSession,
        getIdToken: async () => {
          asked += 1;
          return signedIn ? 'token-de-ana' : null;
        },
      },
    );
    const form = await screen.findByRole('form', { name: 'Nueva cohorte' });
    expect(asked).toBe(1);
    signedIn = false;
    await user.type(within(form).getByLabelText(/Fecha de inicio/), '2030-03-02');
    await user.click(within(form).getByRole('button', { name: 'Crear cohorte' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Tu sesión terminó. Vuelve a ingresar al panel.');
    expect(asked).toBe(2);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('puts a later cohort on sale with a clear button, says which one the course sells, and can go back (#28)', async () => {
    const user = userEvent.setup();
    const later = cohort({ id: 7, start_date: '2030-06-01', selling: false });
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(
        ops.cohorts,
        ok({ cohorts: [later, cohort()] }),
        ok({ cohorts: [{ ...later, on_sale: true, selling: true }, cohort({ selling: false })] }),
      ),
      on(ops.cohortOnSale, ok({ cohort: { ...later, on_sale: true, selling: true } }), ok({ cohort: later })),
    ]);
    // Only a cohort that is not the one sold now offers the button.
    expect(screen.queryByRole('button', { name: 'Poner a la venta la cohorte del 4 de febrero de 2030' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Poner a la venta la cohorte del 1 de junio de 2030' }));
    expect((await screen.findByRole('status')).textContent).toBe('Desarrollo de Software vende ahora la cohorte del 1 de junio de 2030.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: '/api/courses/staff/cohorts/7/venta',
      body: { on_sale: true },
    });
    await user.click(await screen.findByRole('button', { name: /Quitar de la venta la cohorte del 1 de junio de 2030/ }));
    expect((await screen.findByRole('status')).textContent).toBe('Desarrollo de Software vuelve a vender su próxima cohorte abierta.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ on_sale: false });
  });

  it('sets the weekly classes and the link to join (#31): sent as days and times, a refused link said on its field', async () => {
    const user = userEvent.setup();
    const withClasses = cohort({ class_days: ['MO', 'WE'], class_start: '19:00', class_end: '21:00', join_url: 'https://meet.example/js' });
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(ops.cohorts, ok({ cohorts: [cohort()] }), ok({ cohorts: [withClasses] })),
      on(
        ops.updateCohort,
        apiError(400, 'validation_error', 'Escribe un enlace completo que empiece por https://, sin espacios.', {
          join_url: 'Escribe un enlace completo que empiece por https://, sin espacios.',
        }),
        ok({ cohort: withClasses }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Editar la cohorte del 4 de febrero de 2030' }));
    const form = screen.getByRole('form', { name: /Editar la cohorte/ });
    const days = within(form).getByRole('group', { name: 'Horario semanal (hora de Bogotá)' });
    await user.click(within(days).getByRole('checkbox', { name: 'Lunes' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Miércoles' }));
    await user.type(within(days).getByLabelText('Hora de inicio'), '19:00');
    await user.type(within(days).getByLabelText('Hora de finalización'), '21:00');
    const join = within(form).getByRole('group', { name: 'Cómo unirse a las clases' });
    const link = within(join).getByLabelText('Enlace de la clase en línea (https)');
    await user.type(link, 'http://meet.example/js');
    expect(within(form).getByText(/recibe un correo con lo que cambió/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/empiece por https:\/\//);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    await user.clear(link);
    await user.type(link, 'https://meet.example/js');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cohorte del 4 de febrero de 2030 actualizada.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      class_days: ['MO', 'WE'],
      class_start: '19:00',
      class_end: '21:00',
      join_url: 'https://meet.example/js',
      join_place: '',
    });
    // The table words the weekly classes.
    await waitFor(() =>
      expect(screen.getByRole('table', { name: /Desarrollo de Software/ }).textContent).toContain(
        'Semanal: Lunes y miércoles, de 7:00 p. m. a 9:00 p. m. (hora de Colombia)',
      ),
    );
  });
});

/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { StaffCohort } from './schemas';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import { cohortsStaffOperations as ops } from './staff-operations';
import { cohortMessageOperations as messageOps } from './message-operations';
import StaffCohorts from './staff-cohorts';

const cohort: StaffCohort = {
  id: 4,
  course_name: 'desarrollo-software',
  start_date: '2030-02-04',
  schedule: 'Lunes y miércoles, 7 a 9 p. m.',
  capacity: 20,
  status: 'open',
  access_instructions: '',
  end_date: null,
  class_days: [],
  class_start: null,
  class_end: null,
  join_url: null,
  join_place: null,
  reminder_sent_at: null,
  seats_taken: 2,
  seats_held: 0,
  seats_left: 18,
  on_sale: false,
  selling: true,
};
const preview = {
  recipients: 2,
  preview: {
    name: 'José',
    subject: 'Cambio de horario - Fundación',
    text: 'Hola, José:\n\nLa clase empieza a las 7.\n\nCurso: Desarrollo',
  },
};

/** Messaging a cohort from /equipo/cursos (#31): write, preview as one student gets it, confirm, sent once. */
describe('a message to a cohort', () => {
  const write = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Escribir a la cohorte del 4 de febrero de 2030' }));
    const form = screen.getByRole('region', { name: /Mensaje a la cohorte/ });
    await user.type(within(form).getByLabelText('Asunto'), 'Cambio de horario');
    await user.type(within(form).getByLabelText('Mensaje'), 'La clase empieza a las 7.');
    await user.click(within(form).getByRole('button', { name: 'Ver vista previa' }));
    return form;
  };

  it('shows the e-mail as one student gets it with their name, then sends it with one message id, with no axe violations', async () => {
    const user = userEvent.setup();
    const { container, calls } = renderAsStaff(<StaffCohorts />, [
      on(ops.cohorts, ok({ cohorts: [cohort] })),
      on(messageOps.previewCohortMessage, ok(preview)),
      on(messageOps.sendCohortMessage, ok({ sent: 2, alreadySent: false })),
    ]);
    const form = await write(user);
    expect(await within(form).findByText(/Hola, José:/)).toBeTruthy();
    expect(within(form).getByText('Se enviará a 2 estudiantes inscritos.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Enviar a la cohorte' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Mensaje enviado a 2 estudiantes.');
    const sends = calls.filter((c) => c.path.endsWith('/mensajes'));
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toMatchObject({ subject: 'Cambio de horario', text: 'La clase empieza a las 7.' });
    expect((sends[0]?.body as { message_id: string }).message_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why nothing was sent (the day limit) and keeps the same message id for the next try', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(ops.cohorts, ok({ cohorts: [cohort] })),
      on(messageOps.previewCohortMessage, ok(preview), ok(preview)),
      on(
        messageOps.sendCohortMessage,
        apiError(429, 'too_many_messages', 'Esta cohorte ya recibió 3 mensajes hoy. Podrás enviar otro mañana.'),
        ok({ sent: 0, alreadySent: true }),
      ),
    ]);
    const form = await write(user);
    await user.click(await within(form).findByRole('button', { name: 'Enviar a la cohorte' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Esta cohorte ya recibió 3 mensajes hoy. Podrás enviar otro mañana.');
    await user.click(within(form).getByRole('button', { name: 'Ver vista previa' }));
    await user.click(await within(form).findByRole('button', { name: 'Enviar a la cohorte' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Este mensaje ya se había enviado: no se envió de nuevo.');
    const ids = calls.filter((c) => c.path.endsWith('/mensajes')).map((c) => (c.body as { message_id: string }).message_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('asks for the subject before any preview', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCohorts />, [on(ops.cohorts, ok({ cohorts: [cohort] }))]);
    await user.click(await screen.findByRole('button', { name: 'Escribir a la cohorte del 4 de febrero de 2030' }));
    const form = screen.getByRole('region', { name: /Mensaje a la cohorte/ });
    await user.click(within(form).getByRole('button', { name: 'Ver vista previa' }));
    expect(within(form).getByText('Escribe el asunto.')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('mensajes'))).toBe(false);
  });
});

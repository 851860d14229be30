/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on, type FakeAnswer } from 'shared/api/fake-client';
import type { PqrsfCase } from './staff-schemas';
import StaffPqrsfCase from './staff-case';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { pqrsfStaffOperations } from './staff-operations';

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
  urgency: 'pronto',
  businessDaysLeft: 2,
  today: '2026-03-19',
  history: [{ action: 'radicada', status: 'En proceso', note: null, dueDate: null, at: '2026-03-02T15:00:00.000Z', actorEmail: null }],
  notes: [],
  attachments: [],
  actions: {
    startProcessing: { allowed: true, reason: null },
    respond: { allowed: true, reason: null },
    extend: { allowed: true, reason: null, minDate: '2026-03-25', maxDate: '2026-04-15' },
    transfer: {
      allowed: false,
      reason:
        'El traslado debía hacerse a más tardar el 9 de marzo de 2026: 5 días hábiles desde la radicación (Ley 1755 de 2015, art. 21).',
      deadline: '2026-03-09',
    },
    close: { allowed: true, reason: null },
  },
};

const answered: PqrsfCase = {
  ...open,
  status: 'Respondida',
  urgency: null,
  businessDaysLeft: null,
  response: { text: 'La grabación ya está disponible.', at: '2026-03-19T16:00:00.000Z' },
  history: [
    ...open.history,
    {
      action: 'respondida',
      status: 'Respondida',
      note: null,
      dueDate: null,
      at: '2026-03-19T16:00:00.000Z',
      actorEmail: 'ana@fundacion.org',
    },
  ],
  actions: {
    startProcessing: { allowed: false, reason: 'La solicitud está respondida: ya no admite esta acción.' },
    respond: { allowed: false, reason: 'La solicitud está respondida: ya no admite esta acción.' },
    extend: { allowed: false, reason: 'La solicitud está respondida: ya no admite esta acción.', minDate: null, maxDate: null },
    transfer: { allowed: false, reason: 'La solicitud está respondida: ya no admite esta acción.', deadline: '2026-03-09' },
    close: { allowed: true, reason: null },
  },
};

function renderCase(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  return renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, { [`GET ${BASE}`]: ok(open), ...answers });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('a PQRSF case', () => {
  it('shows the request as filed, its deadline in words, its history, and why a transfer is no longer possible', async () => {
    const { container } = renderCase({});
    const filed = await screen.findByRole('region', { name: 'La solicitud como se radicó' });
    expect(screen.getByRole('heading', { level: 1, name: `Solicitud ${RADICADO}` })).toBeTruthy();
    expect(filed.textContent).toContain('Cédula de ciudadanía 1.020.304.050');
    expect(filed.textContent).toContain('La clase del martes no tuvo grabación.');
    expect(section('Estado y plazo').textContent).toContain('24 de marzo de 2026 ⏰ Vence en 2 días hábiles');
    const history = screen.getByRole('table', { name: 'Cambios de estado y plazo, del primero al último' });
    expect(within(history).getByRole('rowheader', { name: 'Radicada' })).toBeTruthy();
    expect(history.textContent).toContain('La persona (radicación)');
    expect(section('Trasladar a otra entidad').textContent).toContain(
      'No disponible: El traslado debía hacerse a más tardar el 9 de marzo',
    );
    expect(screen.getByRole('link', { name: /Volver a la bandeja de PQRSF/ }).getAttribute('href')).toBe('/equipo/pqrsf');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('answers only after a confirmation, by keyboard, then shows the case as Respondida and announces it', async () => {
    const user = userEvent.setup();
    const { calls } = renderCase({ [`POST ${BASE}/respuesta`]: ok(answered) });
    const answer = await screen.findByLabelText(/^Respuesta para la persona/);

    // An empty answer is refused by the form, with the schema's message.
    await user.click(screen.getByRole('button', { name: 'Revisar y enviar' }));
    expect((await screen.findAllByText('Escribe la respuesta que recibirá la persona.')).length).toBeGreaterThan(0);

    await user.click(answer);
    await user.keyboard('La grabación ya está disponible.');
    // Past the attachments' file input (#32), to the button.
    await user.tab();
    expect(document.activeElement).toBe(screen.getAllByLabelText('Adjuntar archivos (opcional)')[0]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revisar y enviar' }));
    await user.keyboard('{Enter}');

    const confirmTitle = await screen.findByRole('heading', { name: '¿Enviar esta respuesta?' });
    expect(document.activeElement).toBe(confirmTitle);
    expect(screen.getByText(/La enviaremos a luisa@example.com/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // "Seguir editando" goes back to the answer, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Respuesta para la persona/));
    await user.click(screen.getByRole('button', { name: 'Revisar y enviar' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, enviar la respuesta' }));

    const notice = await screen.findByText('Respuesta enviada. La solicitud quedó «Respondida».');
    expect(document.activeElement).toBe(notice);
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toEqual([
      { method: 'POST', path: `${BASE}/respuesta`, body: { response: 'La grabación ya está disponible.' }, token: 'token-de-ana' },
    ]);
    expect(section('Estado y plazo').textContent).toContain('Respondida');
    expect(screen.getByRole('heading', { name: 'Respuesta enviada' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Responder' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ampliar plazo' })).toBeNull();
  });

  it('offers a date picker bounded to the legal maximum, says the limit, and shows the server refusal on the field', async () => {
    const user = userEvent.setup();
    const refusal = 'La nueva fecha no puede pasar del 15 de abril de 2026: el doble del término inicial.';
    const { calls } = renderCase({
      [`POST ${BASE}/ampliacion`]: [
        apiError(422, 'invalid_due_date', refusal, { dueDate: refusal }),
        ok({
          ...open,
          dueDate: '2026-04-15',
          originalDueDate: '2026-03-24',
          extension: { reason: 'Consultamos a otra área.', at: '2026-03-19T16:00:00.000Z' },
        }),
      ],
    });
    const date = (await screen.findByLabelText(/^Nueva fecha límite/)) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.min).toBe('2026-03-25');
    expect(date.max).toBe('2026-04-15');
    expect(section('Ampliar plazo').textContent).toContain(
      'Un día hábil entre el 25 de marzo de 2026 y el 15 de abril de 2026 (límite legal).',
    );

    await user.type(date, '2026-04-20');
    await user.type(screen.getByLabelText(/^Motivo de la ampliación/), 'Consultamos a otra área.');
    await user.click(screen.getByRole('button', { name: 'Ampliar plazo' }));
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(date.getAttribute('aria-invalid')).toBe('true');

    await user.clear(date);
    await user.type(date, '2026-04-15');
    await user.click(screen.getByRole('button', { name: 'Ampliar plazo' }));
    expect(await screen.findByText('Plazo ampliado hasta el 15 de abril de 2026. Le avisamos a la persona por correo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ dueDate: '2026-04-15', reason: 'Consultamos a otra área.' });
    expect(section('Estado y plazo').textContent).toContain(
      'Plazo ampliado; vencía el 24 de marzo de 2026. Motivo: Consultamos a otra área.',
    );
  });

  it('asks before closing, and puts the server’s request for a reason on the note', async () => {
    const user = userEvent.setup();
    const needNote = 'Escribe por qué se cierra sin respuesta ni traslado (por ejemplo: duplicada o desistida).';
    const { calls } = renderCase({
      [`POST ${BASE}/cierre`]: [
        apiError(422, 'note_required', needNote, { note: needNote }),
        ok({
          ...open,
          status: 'Cerrada',
          closedAt: '2026-03-19T16:00:00.000Z',
          urgency: null,
          businessDaysLeft: null,
          actions: { ...answered.actions, close: { allowed: false, reason: 'La solicitud ya está cerrada.' } },
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Cerrar la solicitud' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '¿Cerrar esta solicitud?' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cerrar' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Motivo o nota/)));
    expect((await screen.findAllByText(needNote)).length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText(/^Motivo o nota/), 'Duplicada de otra solicitud.');
    await user.click(screen.getByRole('button', { name: 'Cerrar la solicitud' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cerrar' }));
    expect(await screen.findByText('La solicitud quedó cerrada.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, { note: 'Duplicada de otra solicitud.' }]);
    expect(screen.queryByRole('region', { name: 'Acciones' })).toBeNull();
  });

  it('transfers only with the entity’s e-mail, says where the petition went, and shows the sendings in the history (#32)', async () => {
    const user = userEvent.setup();
    const transferable: PqrsfCase = {
      ...open,
      actions: { ...open.actions, transfer: { allowed: true, reason: null, deadline: '2026-03-09' } },
    };
    const at = '2026-03-04T15:00:00.000Z';
    const sentRow = (action: string, note: string) => ({
      action,
      status: 'Trasladada',
      note,
      dueDate: null,
      at,
      actorEmail: 'ana@fundacion.org',
    });
    const transferred: PqrsfCase = {
      ...transferable,
      status: 'Trasladada',
      urgency: null,
      businessDaysLeft: null,
      transfer: { entity: 'Secretaría de Educación', email: 'contactenos@sed.gov.co', at },
      history: [
        ...open.history,
        sentRow('trasladada', 'Secretaría de Educación'),
        sentRow(
          'enviada_entidad',
          `Petición enviada en PDF (traslado-pqrsf-${RADICADO}.pdf) a Secretaría de Educación, contactenos@sed.gov.co.`,
        ),
        sentRow('copia_persona', 'Copia del traslado con el mismo PDF enviada al correo de la persona.'),
      ],
      actions: answered.actions,
    };
    const { calls, container } = renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, {
      [`GET ${BASE}`]: ok(transferable),
      [`POST ${BASE}/traslado`]: ok(transferred),
    });
    const email = (await screen.findByLabelText(/^Correo electrónico de la entidad/)) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(section('Trasladar a otra entidad').textContent).toContain('Le enviaremos la petición en PDF con una carta de traslado');
    expect(await axeViolations(container)).toEqual([]);

    await user.type(screen.getByLabelText(/^Entidad competente/), 'Secretaría de Educación');
    await user.click(screen.getByRole('button', { name: 'Trasladar y enviar' }));
    expect(
      (await screen.findAllByText('Escribe el correo electrónico de la entidad competente: allí le enviaremos la petición.')).length,
    ).toBeGreaterThan(0);
    await user.type(email, 'sed.gov.co');
    await user.click(screen.getByRole('button', { name: 'Trasladar y enviar' }));
    expect((await screen.findAllByText(/Escribe un correo electrónico válido/)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'contactenos@sed.gov.co');
    await user.click(screen.getByRole('button', { name: 'Trasladar y enviar' }));
    const notice = await screen.findByText('Solicitud trasladada. Enviamos la petición en PDF a la entidad y copia a la persona.');
    expect(document.activeElement).toBe(notice);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { entity: 'Secretaría de Educación', entityEmail: 'contactenos@sed.gov.co', note: undefined },
    ]);
    expect(section('Estado y plazo').textContent).toContain('Trasladada a Secretaría de Educación (contactenos@sed.gov.co)');
    const history = screen.getByRole('table', { name: 'Cambios de estado y plazo, del primero al último' });
    expect(within(history).getByRole('rowheader', { name: 'Petición enviada a la entidad' })).toBeTruthy();
    expect(within(history).getByRole('rowheader', { name: 'Copia del traslado a la persona' })).toBeTruthy();
  });

  it('says so when the radicado does not exist', async () => {
    renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, {
      [`GET ${BASE}`]: apiError(404, 'not_found', 'No encontramos una solicitud con ese número de radicado.'),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos una solicitud con ese número de radicado.');
  });

  it('is answered through its declared operations, with the member’s token and no token in the screen', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, [
      on(pqrsfStaffOperations.case, ok(open)),
      on(pqrsfStaffOperations.addNote, ({ params, body }) =>
        ok({
          ...open,
          radicado: params.radicado!,
          notes: [{ id: '1', body: body.body, at: '2026-03-03T15:00:00.000Z', actorEmail: 'ana@fundacion.org' }],
        }),
      ),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /Nueva nota/ }), 'Llamé a la persona.');
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(await screen.findByText('Llamé a la persona.')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.token])).toEqual([
      ['GET', BASE, 'token-de-ana'],
      ['POST', `${BASE}/notas`, 'token-de-ana'],
    ]);
  });

  it('sends nothing once the session has ended, and says what it said before (the network line)', async () => {
    const { calls } = renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, [on(pqrsfStaffOperations.case, ok(open))], undefined, {
      ...staffSession,
      getIdToken: async () => null,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.');
    expect(calls).toEqual([]);
  });
});

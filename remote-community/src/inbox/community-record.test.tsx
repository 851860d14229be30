/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, type FakeAnswer } from 'shared/api/fake-client';
import type { InboxRecordResponse } from './schemas';
import StaffCommunityRecord from './community-record';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';

const RECORD = 'GET /api/community/staff/inbox/voluntarios/12';
const CONTACT = 'POST /api/community/staff/inbox/voluntarios/12/contactos';
const PREVIEW = 'POST /api/community/staff/inbox/voluntarios/12/respuesta/vista-previa';
const REPLY = 'POST /api/community/staff/inbox/voluntarios/12/respuesta';
const CORRECT = 'PUT /api/community/staff/inbox/voluntarios/12';
const REMOVE = 'POST /api/community/staff/inbox/voluntarios/12/eliminar';

const allowed = { allowed: true, reason: null };
const actions = { contact: allowed, reply: allowed, correct: allowed, remove: allowed };

const volunteer = (history: InboxRecordResponse['history'] = [], over: Partial<InboxRecordResponse['record']> = {}): InboxRecordResponse =>
  ({
    kind: 'voluntarios',
    id: '12',
    createdAt: '2026-03-02T19:32:00.000Z',
    record: {
      volunteer_name: 'María José',
      volunteer_lastname: 'Núñez Güiza',
      id_type: 'Cédula de ciudadanía',
      id_number: '1.098.765',
      age: 27,
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: '3001234567',
      email: 'mjnunez@correo.co',
      institution: null,
      purposes: 'Enseñar programación.\nY aprender.',
      activities: 'Tutorías',
      ...over,
    } as InboxRecordResponse['record'],
    contact: history.some((h) => h.event === 'contacto' || h.event === 'respuesta')
      ? { contacted: true, lastAt: history[0]!.at, count: history.filter((h) => h.event === 'contacto' || h.event === 'respuesta').length }
      : { contacted: false, lastAt: null, count: 0 },
    history,
    actions,
  }) as InboxRecordResponse;

const entry = (over: Partial<InboxRecordResponse['history'][number]>): InboxRecordResponse['history'][number] => ({
  id: '1',
  event: 'contacto',
  at: '2026-03-04T15:10:00.000Z',
  by: 'ana@fundacion.org',
  channel: 'telefono',
  note: null,
  subject: null,
  body: null,
  fields: [],
  attachments: [],
  ...over,
});
const call1 = entry({ id: '1', channel: 'telefono', note: 'No contestó.' });
const call2 = entry({ id: '2', channel: 'whatsapp', note: 'Vendrá el sábado.', at: '2026-03-05T15:10:00.000Z' });

function renderRecord(props: { kind?: string; id?: string }, answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  return renderAsStaff(<StaffCommunityRecord {...props} />, answers);
}

describe('a community record', () => {
  it('shows every field with its label, links to write, call and WhatsApp, the pending state, and is axe-clean', async () => {
    const { container } = renderRecord({ kind: 'voluntarios', id: '12' }, { [RECORD]: ok(volunteer()) });
    const fields = await screen.findByRole('region', { name: 'Datos del registro' });
    const pairs = within(fields)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Nombres', 'María José'],
      ['Apellidos', 'Núñez Güiza'],
      ['Tipo de documento', 'Cédula de ciudadanía'],
      ['Número de documento', '1.098.765'],
      ['Edad', '27'],
      ['Dirección', 'Calle 10 # 5-20, Bogotá'],
      ['Teléfono', '3001234567WhatsApp'],
      ['Correo electrónico', 'mjnunez@correo.co'],
      ['Institución', '(sin dato)'],
      ['Por qué quiere ser voluntario', 'Enseñar programación.\nY aprender.'],
      ['Actividades que le gustaría realizar', 'Tutorías'],
    ]);
    expect(screen.getByRole('link', { name: 'Escribir a mjnunez@correo.co' }).getAttribute('href')).toBe('mailto:mjnunez@correo.co');
    expect(screen.getByRole('link', { name: 'Llamar al 3001234567' }).getAttribute('href')).toBe('tel:+573001234567');
    expect(screen.getByRole('link', { name: 'WhatsApp al 3001234567' }).getAttribute('href')).toBe('https://wa.me/573001234567');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Voluntario n.º 12');
    expect(screen.getByText('Registrado el 2 de marzo de 2026, 14:32.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Voluntarios' }).getAttribute('href')).toBe('/equipo/comunidad/voluntarios');
    expect(screen.getByText('Pendiente de contactar: nadie ha registrado un contacto con esta persona.')).toBeTruthy();
    expect(screen.getByText('Todavía no hay nada en el historial.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows a subscriber’s subscription, never a contact state, and offers no contact or reply', async () => {
    renderRecord(
      { kind: 'boletin', id: '5' },
      {
        'GET /api/community/staff/inbox/boletin/5': ok({
          kind: 'boletin',
          id: '5',
          createdAt: '2026-03-02T19:32:00.000Z',
          record: { email: 'lector@example.com', status: 'confirmed' },
          contact: null,
          history: [],
          actions: {
            contact: { allowed: false, reason: 'x' },
            reply: { allowed: false, reason: 'x' },
            correct: { allowed: false, reason: 'x' },
            remove: allowed,
          },
        }),
      },
    );
    expect(await screen.findByText('Estado en el boletín: Confirmado.')).toBeTruthy();
    expect(screen.queryByText(/Pendiente de contactar|Contactado/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Registrar un contacto' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Responder por correo' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Eliminar el registro' })).toBeTruthy();
  });

  it('adds a second contact by keyboard; the history keeps both, newest first, with channel, who and when', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      { [RECORD]: ok(volunteer([call1])), [CONTACT]: ok(volunteer([call2, call1])) },
    );
    await screen.findByText(/^Contactado: 1 contacto/);
    await user.selectOptions(screen.getByLabelText(/^Canal/), 'WhatsApp');
    await user.click(screen.getByLabelText(/^Nota \(opcional\)/));
    await user.keyboard('Vendrá el sábado.');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guardar el contacto' }));
    await user.keyboard('{Enter}');
    const news = await screen.findByText('Se guardó el contacto en el historial.');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      body: { channel: 'whatsapp', note: 'Vendrá el sábado.' },
      token: 'token-de-ana',
    });
    const history = within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      'Contacto por WhatsApp 5 de marzo de 2026, 10:10, por ana@fundacion.orgVendrá el sábado.',
      'Contacto por Teléfono 4 de marzo de 2026, 10:10, por ana@fundacion.orgNo contestó.',
    ]);
    expect(screen.getByText(/^Contactado: 2 contactos, el último el 5 de marzo de 2026/)).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('refuses a contact without a channel on its field', async () => {
    const user = userEvent.setup();
    const { calls } = renderRecord({ kind: 'voluntarios', id: '12' }, { [RECORD]: ok(volunteer()) });
    await user.click(await screen.findByRole('button', { name: 'Guardar el contacto' }));
    expect(await screen.findAllByText(/^Elige por dónde fue el contacto/)).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('previews the reply as the server renders it, sends it only after that, and shows it in the history', async () => {
    const user = userEvent.setup();
    const sentEntry = entry({ id: '3', event: 'respuesta', channel: 'correo', subject: 'Tu voluntariado', body: 'Te esperamos.' });
    const { calls, container } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      {
        [RECORD]: ok(volunteer()),
        [PREVIEW]: ok({ subject: 'Tu voluntariado - Fundación', text: 'Hola:\n\nTe esperamos.\n\nCon cariño,' }),
        [REPLY]: ok(volunteer([sentEntry])),
      },
    );
    await user.type(await screen.findByLabelText(/^Asunto/), 'Tu voluntariado');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Te esperamos.');
    await user.click(screen.getByRole('button', { name: 'Revisar el correo' }));
    const preview = await screen.findByRole('heading', { name: 'Así se verá el correo' });
    await waitFor(() => expect(document.activeElement).toBe(preview));
    expect(screen.getByText('Tu voluntariado - Fundación')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/respuesta'))).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Enviar el correo' }));
    const news = await screen.findByText('Se envió el correo y quedó en el historial.');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.find((c) => c.path.endsWith('/respuesta'))).toMatchObject({ body: { subject: 'Tu voluntariado', body: 'Te esperamos.' } });
    const history = within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    expect(history[0]!.textContent).toContain('Respuesta por correo');
    expect(history[0]!.textContent).toContain('Asunto: Tu voluntariado');
  });

  it('sends a reply with a file uploaded for it, lists the file in the history, and downloads it by the staff API', async () => {
    const user = userEvent.setup();
    const file = {
      id: '21',
      name: 'carta.pdf',
      kind: 'pdf',
      size: 2048,
      at: '2026-03-05T15:00:00.000Z',
      actorEmail: 'ana@fundacion.org',
      part: 'respuesta',
      noteId: '3',
    };
    const sentEntry = entry({
      id: '3',
      event: 'respuesta',
      channel: 'correo',
      subject: 'Tu carta',
      body: 'Adjunta.',
      attachments: [file],
    });
    const ATTACHMENTS = '/api/community/staff/inbox/voluntarios/12/adjuntos';
    const { calls, container } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      {
        [RECORD]: ok(volunteer()),
        [`POST ${ATTACHMENTS}`]: ok({ id: '21', name: 'carta.pdf', kind: 'pdf', size: 2048 }, 201),
        [PREVIEW]: ok({ subject: 'Tu carta - Fundación', text: 'Hola:\n\nAdjunta.' }),
        [REPLY]: ok(volunteer([sentEntry])),
      },
    );
    await user.type(await screen.findByLabelText(/^Asunto/), 'Tu carta');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Adjunta.');
    const reply = screen.getByRole('region', { name: 'Responder por correo' });
    await user.upload(
      within(reply).getByLabelText('Adjuntar archivos (opcional)'),
      new File(['%PDF-1.4 carta'], 'carta.pdf', { type: 'application/pdf' }),
    );
    expect(await within(reply).findByRole('button', { name: 'Quitar carta.pdf' })).toBeTruthy();
    expect(within(reply).getByText(/los enlaces vencen en 30 días/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revisar el correo' }));
    expect(await screen.findByText('Se enviará con 1 archivo adjunto.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Enviar el correo' }));
    await screen.findByText('Se envió el correo y quedó en el historial.');
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/respuesta'))?.body).toEqual({
      subject: 'Tu carta',
      body: 'Adjunta.',
      attachments: ['21'],
    });
    const history = screen.getByRole('region', { name: 'Historial' });
    await user.click(within(history).getByRole('button', { name: 'Descargar carta.pdf' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'GET', path: `${ATTACHMENTS}/21` }));
    // The form is empty again: the next reply starts without files.
    expect(within(reply).queryByRole('button', { name: 'Quitar carta.pdf' })).toBeNull();
  });

  it('"Volver a editar" leaves the preview unsent and puts focus back on the message', async () => {
    const user = userEvent.setup();
    const { calls } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      { [RECORD]: ok(volunteer()), [PREVIEW]: ok({ subject: 'S - F', text: 'Hola:' }) },
    );
    await user.type(await screen.findByLabelText(/^Asunto/), 'S');
    await user.type(screen.getByLabelText(/^Mensaje/), 'x');
    await user.click(screen.getByRole('button', { name: 'Revisar el correo' }));
    await user.click(await screen.findByRole('button', { name: 'Volver a editar' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Mensaje/));
    expect(calls.filter((c) => c.path.endsWith('/respuesta'))).toEqual([]);
  });

  it('corrects fields with the form’s own messages, then says which fields changed', async () => {
    const user = userEvent.setup();
    const corrected = entry({ id: '4', event: 'correccion', channel: null, fields: ['Correo electrónico'] });
    const { calls } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      { [RECORD]: ok(volunteer()), [CORRECT]: ok(volunteer([corrected], { email: 'nuevo@correo.co' })) },
    );
    await user.click(await screen.findByRole('button', { name: 'Corregir datos' }));
    const email = screen.getByLabelText(/^Correo electrónico/);
    await user.clear(email);
    await user.type(email, 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Guardar la corrección' }));
    expect(await screen.findAllByText('Ingresa un correo electrónico válido')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.clear(email);
    await user.type(email, 'nuevo@correo.co');
    await user.click(screen.getByRole('button', { name: 'Guardar la corrección' }));
    const news = await screen.findByText('Se guardó la corrección.');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { email: 'nuevo@correo.co', institution: null, age: 27 } });
    expect(screen.getByText('Campos corregidos: Correo electrónico.')).toBeTruthy();
  });

  it('removes only after a confirmation that takes focus; "no" keeps it; then says what is left', async () => {
    const user = userEvent.setup();
    const { calls } = renderRecord(
      { kind: 'voluntarios', id: '12' },
      {
        [RECORD]: ok(volunteer()),
        [REMOVE]: ok({ kind: 'voluntarios', id: '12', at: '2026-03-06T15:10:00.000Z', by: 'ana@fundacion.org', reason: 'duplicado' }),
      },
    );
    await user.selectOptions(await screen.findByLabelText(/^Motivo/), 'Registro duplicado');
    await user.click(screen.getByRole('button', { name: 'Eliminar…' }));
    const question = screen.getByRole('heading', { name: '¿Eliminar este registro?' });
    expect(document.activeElement).toBe(question);
    await user.click(screen.getByRole('button', { name: 'No, conservarlo' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Motivo/));
    expect(calls.filter((c) => c.path.endsWith('/eliminar'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar…' }));
    await user.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
    const news = await screen.findByText(/^Se eliminó el registro el 6 de marzo de 2026/);
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.find((c) => c.path.endsWith('/eliminar'))).toMatchObject({ body: { reason: 'duplicado' } });
    expect(screen.queryByRole('region', { name: 'Datos del registro' })).toBeNull();
  });

  it('says when a record was removed', async () => {
    renderRecord(
      { kind: 'voluntarios', id: '12' },
      { [RECORD]: apiError(410, 'gone', 'Este registro se eliminó el 6 de marzo de 2026, 10:10; sus datos personales se borraron.') },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este registro se eliminó el 6 de marzo de 2026, 10:10; sus datos personales se borraron.',
    );
  });

  it('says a record does not exist when the server has no such id', async () => {
    const { calls } = renderRecord(
      { kind: 'voluntarios', id: '99' },
      { 'GET /api/community/staff/inbox/voluntarios/99': apiError(404, 'not_found', 'x') },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos ese registro. Puede que el enlace esté incompleto.');
    expect(calls).toHaveLength(1);
  });

  it('asks nothing of the server for a kind or id that cannot exist', async () => {
    const { calls } = renderRecord({ kind: 'pqrsf', id: '../x' }, {});
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos ese registro');
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Volver a Comunidad' }).getAttribute('href')).toBe('/equipo/comunidad');
  });

  it('saves nothing after the session ended, and says so', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffCommunityRecord kind="voluntarios" id="12" />,
      { [RECORD]: ok(volunteer()), [CONTACT]: ok(volunteer([call1])) },
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    await user.selectOptions(await screen.findByLabelText(/^Canal/), 'Teléfono');
    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Guardar el contacto' }));
    expect(await screen.findByText('Tu sesión terminó. Vuelve a iniciar sesión.')).toBeTruthy();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });
});

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
const MARK = 'PUT /api/community/staff/inbox/voluntarios/12/contacto';
const UNMARK = 'DELETE /api/community/staff/inbox/voluntarios/12/contacto';

const volunteer = (contacted: InboxRecordResponse['contacted'] = null): InboxRecordResponse => ({
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
  },
  contacted,
});

const mark = { at: '2026-03-04T15:10:00.000Z', by: 'ana@fundacion.org', note: 'Llamé; vendrá el sábado.' };

function renderRecord(props: { kind?: string; id?: string }, answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  return renderAsStaff(<StaffCommunityRecord {...props} />, answers);
}

describe('a community record', () => {
  it('shows every field as filed, with its label, empty ones said, and a way back to the list', async () => {
    const { container } = renderRecord({ kind: 'voluntarios', id: '12' }, { [RECORD]: ok(volunteer()) });
    const fields = await screen.findByRole('region', { name: 'Datos tal como se enviaron' });
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
      ['Teléfono', '3001234567'],
      ['Correo electrónico', 'mjnunez@correo.co'],
      ['Institución', '(sin dato)'],
      ['Por qué quiere ser voluntario', 'Enseñar programación.\nY aprender.'],
      ['Actividades que le gustaría realizar', 'Tutorías'],
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Voluntario n.º 12');
    expect(screen.getByText('Registrado el 2 de marzo de 2026, 14:32.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Voluntarios' }).getAttribute('href')).toBe('/equipo/comunidad/voluntarios');
    expect(screen.getByText('Pendiente: nadie ha marcado este registro como contactado.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('names the workshop of an inquiry', async () => {
    renderRecord(
      { kind: 'talleres', id: '4' },
      {
        'GET /api/community/staff/inbox/talleres/4': ok({
          kind: 'talleres',
          id: '4',
          createdAt: '2026-03-02T19:32:00.000Z',
          record: {
            workshop: 'arte-de-amarte',
            full_name: 'Marta Ruiz',
            first_name: null,
            last_name: null,
            phone_number: '3201234567',
            email: 'marta@example.com',
            guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
            occupation: null,
            empowerment_course: null,
            referral_source: null,
            comments_query: '¿Pueden venir?',
          },
          contacted: null,
        }),
      },
    );
    const taller = await screen.findByText('Taller');
    expect(taller.nextElementSibling?.textContent).toBe('Arte de Amarte');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Consulta de taller n.º 4');
  });

  it('marks it contacted with a note by keyboard, then shows who and when, with focus on the news', async () => {
    const user = userEvent.setup();
    const { calls } = renderRecord({ kind: 'voluntarios', id: '12' }, { [RECORD]: ok(volunteer()), [MARK]: ok(volunteer(mark)) });
    const note = await screen.findByLabelText(/^Nota \(opcional\)/);
    await user.click(note);
    await user.keyboard('Llamé; vendrá el sábado.');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Marcar como contactado' }));
    await user.keyboard('{Enter}');
    const news = await screen.findByText('Quedó marcado como contactado.');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { note: 'Llamé; vendrá el sábado.' }, token: 'token-de-ana' });
    expect(screen.getByText('Contactado el 4 de marzo de 2026, 10:10 por ana@fundacion.org.')).toBeTruthy();
    expect(screen.getByText('Nota del contacto').nextElementSibling?.textContent).toBe('Llamé; vendrá el sábado.');
    expect(screen.getByRole('button', { name: 'Actualizar la marca y la nota' })).toBeTruthy();
  });

  it('undoes the mark only after a confirmation that takes focus, and "no" keeps it', async () => {
    const user = userEvent.setup();
    const { calls } = renderRecord({ kind: 'voluntarios', id: '12' }, { [RECORD]: ok(volunteer(mark)), [UNMARK]: ok(volunteer()) });
    await user.click(await screen.findByRole('button', { name: 'Quitar la marca de contactado' }));
    const question = screen.getByRole('heading', { name: '¿Quitar la marca de contactado?' });
    expect(document.activeElement).toBe(question);
    await user.click(screen.getByRole('button', { name: 'No, dejarla' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.queryByRole('heading', { name: '¿Quitar la marca de contactado?' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Quitar la marca de contactado' }));
    await user.click(screen.getByRole('button', { name: 'Sí, quitar la marca' }));
    const news = await screen.findByText('Se quitó la marca: el registro quedó pendiente.');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('Pendiente: nadie ha marcado este registro como contactado.')).toBeTruthy();
    expect((screen.getByLabelText(/^Nota \(opcional\)/) as HTMLTextAreaElement).value).toBe('');
  });

  it('puts a refused note back on its field', async () => {
    const user = userEvent.setup();
    renderRecord(
      { kind: 'voluntarios', id: '12' },
      {
        [RECORD]: ok(volunteer()),
        [MARK]: apiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', {
          note: 'Nota rechazada por el servidor.',
        }),
      },
    );
    await user.type(await screen.findByLabelText(/^Nota \(opcional\)/), 'x');
    await user.click(screen.getByRole('button', { name: 'Marcar como contactado' }));
    expect(await screen.findAllByText('Nota rechazada por el servidor.')).not.toHaveLength(0);
    expect(screen.getByText('Pendiente: nadie ha marcado este registro como contactado.')).toBeTruthy();
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

  it('loads nothing once the session has ended, and says so', async () => {
    const { calls } = renderAsStaff(<StaffCommunityRecord kind="voluntarios" id="12" />, { [RECORD]: ok(volunteer()) }, undefined, {
      ...staffSession,
      getIdToken: async () => null,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Tu sesión terminó. Vuelve a iniciar sesión.');
    expect(calls).toEqual([]);
  });

  it('marks and undoes nothing after the session ended, and says so', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffCommunityRecord kind="voluntarios" id="12" />,
      { [RECORD]: ok(volunteer(mark)), [MARK]: ok(volunteer(mark)), [UNMARK]: ok(volunteer()) },
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    await screen.findByRole('button', { name: 'Actualizar la marca y la nota' });
    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Actualizar la marca y la nota' }));
    expect(await screen.findByText('Tu sesión terminó. Vuelve a iniciar sesión.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Quitar la marca de contactado' }));
    await user.click(screen.getByRole('button', { name: 'Sí, quitar la marca' }));
    await waitFor(() => expect(screen.getAllByText('Tu sesión terminó. Vuelve a iniciar sesión.')).toHaveLength(2));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });
});

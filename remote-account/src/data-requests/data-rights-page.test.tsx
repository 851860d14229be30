/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import { createAppStore, type AuthUser } from 'shared/store';
import { axeViolations } from 'shared/ui/staff/testing';
import { dataRightsOperations as ops } from './operations';
import DataRightsPage from './data-rights-page';

const sentMessage = 'Te enviamos un código de 6 dígitos a ese correo. Escríbelo abajo para radicar tu solicitud; vence en 15 minutos.';

function open(operations: ScriptedOperation[], user?: AuthUser) {
  const fake = fakeOperations(...operations);
  const store = createAppStore(user ? { auth: { user, isAuthenticated: true, loginTime: Date.now(), notice: null } } : undefined);
  const view = render(
    <Provider store={store}>
      <ApiClientProvider client={fake.client}>
        <DataRightsPage />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, ...view };
}

async function fillRequest(user: ReturnType<typeof userEvent.setup>, kind: RegExp = /Conocer mis datos/) {
  await user.click(screen.getByRole('radio', { name: kind }));
  await user.type(screen.getByLabelText(/^Cuéntanos tu solicitud/), 'Quiero saber qué datos tienen.');
  await user.type(screen.getByLabelText(/^Nombre completo/), 'Martina Ñáñez');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'martina@example.com');
}

describe('the data subject’s request page (/datos-personales)', () => {
  it('asks for the kind, the request and the e-mail, sends a code, files only with it, and shows the radicado and due date', async () => {
    const user = userEvent.setup();
    const { calls, container } = open([
      on(ops.dataRequestCode, ok({ success: true, message: sentMessage, minutes: 15 })),
      on(
        ops.fileDataRequest,
        apiError(400, 'code_invalid', 'El código no es correcto. Te quedan 4 intentos.', {
          code: 'El código no es correcto. Te quedan 4 intentos.',
        }),
        ok(
          {
            success: true,
            radicado: 'DP-2026-000007',
            kind: 'acceso',
            createdAt: '2026-03-16T15:00:00.000Z',
            dueDate: '2026-03-31',
            termDays: 10,
          },
          201,
        ),
      ),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tus datos personales' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /¿Qué quieres pedir\?/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lee nuestra política de tratamiento de datos' }).getAttribute('href')).toBe(
      '/politica-de-privacidad',
    );
    expect(await axeViolations(container)).toEqual([]);

    // Nothing chosen: the summary lists the kind first, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Elige qué quieres pedir.');
    expect(calls).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);

    await fillRequest(user);
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    const heading = await screen.findByRole('heading', { name: 'Escribe el código' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(sentMessage)).toBeTruthy();
    // Only the address travels with the code request: nothing the visitor wrote goes in that e-mail.
    expect(calls).toEqual([
      { method: 'POST', path: '/api/account/data-requests/codigo', body: { email: 'martina@example.com' }, token: undefined },
    ]);
    expect(await axeViolations(container)).toEqual([]);

    await user.type(screen.getByLabelText(/^Código de 6 dígitos/), '111111');
    await user.click(screen.getByRole('button', { name: 'Radicar mi solicitud' }));
    expect((await screen.findAllByText('El código no es correcto. Te quedan 4 intentos.')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText(/^Código de 6 dígitos/));
    await user.type(screen.getByLabelText(/^Código de 6 dígitos/), '123456');
    await user.click(screen.getByRole('button', { name: 'Radicar mi solicitud' }));

    const done = await screen.findByRole('heading', { name: 'Radicamos tu solicitud' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByTestId('radicado').textContent).toBe('DP-2026-000007');
    expect(screen.getByText('31 de marzo de 2026 (10 días hábiles)')).toBeTruthy();
    expect(screen.getByText('Acceso a mis datos (consulta)')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: '/api/account/data-requests',
      body: {
        kind: 'acceso',
        details: 'Quiero saber qué datos tienen.',
        name: 'Martina Ñáñez',
        email: 'martina@example.com',
        code: '123456',
      },
    });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('asks what to correct for a correction, keeps the values when going back, and says when codes were asked too often', async () => {
    const user = userEvent.setup();
    const { calls } = open([
      on(
        ops.dataRequestCode,
        ok({ success: true, message: sentMessage, minutes: 15 }),
        apiError(429, 'too_many_codes', 'Pediste varios códigos seguidos. Espera unos minutos antes de pedir otro.'),
      ),
    ]);
    await fillRequest(user, /Corregir o actualizar/);
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    expect((await screen.findAllByText('Escribe qué datos debemos corregir o actualizar, y cómo deben quedar.')).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(/^Qué debemos corregir/), 'Mi apellido es Ñáñez.');
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    await screen.findByRole('heading', { name: 'Escribe el código' });

    await user.click(screen.getByRole('button', { name: 'Enviar otro código' }));
    expect(await screen.findByText('Pediste varios códigos seguidos. Espera unos minutos antes de pedir otro.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cambiar mis datos' }));
    expect((screen.getByLabelText(/^Qué debemos corregir/) as HTMLTextAreaElement).value).toBe('Mi apellido es Ñáñez.');
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('martina@example.com');
    expect((screen.getByRole('radio', { name: /Corregir o actualizar/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('opened from a code e-mail’s link, files with the link instead of a code, takes it out of the address bar, and falls back to the code when the server refuses it', async () => {
    const LINK = 'A'.repeat(42) + 'b';
    window.history.replaceState(null, '', `/datos-personales?token=${LINK}`);
    const user = userEvent.setup();
    const refused =
      'Este enlace ya no sirve: se usó, venció o es de otro correo. Escribe el correo al que te llegó el enlace, o pide un código nuevo.';
    const { calls, container } = open([
      on(
        ops.fileDataRequest,
        apiError(400, 'link_invalid', refused),
        ok(
          {
            success: true,
            radicado: 'DP-2026-000008',
            kind: 'acceso',
            createdAt: '2026-03-16T15:00:00.000Z',
            dueDate: '2026-03-31',
            termDays: 10,
          },
          201,
        ),
      ),
      on(ops.dataRequestCode, ok({ success: true, message: sentMessage, minutes: 15 })),
    ]);
    expect(screen.getByText(/Abriste el enlace del correo que te enviamos/)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await axeViolations(container)).toEqual([]);
    await fillRequest(user);
    await user.click(screen.getByRole('button', { name: 'Radicar mi solicitud' }));
    expect((await screen.findAllByText(refused)).length).toBeGreaterThan(0);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/account/data-requests',
        body: {
          kind: 'acceso',
          details: 'Quiero saber qué datos tienen.',
          name: 'Martina Ñáñez',
          email: 'martina@example.com',
          link: LINK,
        },
        token: undefined,
      },
    ]);
    // Refused: the page asks for a code as usual.
    expect(screen.queryByText(/Abriste el enlace del correo/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    await screen.findByRole('heading', { name: 'Escribe el código' });
    expect(calls.at(-1)).toMatchObject({ path: '/api/account/data-requests/codigo' });
  });

  it('tells a signed-in visitor with a verified address that no code is needed, and fills in their name and e-mail', async () => {
    const user: AuthUser = { email: 'Martina@Example.com', name: 'Martina Ñáñez', phone_number: '', sub: 'abc', email_verified: true };
    open([], user);
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('martina@example.com');
    expect((screen.getByLabelText(/^Nombre completo/) as HTMLInputElement).value).toBe('Martina Ñáñez');
    expect(screen.getByText(/ya comprobado: no necesitas código/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Radicar mi solicitud' })).toBeTruthy();
    // Another address takes the code again.
    await userEvent.clear(screen.getByLabelText(/^Correo electrónico/));
    await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'otra@example.com');
    expect(screen.getByRole('button', { name: 'Enviarme el código' })).toBeTruthy();
  });
});

/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import type { StaffMeResponse } from './schemas';
import { useStaffSession } from 'shared/staff-session';
import { accountStaffOperations } from './operations';
import { staffInvitationOperations } from './invitation-operations';
import type * as StaffIdentity from './staff-identity';

type Identity = typeof StaffIdentity;

/** An ID token as the gate reads it (only the payload's e-mail; the server verifies tokens). */
const tokenFor = (email: string) => `h.${btoa(JSON.stringify({ email })).replace(/=+$/, '')}.s`;
const valid = (email: string) => ({ status: 'valid' as const, idToken: tokenFor(email), session: {} as never });

const identity = {
  login: jest.fn<Identity['login']>(),
  completeNewPassword: jest.fn<Identity['completeNewPassword']>(),
  answerTotp: jest.fn<Identity['answerTotp']>(),
  startTotpSetup: jest.fn<Identity['startTotpSetup']>(),
  finishTotpSetup: jest.fn<Identity['finishTotpSetup']>(),
  currentSession: jest.fn<Identity['currentSession']>(),
  logout: jest.fn<Identity['logout']>(),
  forgotPassword: jest.fn<Identity['forgotPassword']>(),
  confirmForgotPassword: jest.fn<Identity['confirmForgotPassword']>(),
  RESTART_SIGN_IN: 'RestartSignIn',
};
jest.unstable_mockModule('./staff-identity', () => identity);
const { default: StaffGate } = await import('./staff-gate');
const { axeViolations } = await import('./axe-testing');

const me = (over: Partial<{ email: string; name: string | null; admin: boolean; totp: boolean }> = {}) =>
  ok<StaffMeResponse>({ email: 'ana@fundacion.org', name: 'Ana Gómez', roles: ['atencion'], admin: false, totp: true, ...over });

/** What a staff screen inside the panel sees of the session. */
function Inside() {
  const session = useStaffSession();
  return (
    <div>
      <p>
        Dentro: {session.email} {session.admin ? 'admin' : 'equipo'}
      </p>
      <button type="button" onClick={() => void session.signOut()}>
        Salir del panel
      </button>
    </div>
  );
}

function renderGate(operations: ScriptedOperation[]) {
  const fake = fakeOperations(...operations);
  render(
    <ApiClientProvider client={fake.client}>
      <StaffGate>
        <Inside />
      </StaffGate>
    </ApiClientProvider>,
  );
  return fake;
}

beforeEach(() => {
  for (const fn of Object.values(identity)) if (typeof fn === 'function') fn.mockReset();
  identity.currentSession.mockResolvedValue({ status: 'none' });
  identity.logout.mockResolvedValue(undefined);
});

describe('StaffGate: signing in', () => {
  it('asks for e-mail and password, then the authenticator code, then lets the member in', async () => {
    const user = userEvent.setup();
    const fake = renderGate([on(accountStaffOperations.me, me())]);
    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // The kit's error summary lists what is missing, linked to the fields.
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Escribe tu correo.', 'Escribe tu contraseña.']);
    expect(identity.login).not.toHaveBeenCalled();

    identity.login.mockResolvedValue({ success: false, error: 'Error al iniciar sesión', code: 'SOFTWARE_TOKEN_MFA', needsTotp: true });
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'Ana@Fundacion.org');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(identity.login).toHaveBeenCalledWith('ana@fundacion.org', 'Clave-segura-1');

    // The code step: its heading takes focus; the field is made for one-time codes.
    const heading = await screen.findByRole('heading', { name: 'Código de verificación' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const code = screen.getByLabelText(/^Código de 6 dígitos/);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await axeViolations()).toEqual([]);

    identity.answerTotp.mockResolvedValueOnce({
      success: false,
      error: 'El código no es correcto o ya cambió. Escribe el código que muestra ahora tu aplicación.',
      code: 'CodeMismatchException',
    });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/El código no es correcto/)).toBeTruthy();
    expect(screen.queryByText(/Dentro:/)).toBeNull();

    identity.answerTotp.mockResolvedValueOnce({ success: true, user: {} as never });
    identity.currentSession.mockResolvedValue(valid('ana@fundacion.org'));
    await user.type(screen.getByLabelText(/^Código de 6 dígitos/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Dentro: ana@fundacion.org equipo')).toBeTruthy();
    expect(identity.answerTotp).toHaveBeenLastCalledWith('123456');
    expect(fake.calls.at(-1)).toMatchObject({ path: '/api/account/staff/me', token: tokenFor('ana@fundacion.org') });
  });

  it('resets a forgotten password by an e-mailed code, saying the same for any address, then back to password and code', async () => {
    const user = userEvent.setup();
    renderGate([on(accountStaffOperations.me, me())]);
    await user.type(await screen.findByLabelText(/^Correo electrónico/), 'nadie@fundacion.org');
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    let heading = await screen.findByRole('heading', { name: 'Recupera tu contraseña del panel' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('nadie@fundacion.org');
    expect(await axeViolations()).toEqual([]);

    // An address with no account reads exactly like one with an account: on to the code, nothing said.
    identity.forgotPassword.mockResolvedValueOnce({
      success: false,
      error: 'No encontramos una cuenta con ese correo.',
      code: 'UserNotFoundException',
    });
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    heading = await screen.findByRole('heading', { name: 'Crea una contraseña nueva' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const unknownIntro = heading.nextElementSibling?.textContent;
    expect(unknownIntro).toBe(
      'Si nadie@fundacion.org tiene una cuenta, le enviamos un código de 6 dígitos (revisa también la carpeta de spam). Escríbelo junto con tu nueva contraseña.',
    );
    identity.confirmForgotPassword.mockResolvedValueOnce({
      success: false,
      error: 'No encontramos una cuenta con ese correo.',
      code: 'UserNotFoundException',
    });
    await user.type(screen.getByLabelText(/^Código de verificación/), '123456');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'NuevaClave1');
    await user.type(screen.getByLabelText(/^Confirma la nueva contraseña/), 'NuevaClave1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Código de confirmación inválido')).toBeTruthy();
    expect(screen.queryByText(/No encontramos/)).toBeNull();
    expect(identity.confirmForgotPassword).toHaveBeenCalledWith('nadie@fundacion.org', '123456', 'NuevaClave1');
    await user.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));

    // A member's address: the same steps and words; trouble that is not about the address is still said.
    await user.clear(await screen.findByLabelText(/^Correo electrónico/));
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@fundacion.org');
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    identity.forgotPassword.mockResolvedValueOnce({
      success: false,
      error: 'Error de conexión. Por favor intenta nuevamente.',
      code: 'NetworkError',
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Error de conexión. Por favor intenta nuevamente.')).toBeTruthy();
    identity.forgotPassword.mockResolvedValueOnce({ success: true });
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    heading = await screen.findByRole('heading', { name: 'Crea una contraseña nueva' });
    expect(heading.nextElementSibling?.textContent).toBe(unknownIntro?.replace('nadie@', 'ana@'));
    identity.confirmForgotPassword.mockResolvedValueOnce({ success: true });
    await user.type(screen.getByLabelText(/^Código de verificación/), '654321');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'NuevaClave2');
    await user.type(screen.getByLabelText(/^Confirma la nueva contraseña/), 'NuevaClave2');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    // Back at the door, with what happened said and the address kept: password, then the authenticator's code.
    heading = await screen.findByRole('heading', { name: 'Inicia sesión' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/^Cambiamos tu contraseña: las sesiones que tenías abiertas en el panel ya no sirven/)).toBeTruthy();
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('ana@fundacion.org');
    identity.login.mockResolvedValue({ success: false, error: 'x', code: 'SOFTWARE_TOKEN_MFA', needsTotp: true });
    await user.type(screen.getByLabelText(/^Contraseña/), 'NuevaClave2');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { name: 'Código de verificación' })).toBeTruthy();
    // Someone who lost the phone is told whom to ask.
    expect(screen.getByText(/Pide a un administrador del equipo que restablezca tu verificación en dos pasos/)).toBeTruthy();
    expect(identity.login).toHaveBeenCalledWith('ana@fundacion.org', 'NuevaClave2');
  });

  it("takes an invited member's new password before going on", async () => {
    const user = userEvent.setup();
    renderGate([on(accountStaffOperations.me, me({ admin: true }))]);
    identity.login.mockResolvedValue({ success: false, error: 'x', code: 'NEW_PASSWORD_REQUIRED', needsNewPassword: true });
    await user.type(await screen.findByLabelText(/^Correo electrónico/), 'ana@fundacion.org');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Temporal2345');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const heading = await screen.findByRole('heading', { name: 'Crea tu contraseña' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    identity.completeNewPassword.mockResolvedValue({ success: true, user: {} as never });
    identity.currentSession.mockResolvedValue(valid('ana@fundacion.org'));
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'NuevaClave1');
    await user.type(screen.getByLabelText(/^Confirma la nueva contraseña/), 'NuevaClave1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Dentro: ana@fundacion.org admin')).toBeTruthy();
    expect(identity.completeNewPassword).toHaveBeenCalledWith('NuevaClave1');
  });

  it('goes back to the password when the provider ended the sign-in attempt', async () => {
    const user = userEvent.setup();
    renderGate([]);
    identity.login.mockResolvedValue({ success: false, error: 'x', code: 'SOFTWARE_TOKEN_MFA', needsTotp: true });
    await user.type(await screen.findByLabelText(/^Correo electrónico/), 'ana@fundacion.org');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    identity.answerTotp.mockResolvedValue({
      success: false,
      error: 'Pasó demasiado tiempo. Inicia sesión de nuevo.',
      code: 'RestartSignIn',
    });
    await user.type(await screen.findByLabelText(/^Código de 6 dígitos/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    const heading = await screen.findByRole('heading', { name: 'Inicia sesión' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Pasó demasiado tiempo. Inicia sesión de nuevo.')).toBeTruthy();
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('ana@fundacion.org');
  });
});

describe('StaffGate: who gets in', () => {
  it('tells a signed-in visitor the account is not on the team, and signs them out', async () => {
    const user = userEvent.setup();
    identity.currentSession.mockResolvedValue(valid('visitante@correo.co'));
    renderGate([on(accountStaffOperations.me, apiError(403, 'forbidden', 'Esta sección es solo para el equipo de la fundación.'))]);

    const heading = await screen.findByRole('heading', { name: 'Esta cuenta no pertenece al equipo' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/La cuenta visitante@correo.co no tiene acceso al panel/)).toBeTruthy();
    expect(screen.queryByText(/Dentro:/)).toBeNull();
    expect(await axeViolations()).toEqual([]);

    identity.currentSession.mockResolvedValue({ status: 'none' });
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Cerraste sesión en el panel.')).toBeTruthy();
    expect(identity.logout).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
  });

  it('opens straight into the panel with a remembered session, and signing out from inside clears it', async () => {
    const user = userEvent.setup();
    identity.currentSession.mockResolvedValue(valid('ana@fundacion.org'));
    renderGate([on(accountStaffOperations.me, me())]);
    expect(await screen.findByText('Dentro: ana@fundacion.org equipo')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Salir del panel' }));
    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
    expect(identity.logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Dentro:/)).toBeNull();
  });

  it('says when the panel cannot be reached, and tries again', async () => {
    const user = userEvent.setup();
    identity.currentSession.mockResolvedValue(valid('ana@fundacion.org'));
    renderGate([on(accountStaffOperations.me, apiError(503, 'staff_check_unavailable', 'No pudimos comprobar tu acceso al panel.'), me())]);
    expect(await screen.findByText('No pudimos comprobar tu acceso al panel.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Dentro: ana@fundacion.org equipo')).toBeTruthy();
  });
});

describe('StaffGate: first visit without an authenticator', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('shows a QR code and the secret in groups of 4, verifies the first code, then lets the member in', async () => {
    const user = userEvent.setup();
    identity.currentSession.mockResolvedValue(valid('nuevo@fundacion.org'));
    identity.startTotpSetup.mockResolvedValue({ success: true, secret });
    const fake = renderGate([
      on(
        accountStaffOperations.me,
        me({ email: 'nuevo@fundacion.org', totp: false }),
        apiError(401, 'sign_in_again', 'Por seguridad cerramos las sesiones anteriores de tu cuenta.'),
      ),
    ]);

    const qr = await screen.findByRole('img', { name: /Código QR para agregar nuevo@fundacion.org/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const heading = screen.getByRole('heading', { name: 'Configura la verificación en dos pasos' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Ábrela desde aquí/ });
    expect(link.getAttribute('href')).toBe(
      `otpauth://totp/Fundaci%C3%B3n%20Tejiendo%20Futuro:nuevo%40fundacion.org?secret=${secret}&issuer=Fundaci%C3%B3n%20Tejiendo%20Futuro`,
    );
    expect(identity.startTotpSetup).toHaveBeenCalledTimes(1);
    expect(await axeViolations()).toEqual([]);

    identity.finishTotpSetup.mockResolvedValueOnce({
      success: false,
      error: 'El código no es correcto.',
      code: 'EnableSoftwareTokenMFAException',
    });
    await user.type(screen.getByLabelText(/^Código de 6 dígitos/), '000000');
    await user.click(screen.getByRole('button', { name: 'Activar la verificación' }));
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    expect(fake.calls).toHaveLength(1);

    // Set up: the server ends every older session (this one too), and the member signs in again with the code.
    identity.finishTotpSetup.mockResolvedValueOnce({ success: true });
    await user.type(screen.getByLabelText(/^Código de 6 dígitos/), '654321');
    await user.click(screen.getByRole('button', { name: 'Activar la verificación' }));
    expect(await screen.findByText(/Listo: la verificación en dos pasos quedó activa/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
    expect((screen.getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('nuevo@fundacion.org');
    expect(identity.logout).toHaveBeenCalled();
    expect(identity.finishTotpSetup).toHaveBeenLastCalledWith('654321');
    expect(fake.calls.map((c) => c.path)).toEqual(['/api/account/staff/me', '/api/account/staff/me']);
  });

  it('offers a retry when the setup cannot start', async () => {
    const user = userEvent.setup();
    identity.currentSession.mockResolvedValue(valid('nuevo@fundacion.org'));
    identity.startTotpSetup
      .mockResolvedValueOnce({
        success: false,
        error: 'No pudimos configurar la aplicación autenticadora.',
        code: 'InternalErrorException',
      })
      .mockResolvedValueOnce({ success: true, secret });
    renderGate([on(accountStaffOperations.me, me({ email: 'nuevo@fundacion.org', totp: false }))]);
    expect(await screen.findByText('No pudimos configurar la aplicación autenticadora.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('img', { name: /Código QR/ })).toBeTruthy();
  });
});

describe('StaffGate: an invitation link', () => {
  const token = 'T'.repeat(43);

  it('shows what the invitation gives, takes the name and a password, then signs in and goes to the authenticator', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', `/equipo/invitacion#${token}`);
    identity.login.mockResolvedValue({
      success: true,
      user: { email: 'nueva@fundacion.org', name: 'Nora Nueva', phone_number: '', sub: 's', email_verified: true },
    });
    identity.currentSession.mockResolvedValue(valid('nueva@fundacion.org'));
    identity.startTotpSetup.mockResolvedValue({ success: true, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const fake = renderGate([
      on(
        staffInvitationOperations.preview,
        ok({
          email: 'nueva@fundacion.org',
          name: 'Nora Nueva',
          roles: ['atencion', 'datos'],
          invitedBy: 'admin@fundacion.org',
          expiresAt: '2026-12-04T15:00:00.000Z',
          existingAccount: true,
        }),
      ),
      on(staffInvitationOperations.accept, ok({ email: 'nueva@fundacion.org', roles: ['atencion', 'datos'] }, 201)),
      on(accountStaffOperations.me, me({ email: 'nueva@fundacion.org', totp: false })),
    ]);
    const heading = await screen.findByRole('heading', { name: 'Acepta tu invitación al equipo' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The token leaves the address bar, and the page says what accepting does to the address's existing account.
    expect(window.location.hash).toBe('');
    expect(screen.getByText(/como nueva@fundacion.org, con el rol de Atención al ciudadano y Protección de datos/)).toBeTruthy();
    expect(screen.getByText(/Este correo ya tiene una cuenta en el sitio/)).toBeTruthy();
    expect((screen.getByLabelText(/^Tu nombre/) as HTMLInputElement).value).toBe('Nora Nueva');
    expect(await axeViolations()).toEqual([]);

    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Elegida2026');
    await user.type(screen.getByLabelText(/^Confirma la nueva contraseña/), 'Elegida2026');
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear mi contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Configura la verificación en dos pasos' })).toBeTruthy();
    expect(fake.calls.find((c) => c.path === '/api/account/staff-invitation/accept')).toMatchObject({
      body: { token, name: 'Nora Nueva', password: 'Elegida2026', confirmPassword: 'Elegida2026' },
    });
    expect(identity.login).toHaveBeenCalledWith('nueva@fundacion.org', 'Elegida2026');
  });

  it('says when a link no longer works', async () => {
    window.history.replaceState(null, '', `/equipo/invitacion#${'U'.repeat(43)}`);
    renderGate([on(staffInvitationOperations.preview, apiError(404, 'invitation_invalid', 'Este enlace de invitación no es válido.'))]);
    expect(await screen.findByText('Este enlace de invitación no es válido.')).toBeTruthy();
    expect(identity.login).not.toHaveBeenCalled();
  });
});

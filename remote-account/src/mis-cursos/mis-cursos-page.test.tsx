/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import type { SessionProvider } from 'shared/auth-session';
import type { CourseLink, Enrollment, EnrollmentsResponse } from './schemas';
import { createAppStore, signedIn, signedOut, type AuthUser } from 'shared/store';
import { accountOperations as ops } from './operations';

/** The visitor's session: its token, or none once it ended (the identity provider stays out of the test). */
const session = { token: 'token-de-martina' as string | null, logout: jest.fn<SessionProvider['logout']>() };
const provider: SessionProvider = { getIdToken: async () => session.token, logout: () => session.logout() };
jest.unstable_mockModule('../session/use-account-session', () => ({ useAccountSession: () => provider }));
const { default: MisCursosPage } = await import('./mis-cursos-page');

const user: AuthUser = {
  sub: 'sub-martina',
  email: 'martina@example.com',
  name: 'Martina Ñáñez',
  phone_number: '+573001234567',
  email_verified: true,
};
const enrolment: Enrollment = {
  id: 'INS-1',
  course_id: 'ia',
  course_name: 'Inteligencia artificial',
  module_name: 'Módulo 1',
  student_name: 'Martina',
  student_lastname: 'Ñáñez',
  payment_status: 'approved',
  enrollment_status: 'ACTIVE',
  created_at: '2026-03-16T15:00:00.000Z',
  payment_date: '2026-03-16T15:05:00.000Z',
  transaction_amount: 150000,
  certificate_available: true,
  start_date: null,
  invoice: null,
  credit_note: null,
  invoice_in_progress: true,
};

/** The courses the answer offers (the server takes them from the courses domain); the page shows them when the list is empty. */
const courses: CourseLink[] = [
  { title: 'Curso de prueba', url: '/curso-de-prueba' },
  { title: 'Otro curso', url: '/otro-curso' },
];

function open(operations: ScriptedOperation[], signedInAs: AuthUser | null = user) {
  const fake = fakeOperations(...operations);
  const store = createAppStore({
    auth: signedInAs
      ? { user: signedInAs, isAuthenticated: true, loginTime: Date.now(), notice: null }
      : { user: null, isAuthenticated: false, loginTime: null, notice: null },
  });
  opened = store;
  render(
    <Provider store={store}>
      <ApiClientProvider client={fake.client}>
        <MisCursosPage />
      </ApiClientProvider>
    </Provider>,
  );
  return fake;
}

let opened: ReturnType<typeof createAppStore> | null = null;

beforeEach(() => {
  session.token = 'token-de-martina';
  session.logout.mockReset();
});

describe('Mis Cursos (/mis-cursos)', () => {
  it('links to Mis donaciones, the signed-in donor’s gifts, in the account’s navigation', async () => {
    open([on(ops.enrollments, ok({ enrollments: [enrolment], courses }))]);
    const nav = screen.getByRole('navigation', { name: 'Tu cuenta' });
    expect(within(nav).getByRole('link', { name: 'Mis donaciones' }).getAttribute('href')).toBe('/mis-donaciones');
    await screen.findByRole('heading', { level: 2, name: 'Inteligencia artificial' });
  });

  it('asks a visitor without a session to sign in or register, and asks the server nothing', async () => {
    const fake = open([on(ops.enrollments, ok({ enrollments: [enrolment], courses }))], null);
    expect(screen.getByRole('heading', { level: 2, name: 'Ingresa para ver tus cursos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Crear una cuenta' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByText('Cargando tus cursos…')).toBeNull();
    await act(async () => undefined);
    expect(fake.calls).toEqual([]);
  });

  it('shows the list as soon as the visitor signs in, asking for it with their token', async () => {
    const fake = open([on(ops.enrollments, ok({ enrollments: [enrolment], courses }))], null);
    act(() => {
      opened?.dispatch(signedIn({ user, loginTime: Date.now() }));
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Inteligencia artificial' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ingresa para ver tus cursos' })).toBeNull();
    expect(fake.calls.map((c) => [c.method, c.path, c.token])).toEqual([['GET', '/api/account/enrollments', 'token-de-martina']]);
  });

  it("lists the visitor's enrolments and downloads a certificate, both with the session's token and none of the page's", async () => {
    const fake = open([on(ops.enrollments, ok({ enrollments: [enrolment], courses }))]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Inteligencia artificial' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar certificado (PDF)' }));
    // The fake's download answers nothing: the button says it could not.
    expect(await screen.findByText('No pudimos descargar el certificado. Intenta de nuevo en un momento.')).toBeTruthy();
    expect(fake.calls.map((c) => [c.method, c.path, c.token])).toEqual([
      ['GET', '/api/account/enrollments', 'token-de-martina'],
      ['GET', '/api/account/enrollments/INS-1/certificate', 'token-de-martina'],
    ]);
  });

  it('offers the completion certificate instead of the constancia once the course is completed (#31)', async () => {
    const fake = open([on(ops.enrollments, ok({ enrollments: [{ ...enrolment, enrollment_status: 'COMPLETED' }], courses }))]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar certificado de finalización (PDF)' }));
    expect(screen.queryByRole('button', { name: 'Descargar certificado (PDF)' })).toBeNull();
    expect(fake.calls.map((c) => c.path)).toEqual(['/api/account/enrollments', '/api/account/enrollments/INS-1/certificate']);
  });

  it('shows the electronic invoice with its CUFE and downloads it through the invoice operation, with the token', async () => {
    const invoice = { number: 'SETP990000042', cufe: 'a1b2c3'.repeat(16), issued_at: '2026-03-16T16:00:00.000Z' };
    const fake = open([on(ops.enrollments, ok({ enrollments: [{ ...enrolment, invoice }], courses }))]);
    const section = await screen.findByRole('region', { name: 'Factura electrónica SETP990000042' });
    expect(section.querySelector('code')?.textContent).toBe(invoice.cufe);
    expect(section.textContent).toContain('CUFE');
    expect(screen.queryByText('Tu factura electrónica está en trámite ante la DIAN.')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar factura (PDF)' }));
    expect(await screen.findByText('No pudimos descargar el PDF. Intenta de nuevo en un momento.')).toBeTruthy();
    expect(fake.calls.map((c) => [c.method, c.path, c.token])).toEqual([
      ['GET', '/api/account/enrollments', 'token-de-martina'],
      ['GET', '/api/account/enrollments/INS-1/factura?tipo=factura', 'token-de-martina'],
    ]);
  });

  it('says the invoice is on its way while DIAN has not validated it, and shows a credit note with its own download', async () => {
    const creditNote = { number: 'NC-7', cufe: 'cude-123', issued_at: '2026-04-01T16:00:00.000Z' };
    const refunded: Enrollment = {
      ...enrolment,
      id: 'INS-2',
      course_name: 'Desarrollo de software',
      payment_status: 'refunded',
      enrollment_status: 'COMPLETED',
      certificate_available: false,
      invoice: { number: 'SETP990000043', cufe: 'cufe-43', issued_at: '2026-03-16T16:00:00.000Z' },
      credit_note: creditNote,
    };
    const fake = open([on(ops.enrollments, ok({ enrollments: [enrolment, refunded], courses }))]);
    expect(await screen.findByText('Tu factura electrónica está en trámite ante la DIAN.')).toBeTruthy();
    // The refunded course stays, said in words (#31), without the certificate.
    const card = screen.getByRole('listitem', { name: 'Desarrollo de software' });
    expect(within(card).getByText('Reembolsado')).toBeTruthy();
    expect(within(card).getByText(/Te devolvimos el dinero de este curso/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /certificado/ })).toBeNull();
    const note = screen.getByRole('region', { name: 'Nota crédito NC-7' });
    expect(note.textContent).toContain('CUDE');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar nota crédito (PDF)' }));
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[1]!.path).toBe('/api/account/enrollments/INS-2/factura?tipo=nota');
  });

  it('links to the courses the answer offers when the visitor has no enrolments', async () => {
    open([on(ops.enrollments, ok({ enrollments: [], courses }))]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Aún no tienes cursos inscritos' })).toBeTruthy();
    const links = screen.getAllByRole('link').filter((a) => a.closest('.course-links'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Curso de prueba', '/curso-de-prueba'],
      ['Otro curso', '/otro-curso'],
    ]);
  });

  it('sends nothing once the session ended, and asks to sign in again', async () => {
    session.token = null;
    const fake = open([on(ops.enrollments, ok({ enrollments: [enrolment], courses }))]);
    expect(await screen.findByText(/Sesión expirada/)).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });

  it("never shows the previous person's list: on a shared browser, an answer that comes after they signed out is dropped", async () => {
    let answerMartina: (value: ReturnType<typeof ok<EnrollmentsResponse>>) => void = () => undefined;
    const pending = new Promise<ReturnType<typeof ok<EnrollmentsResponse>>>((resolve) => (answerMartina = resolve));
    const other: Enrollment = { ...enrolment, id: 'INS-2', course_name: 'Desarrollo de software', student_name: 'Julián' };
    open([on(ops.enrollments, () => pending, ok({ enrollments: [other], courses }))]);
    expect(await screen.findByText('Cargando tus cursos…')).toBeTruthy();
    // Martina signs out while her list is on its way; Julián signs in on the same browser.
    act(() => {
      opened?.dispatch(signedOut());
      session.token = 'token-de-julian';
      opened?.dispatch(
        signedIn({ user: { ...user, sub: 'sub-julian', email: 'julian@example.com', name: 'Julián' }, loginTime: Date.now() }),
      );
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Desarrollo de software' })).toBeTruthy();
    await act(async () => answerMartina(ok({ enrollments: [enrolment], courses })));
    expect(screen.queryByRole('heading', { level: 2, name: 'Inteligencia artificial' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Desarrollo de software' })).toBeTruthy();
  });

  it('ends the session here too when the server refuses its token', async () => {
    open([on(ops.enrollments, apiError(401, 'unauthorized', 'Inicia sesión.'))]);
    expect(await screen.findByText(/Sesión expirada/)).toBeTruthy();
    await waitFor(() => expect(session.logout).toHaveBeenCalled());
  });
});

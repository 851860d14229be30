/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeOperations, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import type { SessionProvider } from 'shared/auth-session';
import { createAppStore, type AuthUser } from 'shared/store';
import { axeViolations } from 'shared/ui/staff/testing';
import { coursePageOperations as ops } from './course-page-operations';
import type { CoursePage } from './course-page-schemas';

const session = { token: 'token-de-martina' as string | null, logout: jest.fn<SessionProvider['logout']>() };
const provider: SessionProvider = { getIdToken: async () => session.token, logout: () => session.logout() };
jest.unstable_mockModule('../session/use-account-session', () => ({ useAccountSession: () => provider }));
const { default: MyCoursePage, serverRender } = await import('./course-page');
const { default: MisCursosPage } = await import('./mis-cursos-page');
const { accountOperations } = await import('./operations');

const user: AuthUser = {
  sub: 'sub-martina',
  email: 'martina@example.com',
  name: 'Martina',
  phone_number: '+573001234567',
  email_verified: true,
};
const reference = 'ENR-Ab12_cd';
const page: CoursePage = {
  id: reference,
  course_name: 'Desarrollo de Software',
  module_name: 'Fundamentos de Javascript y AWS S3',
  enrollment_status: 'ENROLLED',
  start_date: '2026-12-07',
  end_date: '2027-02-26',
  schedule: 'Lunes y miércoles, de 7:00 p. m. a 9:00 p. m. (hora de Colombia)',
  weekly: { days: ['Lunes', 'Miércoles'], start: '19:00', end: '21:00' },
  join_url: 'https://meet.example/clase-js-con-un-enlace-largo-que-no-debe-desbordar-la-pantalla',
  join_place: null,
  modules: [
    { number: 1, name: 'Fundamentos de programación y bases de datos', state: 'no_incluido', materials: [] },
    { number: 2, name: 'Fundamentos de Javascript y AWS S3', state: 'por_iniciar', materials: [] },
  ],
  calendar_available: true,
};

function open(operations: ScriptedOperation[], signedIn = true) {
  window.history.pushState({}, '', `/mis-cursos/${reference}`);
  const fake = fakeOperations(...operations);
  const store = createAppStore({
    auth: signedIn
      ? { user, isAuthenticated: true, loginTime: Date.now(), notice: null }
      : { user: null, isAuthenticated: false, loginTime: null, notice: null },
  });
  const { container } = render(
    <Provider store={store}>
      <ApiClientProvider client={fake.client}>
        <MyCoursePage />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, container };
}

beforeEach(() => {
  session.token = 'token-de-martina';
  // The phone's width (390 px): the page is one column of sections, no table to scroll sideways.
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
});
afterEach(() => window.history.pushState({}, '', '/'));

describe('the course page (/mis-cursos/<reference>, #31)', () => {
  it('shows the course by its headings: dates and schedule, how to join, modules with their state, the calendar; no axe violations', async () => {
    expect(serverRender).toBe(false);
    const { container, calls } = open([on(ops.coursePage, ok(page))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Desarrollo de Software' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: `/api/account/enrollments/${reference}/curso`, token: 'token-de-martina' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Fechas y horario',
      'Cómo unirte a las clases',
      'Módulos del curso',
      'Tu calendario',
    ]);
    const dates = screen.getByRole('region', { name: 'Fechas y horario' });
    const facts = [...dates.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Inicio de clases', '7 de diciembre de 2026'],
      ['Finalización', '26 de febrero de 2027'],
      ['Horario', 'Lunes y miércoles, de 7:00 p. m. a 9:00 p. m. (hora de Colombia)'],
    ]);
    const join = screen.getByRole('link', { name: 'Entrar a la clase en línea' });
    expect(join.getAttribute('href')).toBe(page.join_url);
    expect(join.getAttribute('rel')).toContain('noopener');
    const modules = within(screen.getByRole('region', { name: 'Módulos del curso' })).getAllByRole('listitem');
    expect(modules.map((li) => li.textContent)).toEqual([
      'Fundamentos de programación y bases de datos: No incluido en esta inscripción',
      'Fundamentos de Javascript y AWS S3: Por iniciar',
    ]);
    expect(screen.getByRole('button', { name: 'Añadir a mi calendario' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Mis Cursos' }).getAttribute('href')).toBe('/mis-cursos');
    expect(container.querySelector('table')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('downloads the calendar with the session, and says so in Spanish when nothing came', async () => {
    const { calls } = open([on(ops.coursePage, ok(page))]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Añadir a mi calendario' }));
    // The fake's download answers nothing: the button says it could not.
    expect(await screen.findByText('No pudimos descargar el calendario. Intenta de nuevo en un momento.')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.token])).toEqual([
      ['GET', `/api/account/enrollments/${reference}/curso`, 'token-de-martina'],
      ['GET', `/api/account/enrollments/${reference}/calendario`, 'token-de-martina'],
    ]);
  });

  it("lists a module's materials: a link to open, a file downloaded with the session; a recorded module says «Completado»", async () => {
    const withMaterials: CoursePage = {
      ...page,
      modules: [
        page.modules[0]!,
        {
          number: 2,
          name: 'Fundamentos de Javascript y AWS S3',
          state: 'completado',
          materials: [
            {
              id: '11111111-1111-4111-8111-111111111111',
              title: 'Guía de la semana 1',
              kind: 'file',
              url: null,
              file_name: 'guia.pdf',
              file_kind: 'pdf',
              file_size: 1_258_291,
            },
            {
              id: '22222222-2222-4222-8222-222222222222',
              title: 'Documentación de MDN',
              kind: 'link',
              url: 'https://developer.mozilla.org/es/',
              file_name: null,
              file_kind: null,
              file_size: null,
            },
          ],
        },
      ],
    };
    const { container, calls } = open([on(ops.coursePage, ok(withMaterials))]);
    const list = await screen.findByRole('list', { name: 'Materiales de Fundamentos de Javascript y AWS S3' });
    expect(screen.getByText('Completado')).toBeTruthy();
    const link = within(list).getByRole('link', { name: 'Documentación de MDN' });
    expect(link.getAttribute('href')).toBe('https://developer.mozilla.org/es/');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(list).getByText('PDF, 1,2 MB')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Descargar Guía de la semana 1' }));
    // The fake's download answers nothing: the button says it could not.
    expect(await screen.findByText('No pudimos descargar el material. Intenta de nuevo en un momento.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      path: `/api/account/enrollments/${reference}/materiales/11111111-1111-4111-8111-111111111111`,
      token: 'token-de-martina',
    });
  });

  it('without weekly classes or joining details says what comes later instead of a button or a link', async () => {
    open([
      on(
        ops.coursePage,
        ok({ ...page, schedule: 'Sábados en la mañana', weekly: null, join_url: null, join_place: null, calendar_available: false }),
      ),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Desarrollo de Software' });
    expect(screen.queryByRole('button', { name: 'Añadir a mi calendario' })).toBeNull();
    expect(screen.getByText(/Podrás añadir tus clases a tu calendario/)).toBeTruthy();
    expect(screen.getByText(/te escribirá con el enlace o el lugar/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Entrar a la clase en línea' })).toBeNull();
  });

  it("another person's reference: the server's 404 as a plain message, no course data", async () => {
    open([on(ops.coursePage, apiError(404, 'not_found', 'No encontramos esa inscripción entre tus cursos.'))]);
    expect(await screen.findByText('No encontramos esa inscripción entre tus cursos.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu curso');
    expect(screen.queryByRole('heading', { name: 'Cómo unirte a las clases' })).toBeNull();
  });

  it('signed out: asks to sign in and sends nothing', async () => {
    const { calls } = open([on(ops.coursePage, ok(page))], false);
    expect(screen.getByRole('heading', { level: 2, name: 'Ingresa para ver tu curso' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(calls).toEqual([]);
  });

  it("Mis Cursos links each course card to its page by the enrolment's reference", async () => {
    window.history.pushState({}, '', '/mis-cursos');
    const fake = fakeOperations(
      on(
        accountOperations.enrollments,
        ok({
          enrollments: [
            {
              id: reference,
              course_id: 'desarrollo-software',
              course_name: 'Desarrollo de Software',
              module_name: 'Fundamentos de Javascript y AWS S3',
              student_name: 'Martina',
              student_lastname: 'Ñáñez',
              payment_status: 'approved',
              enrollment_status: 'ENROLLED',
              created_at: '2026-11-16T15:00:00.000Z',
              payment_date: '2026-11-16T15:05:00.000Z',
              transaction_amount: 119900,
              certificate_available: true,
              start_date: '2026-12-07',
              invoice: null,
              credit_note: null,
              invoice_in_progress: false,
            },
          ],
          courses: [],
        }),
      ),
    );
    render(
      <Provider store={createAppStore({ auth: { user, isAuthenticated: true, loginTime: Date.now(), notice: null } })}>
        <ApiClientProvider client={fake.client}>
          <MisCursosPage />
        </ApiClientProvider>
      </Provider>,
    );
    const link = await screen.findByRole('link', { name: 'Ver el curso Desarrollo de Software, Fundamentos de Javascript y AWS S3' });
    expect(link.getAttribute('href')).toBe(`/mis-cursos/${reference}`);
  });
});

/**
 * @jest-environment jsdom
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient } from 'shared/api/client';
import { ApiClientProvider } from 'shared/api/context';
import { logoutSession, provideSession, resetSessionContract } from 'shared/auth-session';
import { apiError, fakeOperations, ok, on, type OperationAnswer, type ScriptedOperation } from 'shared/api/fake-client';
import { FULL_COURSE, moduleNames, courseBySlug } from '../../manifest/catalogue';
import { PENDING_PAYMENT_KEY, STUDENT_DATA_KEY, STUDENT_DATA_TTL_MS, storeExpiring } from 'shared/payments/browser-storage';
import { documentTypes, educationLevels, HONEYPOT_FIELD, occupations } from 'shared/schemas/common';
import { invoiceTexts } from '../invoicing/schemas';
import { enrolmentTexts } from './schemas';
import type { PublicCohort } from '../cohorts/schemas';
import { createAppStore } from 'shared/store';
import { cohortsOperations } from '../cohorts/operations';
import { coursesOperations as ops } from './operations';
import EnrolmentPage from './enrolment-page';

const lead = ok({ success: true as const, id: 'ENR-abcdefghijklmnop', payment_status: 'pending', claim_secret: 'c'.repeat(32) }, 201);
const checkout = ok({
  success: true as const,
  message: 'ok',
  id: 'pref-1',
  init_point: 'http://127.0.0.1:8090/checkout/v1/redirect?pref_id=pref-1',
  sandbox_init_point: null,
  date_created: null,
  expires_at: null,
  external_reference: 'ENR-abcdefghijklmnop',
  title: 'Ofimática básica',
  price: 79900,
});

/** The next cohorts as the API answers them: office's next cohort with seats left, unless a test says otherwise. */
const cohorts = (
  office: PublicCohort | null = { id: 7, start_date: '2030-02-04', schedule: 'Lunes y miércoles', seats_left: 3, full: false },
) => ok({ courses: { 'desarrollo-software': null, 'ofimatica-basica': office, 'marketing-digital': null } });

/** The form's answers (`on(ops.createLead, …)`…); the cohort read on arrival apart, so `calls` are the form's own requests. */
function renderPage(
  writes: ScriptedOperation[],
  {
    store = createAppStore(),
    cohort = cohorts(),
  }: { store?: ReturnType<typeof createAppStore>; cohort?: OperationAnswer<typeof cohortsOperations.nextCohorts> } = {},
) {
  const fake = fakeOperations(...writes);
  const reads = fakeOperations(on(cohortsOperations.nextCohorts, cohort));
  const client: ApiClient = {
    ...fake.client,
    request: ((method, path, body, init) =>
      (method === 'GET' && path === cohortsOperations.nextCohorts.path ? reads.client : fake.client).request(
        method,
        path,
        body,
        init,
      )) as ApiClient['request'],
  };
  const view = render(
    <Provider store={store}>
      <ApiClientProvider client={client}>
        <EnrolmentPage course="ofimatica-basica" />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, unmount: view.unmount };
}

async function fillStudent(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Primer nombre/), 'Ana');
  await user.type(screen.getByLabelText(/^Primer apellido/), 'Rojas');
  await user.selectOptions(screen.getByLabelText(/^Tipo de documento/), documentTypes[0]);
  await user.type(screen.getByLabelText(/^Número de documento/), '52123456');
  await user.type(screen.getByLabelText(/^Teléfono/), '3104567890');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com');
  await user.selectOptions(screen.getByLabelText(/^Ocupación/), occupations[0]);
  await user.selectOptions(screen.getByLabelText(/^Nivel educativo/), educationLevels[0]);
  await user.selectOptions(screen.getByLabelText(/^Módulo/), moduleNames(courseBySlug('ofimatica-basica'))[0]!);
  await user.click(termsBox());
}

/** The terms' box (the invoice's company box, #30, is the form's other checkbox). */
const termsBox = () => screen.getByRole('checkbox', { name: /He leído y acepto/ });
const companyBox = () => screen.getByRole('checkbox', { name: 'Necesito la factura a nombre de una empresa' });

const payButton = () => screen.getByRole('button', { name: /Proceder al Pago|Procesando/ });

describe('enrolment form (spec §2, §5, §8) with the API client swapped', () => {
  beforeAll(() => {
    // jsdom has no layout: the page scrolls to the course's anchor on arrival.
    Element.prototype.scrollIntoView = () => {};
  });
  beforeEach(() => localStorage.clear());

  it("lists the spec's messages in an alert that takes focus, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([]);
    await user.click(payButton());

    const summary = await screen.findByRole('alert');
    for (const message of [
      enrolmentTexts.errorsTitle,
      enrolmentTexts.nameRequired,
      enrolmentTexts.emailRequired,
      enrolmentTexts.phoneRequired,
      enrolmentTexts.moduleRequired,
      enrolmentTexts.termsRequired,
    ])
      expect(summary.textContent).toContain(message);
    expect(document.activeElement).toBe(summary);
    await user.click(within(summary).getByRole('link', { name: enrolmentTexts.moduleRequired }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Módulo/));
    expect(calls).toHaveLength(0);
  });

  it("says 'Procesando...' while sending, shows the server's failure, and a retry goes on to the checkout", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage([
      on(ops.createLead, async () => {
        await held;
        return lead;
      }),
      on(ops.checkout, apiError(502, 'payment_provider_error', 'El proveedor de pagos no respondió'), checkout),
    ]);
    await fillStudent(user);
    await user.click(payButton());

    await waitFor(() => expect(payButton().textContent).toBe('Procesando...'));
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    release();

    expect((await screen.findByRole('alert')).textContent).toBe('Error: El proveedor de pagos no respondió');
    expect(payButton().textContent).toBe('💳 Proceder al Pago');
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();

    // jsdom cannot leave the page; it reports the attempt, which is what the visitor would see happen.
    const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(payButton());
    await waitFor(() => expect(localStorage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull());
    expect(String(navigation.mock.calls[0]?.[0])).toMatch(/Not implemented: navigation/);
    navigation.mockRestore();
    expect(JSON.parse(localStorage.getItem(PENDING_PAYMENT_KEY)!)).toMatchObject({ payment_id: 'pref-1', amount: 79900 });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/courses/leads',
      '/api/courses/checkout',
      '/api/courses/leads',
      '/api/courses/checkout',
    ]);
    expect(calls[1]!.body).toEqual({ enrollment_id: 'ENR-abcdefghijklmnop', claim_secret: 'c'.repeat(32) });
    expect(payButton().textContent).toBe('Procesando...');
  });

  it('sends the honeypot a bot filled, so the server can refuse it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([on(ops.createLead, apiError(400, 'bad_request', 'La solicitud no es válida.'))]);
    await fillStudent(user);
    const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    await user.type(honeypot, 'http://spam.example');
    await user.click(payButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Error: La solicitud no es válida.');
    expect(calls[0]!.body).toMatchObject({ student_name: 'Ana', [HONEYPOT_FIELD]: 'http://spam.example' });
    // A person never sees it, so a person's request never carries it.
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
  describe("a signed-in student's enrolment is tied to the account (spec §6) from their token, which no screen handles (#27)", () => {
    const account = { email: 'ana@example.com', name: 'Ana Rojas', phone_number: '+573104567890', sub: 'u-1', email_verified: true };
    const signedIn = () => createAppStore({ auth: { user: account, isAuthenticated: true, loginTime: Date.now(), notice: null } });
    afterEach(() => resetSessionContract());

    it("sends the signed-in student's token with the enrolment, and none with the checkout (it needs only the claim)", async () => {
      const user = userEvent.setup();
      provideSession({ getIdToken: async () => 'token-de-ana', logout: async () => undefined });
      const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
      const { calls } = renderPage([on(ops.createLead, lead), on(ops.checkout, checkout)], { store: signedIn() });
      // The form starts from the account; the student writes it all as an anonymous visitor would.
      for (const label of [/^Primer nombre/, /^Primer apellido/, /^Teléfono/, /^Correo electrónico/])
        await user.clear(screen.getByLabelText(label));
      await fillStudent(user);
      await user.click(payButton());
      await waitFor(() => expect(calls).toHaveLength(2));
      navigation.mockRestore();
      expect(calls.map((c) => [c.path, c.token])).toEqual([
        ['/api/courses/leads', 'token-de-ana'],
        ['/api/courses/checkout', undefined],
      ]);
    });

    it("an anonymous visitor's enrolment carries no token, and the session is never asked (no identity SDK)", async () => {
      const user = userEvent.setup();
      const getIdToken = jest.fn(async () => 'token-de-otro');
      provideSession({ getIdToken, logout: async () => undefined });
      const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
      const { calls } = renderPage([on(ops.createLead, lead), on(ops.checkout, checkout)]);
      await fillStudent(user);
      await user.click(payButton());
      await waitFor(() => expect(calls).toHaveLength(2));
      navigation.mockRestore();
      expect(calls.map((c) => c.token)).toEqual([undefined, undefined]);
      expect(getIdToken).not.toHaveBeenCalled();
    });
  });

  describe('back from the checkout (#17): the form shows what this browser stored, within its 24 h', () => {
    const office = courseBySlug('ofimatica-basica')!;
    const stored = {
      student_name: 'Ana Rojas',
      email: 'ana@example.com',
      phone_number: '3104567890',
      identity_type: documentTypes[0],
      identity_number: '52123456',
      course_name: office.title,
      module_name: moduleNames(office)[1]!,
    };
    const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

    it('fills in what was sent to the checkout, and asks again for what was not kept', async () => {
      const user = userEvent.setup();
      const first = renderPage([on(ops.createLead, lead), on(ops.checkout, checkout)]);
      await fillStudent(user);
      const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
      await user.click(payButton());
      await waitFor(() => expect(localStorage.getItem(STUDENT_DATA_KEY)).not.toBeNull());
      navigation.mockRestore();
      first.unmount();

      // The visitor comes back (the page loads again).
      renderPage([]);
      expect(valueOf(/^Primer nombre/)).toBe('Ana');
      expect(valueOf(/^Primer apellido/)).toBe('Rojas');
      expect(valueOf(/^Tipo de documento/)).toBe(documentTypes[0]);
      expect(valueOf(/^Número de documento/)).toBe('52123456');
      expect(valueOf(/^Teléfono/)).toBe('3104567890');
      expect(valueOf(/^Correo electrónico/)).toBe('ana@example.com');
      expect(valueOf(/^Módulo/)).toBe(moduleNames(office)[0]);
      expect(screen.getByText(/Recuperamos los datos que escribiste/)).toBeTruthy();
      // Not part of the stored record: chosen again, and the terms accepted again.
      expect(valueOf(/^Ocupación/)).toBe('');
      expect(valueOf(/^Nivel educativo/)).toBe('');
      expect((termsBox() as HTMLInputElement).checked).toBe(false);
    });

    it('reads nothing once the 24 h are over, and forgets it', () => {
      storeExpiring(STUDENT_DATA_KEY, stored, STUDENT_DATA_TTL_MS, localStorage, Date.now() - STUDENT_DATA_TTL_MS - 1000);
      renderPage([]);
      expect(valueOf(/^Correo electrónico/)).toBe('');
      expect(valueOf(/^Primer nombre/)).toBe('');
      expect(screen.queryByText(/Recuperamos los datos/)).toBeNull();
      expect(localStorage.getItem(STUDENT_DATA_KEY)).toBeNull();
    });

    it("reads nothing after logout, which forgets the student's data", async () => {
      storeExpiring(STUDENT_DATA_KEY, stored, STUDENT_DATA_TTL_MS);
      await logoutSession();
      renderPage([]);
      expect(valueOf(/^Correo electrónico/)).toBe('');
    });

    it("takes nothing into another course's form", () => {
      storeExpiring(STUDENT_DATA_KEY, { ...stored, course_name: courseBySlug('desarrollo-software')!.title }, STUDENT_DATA_TTL_MS);
      renderPage([]);
      expect(valueOf(/^Correo electrónico/)).toBe('');
      expect(valueOf(/^Módulo/)).toBe('');
    });

    it("never fills a signed-in student's form with another address's data", () => {
      storeExpiring(STUDENT_DATA_KEY, stored, STUDENT_DATA_TTL_MS);
      const account = {
        email: 'julian@example.com',
        name: 'Julián Castro',
        phone_number: '+573001112233',
        sub: 'u-1',
        email_verified: true,
      };
      renderPage([], { store: createAppStore({ auth: { user: account, isAuthenticated: true, loginTime: Date.now(), notice: null } }) });
      expect(valueOf(/^Correo electrónico/)).toBe('julian@example.com');
      expect(valueOf(/^Primer nombre/)).toBe('Julián');
      expect(valueOf(/^Número de documento/)).toBe('');
      expect(valueOf(/^Módulo/)).toBe('');
    });
  });
});

describe("the invoice's company buyer (#30)", () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  beforeEach(() => localStorage.clear());
  const nitField = () => screen.queryByLabelText(/^NIT de la empresa \(con dígito de verificación\)/);
  const nameField = () => screen.queryByLabelText(/^Razón social/);

  it('asks for the NIT and business name only when the box is ticked, and sends them', async () => {
    const user = userEvent.setup();
    const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = renderPage([on(ops.createLead, lead), on(ops.checkout, checkout)]);
    expect((companyBox() as HTMLInputElement).checked).toBe(false);
    expect(nitField()).toBeNull();
    expect(nameField()).toBeNull();
    expect(screen.getByText(/sin marcar, sale a tu nombre con tu documento/)).toBeTruthy();

    await user.click(companyBox());
    expect((nitField() as HTMLInputElement).placeholder).toBe('901.234.567-7');
    expect(nitField()!.getAttribute('inputmode')).toBe('text');
    await fillStudent(user);
    await user.type(nitField()!, '901.234.567-7');
    await user.type(nameField()!, 'Soluciones Andinas S.A.S.');
    await user.click(payButton());
    await waitFor(() => expect(calls).toHaveLength(2));
    navigation.mockRestore();
    expect(calls[0]!.body).toMatchObject({ buyer_nit: '901.234.567-7', buyer_business_name: 'Soluciones Andinas S.A.S.' });
    expect(calls[0]!.body).not.toHaveProperty('invoice_to_company');
  });

  it('sends neither field once the box is unticked again, and none when it never was', async () => {
    const user = userEvent.setup();
    const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = renderPage([on(ops.createLead, lead), on(ops.checkout, checkout)]);
    await user.click(companyBox());
    await user.type(nitField()!, '901.234.567-7');
    await user.type(nameField()!, 'Soluciones Andinas S.A.S.');
    await user.click(companyBox());
    expect(nitField()).toBeNull();
    await fillStudent(user);
    await user.click(payButton());
    await waitFor(() => expect(calls).toHaveLength(2));
    navigation.mockRestore();
    // As the request carries it (JSON): an undefined value is no field at all.
    const sentBody = JSON.parse(JSON.stringify(calls[0]!.body)) as Record<string, unknown>;
    expect(sentBody).not.toHaveProperty('buyer_nit');
    expect(sentBody).not.toHaveProperty('buyer_business_name');
    expect(sentBody).toHaveProperty('student_name', 'Ana');
  });

  it('lists a wrong check digit in the summary, on its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([]);
    await fillStudent(user);
    await user.click(companyBox());
    await user.type(nitField()!, '901.234.567-3');
    await user.type(nameField()!, 'Soluciones Andinas S.A.S.');
    await user.click(payButton());
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(invoiceTexts.nitInvalid);
    expect(nitField()!.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('ticked with both fields empty, asks for them instead of invoicing the student', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([]);
    await fillStudent(user);
    await user.click(companyBox());
    await user.click(payButton());
    await waitFor(() => expect(nitField()!.getAttribute('aria-invalid')).toBe('true'));
    expect(nameField()!.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(invoiceTexts.companyFieldsRequired);
    expect(calls).toHaveLength(0);
  });
});

describe('enrolment form and cohorts (#14)', () => {
  beforeEach(() => localStorage.clear());

  it("shows the next cohort's start date and the full course at its total price", async () => {
    const user = userEvent.setup();
    renderPage([]);
    const summary = screen.getByRole('complementary', { name: 'Resumen de tu inscripción' });
    expect(await within(summary).findByText('4 de febrero de 2030')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Módulo/), FULL_COURSE);
    expect(summary.textContent).toContain(FULL_COURSE);
    expect(summary.textContent).toMatch(/239\.000\s*por los 3 módulos/);
    expect(summary.textContent).not.toContain('Cupos agotados');
  });

  it('a full cohort says so and the pay button is disabled with the reason, before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([], {
      cohort: cohorts({ id: 7, start_date: '2030-02-04', schedule: 'Lunes', seats_left: 0, full: true }),
    });
    const summary = screen.getByRole('complementary', { name: 'Resumen de tu inscripción' });
    expect(await within(summary).findByText('(Cupos agotados)')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Proceder al Pago/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('cohort-closed');
    expect(document.getElementById('cohort-closed')!.textContent).toMatch(/4 de febrero de 2030 ya no tiene cupos/);
    await fillStudent(user);
    await user.click(button);
    expect(calls).toHaveLength(0);
  });

  it('without an announced cohort it promises a date instead of inventing one', async () => {
    renderPage([], { cohort: cohorts(null) });
    const summary = screen.getByRole('complementary', { name: 'Resumen de tu inscripción' });
    expect(await within(summary).findByText('Próximamente anunciaremos la nueva fecha de inicio.')).toBeTruthy();
    expect(summary.textContent).not.toMatch(/2025/);
    expect((screen.getByRole('button', { name: /Proceder al Pago/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

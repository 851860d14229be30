/**
 * @jest-environment jsdom
 */
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, ok, type FakeAnswer } from 'shared/api/fake-client';
import { moduleNames, courseBySlug } from 'shared/catalogue/courses';
import { PENDING_PAYMENT_KEY } from 'shared/payments/browser-storage';
import { documentTypes, educationLevels, HONEYPOT_FIELD, occupations } from 'shared/schemas/common';
import { enrolmentTexts } from 'shared/schemas/enrolment';
import { createAppStore } from 'shared/store';
import EnrolmentPage from './enrolment-page';

const lead = ok({ success: true, id: 'ENR-abcdefghijklmnop', payment_status: 'pending', claim_secret: 'c'.repeat(32) }, 201);
const checkout = ok({
  success: true,
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

function renderPage(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const fake = fakeApiClient(answers);
  render(
    <Provider store={createAppStore()}>
      <ApiClientProvider client={fake.client}>
        <EnrolmentPage course="ofimatica-basica" />
      </ApiClientProvider>
    </Provider>,
  );
  return fake;
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
  await user.click(screen.getByRole('checkbox'));
}

const payButton = () => screen.getByRole('button', { name: /Proceder al Pago|Procesando/ });

describe('enrolment form (spec §2, §5, §8) with the API client swapped', () => {
  beforeAll(() => {
    // jsdom has no layout: the page scrolls to the course's anchor on arrival.
    Element.prototype.scrollIntoView = () => {};
  });
  beforeEach(() => localStorage.clear());

  it("lists the spec's messages in an alert that takes focus, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({});
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
    const { calls } = renderPage({
      'POST /api/courses/leads': async () => {
        await held;
        return lead;
      },
      'POST /api/courses/checkout': [apiError(502, 'payment_provider_error', 'El proveedor de pagos no respondió'), checkout],
    });
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
    const { calls } = renderPage({ 'POST /api/courses/leads': apiError(400, 'bad_request', 'La solicitud no es válida.') });
    await fillStudent(user);
    const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    await user.type(honeypot, 'http://spam.example');
    await user.click(payButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Error: La solicitud no es válida.');
    expect(calls[0]!.body).toMatchObject({ student_name: 'Ana', [HONEYPOT_FIELD]: 'http://spam.example' });
    // A person never sees it, so a person's request never carries it.
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

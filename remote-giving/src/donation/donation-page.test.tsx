/**
 * @jest-environment jsdom
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, networkDown, ok, type FakeAnswer, type FakeCall } from 'shared/api/fake-client';
import { PENDING_PAYMENT_KEY } from 'shared/payments/browser-storage';
import { resetPublishedSnapshot, setPublishedSnapshot } from 'shared/publishing/snapshot';
import { documentTypes } from 'shared/schemas/common';
import { donationDocument, donationSettingsDefaults } from '../../manifest/documents';
import { donationTexts } from './schemas';
import { createAppStore } from 'shared/store';
import { donationPageTexts } from '../texts';
import DonationPage from './donation-page';
import { axeViolations } from 'shared/ui/staff/testing';

const contribution = ok(
  {
    success: true,
    id: 'pref-9',
    init_point: 'http://127.0.0.1:8090/checkout/v1/redirect?pref_id=pref-9',
    sandbox_init_point: null,
    date_created: null,
    expires_at: null,
    external_reference: 'DON-abc',
    amount: 50000,
    title: 'Donación',
    claim_secret: 's'.repeat(32),
  },
  201,
);

/** The server's bounds as the page asks for them; unreachable unless a test says otherwise (the page works without). */
const boundsKey = 'GET /api/giving/donation-bounds';
const serverBounds = ok({ min: 5000, max: 20_000_000 });

function renderPage(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const fake = fakeApiClient({ [boundsKey]: networkDown, 'GET /api/giving/campaign': networkDown, ...answers });
  const { container } = render(
    <Provider store={createAppStore()}>
      <ApiClientProvider client={fake.client}>
        <DonationPage />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, container };
}

async function fillContributor(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Nombres/), 'Camila');
  await user.type(screen.getByLabelText(/^Apellidos/), 'Rojas Díaz');
  await user.selectOptions(screen.getByLabelText(/^Tipo de identidad/), documentTypes[0]);
  await user.type(screen.getByLabelText(/^Número de documento/), '52123456');
  await user.type(screen.getByLabelText(/^Correo Electrónico/), 'camila@example.com');
  await user.type(screen.getByLabelText(/^Teléfono/), '3104567890');
  await user.click(screen.getByRole('checkbox', { name: /^Autorizo a Fundación Tejiendo Futuro/ }));
}

/** The donation requests among the calls (the page also asks for the bounds). */
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

const donate = () => screen.getByRole('button', { name: /^Donar|Loading/ });
const custom = () => screen.getByLabelText(/^Valor en pesos/) as HTMLInputElement;

describe('donation form (spec §4, §5, §8) with the API client swapped', () => {
  beforeAll(() => {
    // MercadoPago.js is optional (spec §4): its configuration is unreachable here, and the page must not care.
    globalThis.fetch = (() => Promise.reject(new Error('sin red en las pruebas'))) as typeof fetch;
  });
  beforeEach(() => localStorage.clear());

  it("shows the spec's alerts in one list that takes focus: no amount first, then the contributor's fields", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({});
    await user.click(donate());

    const alert = await screen.findByRole('alert');
    const messages = within(alert)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(messages[0]).toBe(donationTexts.noAmount);
    expect(messages).toContain(donationTexts.nameRequired);
    expect(document.activeElement).toBe(alert);
    // The amount's message links to the presets.
    await user.click(within(alert).getByRole('link', { name: donationTexts.noAmount }));
    expect(document.activeElement).toBe(screen.getByLabelText('$ 20.000'));
    // Every preset is marked as the field in error, until one is chosen.
    expect(screen.getByLabelText('$ 20.000').getAttribute('aria-invalid')).toBe('true');

    // Zero is no amount either; the contributor's messages are gone once the fields are filled.
    await fillContributor(user);
    await user.type(custom(), '0');
    await user.click(donate());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${donationPageTexts.errorsTitle}${donationTexts.noAmount}`));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(posts(calls)).toHaveLength(0);
  });

  it('takes digits only in the custom amount, and a preset empties it', async () => {
    const user = userEvent.setup();
    renderPage({});
    await user.type(custom(), '75.000 pesos');
    expect(custom().value).toBe('75000');
    expect(donate().textContent).toBe('Donar $ 75.000');
    await user.click(screen.getByLabelText('$ 50.000'));
    expect(custom().value).toBe('');
    expect(donate().textContent).toBe('Donar $ 50.000');
  });

  it("says 'Loading...' while the checkout is created; a failure shows the spec's alert and the visitor can retry", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage({
      'POST /api/giving/contributions': [
        async () => {
          await held;
          return apiError(500, 'boom', 'boom');
        },
        networkDown,
        contribution,
      ],
    });
    await user.click(screen.getByLabelText('$ 50.000'));
    await fillContributor(user);
    await user.click(donate());

    await waitFor(() => expect(donate().textContent).toBe('Loading...'));
    expect((donate() as HTMLButtonElement).disabled).toBe(true);
    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(donationTexts.failed);
    expect(document.activeElement).toBe(alert);
    expect((donate() as HTMLButtonElement).disabled).toBe(false);

    // A second failure is announced again (a new alert takes focus).
    await user.click(donate());
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('alert').textContent).toBe(donationTexts.failed);

    const navigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(donate());
    await waitFor(() => expect(localStorage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(PENDING_PAYMENT_KEY)!)).toMatchObject({ payment_id: 'pref-9', amount: 50000 });
    expect(posts(calls)[2]!.body).toMatchObject({ donation_amount: '50000', optional_donation_amount: '', email: 'camila@example.com' });
    expect(screen.getByRole('status').textContent).toBe('Te estamos llevando a la pasarela de pagos…');
    expect(donate().textContent).toBe('Loading...');
    navigation.mockRestore();
  });

  it("puts the server's amount refusal on the amount the visitor typed", async () => {
    const user = userEvent.setup();
    const refusal = 'Monto de donación inválido. El monto debe estar entre $ 5.000 y $ 20.000.000.';
    renderPage({
      'POST /api/giving/contributions': apiError(400, 'invalid_amount', refusal, { donation_amount: refusal }),
    });
    await user.type(custom(), '1');
    await fillContributor(user);
    await user.click(donate());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: refusal })).toBeTruthy();
    expect(custom().getAttribute('aria-invalid')).toBe('true');
    await user.click(within(alert).getByRole('link', { name: refusal }));
    expect(document.activeElement).toBe(custom());
  });
  describe("the server's bounds next to the custom amount (#17)", () => {
    const hintOf = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const refusal = 'Monto de donación inválido. El monto debe estar entre $ 5.000 y $ 20.000.000.';

    it('states the minimum and the maximum in pesos once the server answers them', async () => {
      renderPage({ [boundsKey]: serverBounds });
      await waitFor(() => expect(hintOf(custom())).toContain('(mínimo $ 5.000, máximo $ 20.000.000)'));
    });

    it('says nothing of bounds it could not get, and the server still decides', async () => {
      const user = userEvent.setup();
      renderPage({});
      await user.type(custom(), '1000');
      expect(hintOf(custom())).toBe(donationPageTexts.customHint);
      expect(donate().textContent).toBe('Donar $ 1.000');
      expect(custom().getAttribute('aria-invalid')).toBeNull();
    });

    it('checks them as the amount is typed: over the maximum at once, below the minimum after a pause, and clears when within', async () => {
      jest.useFakeTimers();
      try {
        const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
        const { calls } = renderPage({ [boundsKey]: serverBounds });
        await waitFor(() => expect(hintOf(custom())).toContain('mínimo'));

        await user.type(custom(), '25000000');
        await waitFor(() => expect(custom().getAttribute('aria-invalid')).toBe('true'));
        expect(hintOf(custom())).toContain(refusal);
        expect(screen.getByText('El monto debe estar entre $ 5.000 y $ 20.000.000.')).toBeTruthy();
        expect(donate().textContent).toBe('Donar');

        await user.clear(custom());
        await user.type(custom(), '50');
        // Still typing: no error yet...
        expect(custom().getAttribute('aria-invalid')).toBeNull();
        await act(async () => {
          jest.advanceTimersByTime(1000);
        });
        // ...but a pause below the minimum is answered.
        await waitFor(() => expect(custom().getAttribute('aria-invalid')).toBe('true'));
        expect(hintOf(custom())).toContain(refusal);

        await user.type(custom(), '00');
        await waitFor(() => expect(custom().getAttribute('aria-invalid')).toBeNull());
        expect(hintOf(custom())).not.toContain(refusal);
        expect(donate().textContent).toBe('Donar $ 5.000');
        expect(posts(calls)).toHaveLength(0);
      } finally {
        jest.useRealTimers();
      }
    });

    it('refuses an amount outside the bounds on submit, on the custom amount, without calling the server', async () => {
      const user = userEvent.setup();
      const { calls } = renderPage({ [boundsKey]: serverBounds });
      await waitFor(() => expect(hintOf(custom())).toContain('mínimo'));
      await fillContributor(user);
      await user.type(custom(), '4999');
      await user.click(donate());
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('link', { name: refusal })).toBeTruthy();
      expect(posts(calls)).toHaveLength(0);
    });
  });
});

describe('DonationPage after a certificate link that no longer works', () => {
  it('says why in Spanish and how to get the certificate, above the form', async () => {
    window.history.pushState({}, '', '/contribuciones?certificado=invalido');
    try {
      renderPage({});
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(/^El enlace del certificado de donación no es válido o ya venció\. Escríbenos a \S+@\S+/);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('says a certificate needs the donor to write when the donation’s name cannot be printed', async () => {
    window.history.pushState({}, '', '/contribuciones?certificado=nombre');
    try {
      renderPage({});
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(
        /^No podemos expedir el certificado con el nombre registrado en la donación: .* Escríbenos a \S+@\S+/,
      );
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('DonationPage with what finanzas published (#28)', () => {
  afterEach(() => resetPublishedSnapshot());

  it('offers the published amounts and intro, and refuses on the page an amount below the published minimum', async () => {
    setPublishedSnapshot({
      version: 'giving.donation@2',
      documents: {
        [donationDocument.name]: {
          ...donationSettingsDefaults,
          presets: [{ amount: 35_000 }, { amount: 70_000 }],
          min: 10_000,
          max: 3_000_000,
          intro: 'Cada donación paga útiles y transporte de un estudiante.',
        },
      },
    });
    const user = userEvent.setup();
    renderPage({ [boundsKey]: ok({ min: 10_000, max: 3_000_000 }) });
    expect(screen.getByText('Cada donación paga útiles y transporte de un estudiante.')).toBeTruthy();
    const presets = within(screen.getByRole('group', { name: /Elige el monto/ })).getAllByRole('radio');
    expect(presets.map((r) => (r as HTMLInputElement).value)).toEqual(['35000', '70000']);
    expect(screen.getByText('$ 35.000')).toBeTruthy();
    expect(screen.queryByText('$ 20.000')).toBeNull();

    await user.click(screen.getByRole('radio', { name: '$ 70.000' }));
    expect(donate().textContent).toBe('Donar $ 70.000');
    await waitFor(() => expect(custom().getAttribute('aria-describedby')).toBeTruthy());
    await user.type(custom(), '9000');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByText('Monto de donación inválido. El monto debe estar entre $ 10.000 y $ 3.000.000.').className).toBe(
        'field-error',
      ),
    );
  });
});

describe('DonationPage: giving every month (#29)', () => {
  beforeAll(() => {
    globalThis.fetch = (() => Promise.reject(new Error('sin red en las pruebas'))) as typeof fetch;
  });
  afterEach(() => window.history.pushState({}, '', '/'));

  const monthlyStart = (init_point: string) => ok({ init_point, reference: 'MEN-abc', amount: 50000 }, 201);
  const choose = (name: 'Una vez' | 'Cada mes') => screen.getByRole('radio', { name });

  it('offers once (chosen) or every month beside the amount; monthly says why it is a card, with no axe violations', async () => {
    const user = userEvent.setup();
    const { container } = renderPage({});
    const group = screen.getByRole('group', { name: donationPageTexts.frequencyLegend });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => [(r as HTMLInputElement).name, (r as HTMLInputElement).value]),
    ).toEqual([
      ['frequency', 'once'],
      ['frequency', 'monthly'],
    ]);
    expect((choose('Una vez') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(donationPageTexts.monthlyNote)).toBeNull();

    await user.click(choose('Cada mes'));
    expect(screen.getByText(donationPageTexts.monthlyNote)).toBeTruthy();
    await user.click(screen.getByLabelText('$ 50.000'));
    expect(donate().textContent).toBe('Donar $ 50.000 cada mes');
    expect(screen.getByText('Vas a donar $ 50.000 cada mes')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(choose('Una vez'));
    expect(donate().textContent).toBe('Donar $ 50.000');
  });

  it("posts the form's fields to the monthly operation (not the one-time one) and sends the browser to the answered init_point", async () => {
    const user = userEvent.setup();
    const initPoint = 'http://localhost/#autorizar-preapproval';
    const { calls } = renderPage({ 'POST /api/giving/monthly': monthlyStart(initPoint) });
    await user.click(choose('Cada mes'));
    await user.type(custom(), '75000');
    await fillContributor(user);
    await user.click(donate());

    await waitFor(() => expect(window.location.href).toBe(initPoint));
    expect(posts(calls).map((c) => c.path)).toEqual(['/api/giving/monthly']);
    const body = posts(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      donation_amount: '',
      optional_donation_amount: '75000',
      email: 'camila@example.com',
      id_number: '52123456',
    });
    expect(body).not.toHaveProperty('frequency');
    expect(screen.getByRole('status').textContent).toBe(donationPageTexts.monthlyRedirecting);
    // Nothing of a one-time payment is remembered: the result page of a monthly gift shows nothing personal.
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it("answers a failure as the one-time flow does: the spec's alert, the server's rate-limit message, and no redirect", async () => {
    const user = userEvent.setup();
    const tooMany = 'Ya registramos varias donaciones mensuales con este correo en la última hora. Espera un momento e intenta de nuevo.';
    const { calls } = renderPage({
      'POST /api/giving/monthly': [
        apiError(502, 'provider_down', 'x'),
        apiError(429, 'too_many', tooMany),
        monthlyStart('javascript:alert(1)'),
      ],
    });
    await user.click(choose('Cada mes'));
    await user.click(screen.getByLabelText('$ 50.000'));
    await fillContributor(user);

    await user.click(donate());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(donationTexts.failed);
    expect(document.activeElement).toBe(alert);

    await user.click(donate());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMany));

    // An answer that is not an http(s) address never receives the visitor.
    await user.click(donate());
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(donationTexts.failed));
    expect(window.location.href).toBe('http://localhost/');
    expect(posts(calls).every((c) => c.path === '/api/giving/monthly')).toBe(true);
  });
});

/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, networkDown, ok, type FakeAnswer, type FakeCall } from 'shared/api/fake-client';
import { axeViolations } from 'shared/ui/staff/testing';
import { monthlyManageTexts as t } from '../texts';
import MonthlyManagePage, { serverRender } from './monthly-manage-page';
import MonthlyResultPage from './monthly-result-page';
import type { ManageResponse } from './manage-schemas';
import { monthlyTexts } from './schemas';

// Mixed case on purpose: the route table matches in lower case, the API must get the token as the e-mail wrote it.
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789abcdef';
const base = `/api/giving/monthly/manage/${token}`;

const gift: ManageResponse = {
  reference: 'MEN-abc',
  amount: 50000,
  status: 'authorized',
  next_payment_date: '2026-12-15T15:00:00.000Z',
  failing: false,
  created_at: '2026-10-15T15:00:00.000Z',
  cancelled_at: null,
  charges: [
    { reference: 'DON-2', amount: 50000, status: 'approved', date: '2026-11-15T15:00:00.000Z' },
    { reference: 'DON-1', amount: 50000, status: 'refunded', date: '2026-10-15T15:00:00.000Z' },
  ],
};

function renderPage(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const fake = fakeApiClient({ 'GET /api/giving/donation-bounds': ok({ min: 5000, max: 20_000_000 }), ...answers });
  const { container } = render(
    <ApiClientProvider client={fake.client}>
      <MonthlyManagePage />
    </ApiClientProvider>,
  );
  return { ...fake, container };
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

describe('the monthly gift manage page (#29)', () => {
  beforeEach(() => window.history.pushState({}, '', `/contribuciones/mensual/gestionar/${token}`));
  afterEach(() => window.history.pushState({}, '', '/'));

  it('is left to the browser, sends no Referer, and shows the gift: amount, status, next charge and charges; no axe violations', async () => {
    expect(serverRender).toBe(false);
    const { calls, container } = renderPage({ [`GET ${base}`]: ok(gift) });
    expect(await screen.findByText('$ 50.000', { selector: 'dd' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'GET' && c.path.startsWith('/api/giving/monthly'))?.path).toBe(base);
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    expect(screen.getByText('Activa')).toBeTruthy();
    expect(screen.getByText('15 de diciembre de 2026')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'FechaValorEstado',
      '15 de noviembre de 2026$ 50.000Aprobado',
      '15 de octubre de 2026$ 50.000Reembolsado',
    ]);
    expect(screen.queryByText(t.failingTitle)).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('warns of a rejected last charge and says what to do', async () => {
    renderPage({ [`GET ${base}`]: ok({ ...gift, failing: true, charges: [] }) });
    expect(await screen.findByRole('heading', { name: t.failingTitle })).toBeTruthy();
    expect(screen.getByText(t.failing)).toBeTruthy();
    expect(screen.getByText(t.noCharges)).toBeTruthy();
  });

  it('lowers the amount (a preset or a free amount within the bounds), and the answer takes focus', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ [`GET ${base}`]: ok(gift), [`PUT ${base}/amount`]: ok({ ...gift, amount: 30000 }) });
    await screen.findByText('$ 50.000', { selector: 'dd' });
    const amount = screen.getByLabelText(/^Otro valor en pesos/) as HTMLInputElement;
    expect(amount.name).toBe('amount');
    await waitFor(() => expect(amount.getAttribute('aria-describedby')).toBeTruthy());

    // Below the minimum: refused on the page, on the field, without a call.
    await user.type(amount, '4.000');
    expect(amount.value).toBe('4000');
    await user.click(screen.getByRole('button', { name: t.saveAmount }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    expect(writes(calls)).toHaveLength(0);

    // A preset empties the free amount, and the message goes with it; typing again leaves the preset.
    await user.click(screen.getByRole('radio', { name: '$ 20.000' }));
    expect(amount.value).toBe('');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    await user.type(amount, '30000');
    expect((screen.getByRole('radio', { name: '$ 20.000' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: t.saveAmount }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(t.amountChanged('$ 30.000'));
    expect(document.activeElement).toBe(status);
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: `${base}/amount`, body: { amount: 30000 } })]);
    expect(screen.getByText('$ 30.000', { selector: 'dd' })).toBeTruthy();
  });

  it('pauses and resumes, each answer in a focused status message', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      [`GET ${base}`]: ok(gift),
      [`POST ${base}/pause`]: ok({ ...gift, status: 'paused' }),
      [`POST ${base}/resume`]: ok(gift),
    });
    await user.click(await screen.findByRole('button', { name: t.pause }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.paused));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByText('Pausada')).toBeTruthy();
    expect(screen.getByText(t.noNextCharge)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: t.resume }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.resumed));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByText('Activa')).toBeTruthy();
    expect(writes(calls).map((c) => c.path)).toEqual([`${base}/pause`, `${base}/resume`]);
  });

  it("shows the server's refusal of an action in Spanish, focused", async () => {
    const user = userEvent.setup();
    renderPage({ [`GET ${base}`]: ok(gift), [`POST ${base}/pause`]: [apiError(409, 'refused', monthlyTexts.refused), networkDown] });
    await user.click(await screen.findByRole('button', { name: t.pause }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(monthlyTexts.refused));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await user.click(screen.getByRole('button', { name: t.pause }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t.network));
  });

  it('cancels only after a confirmation that says it is final; "No" returns focus and sends nothing', async () => {
    const user = userEvent.setup();
    const cancelledAt = '2026-11-28T15:00:00.000Z';
    const { calls, container } = renderPage({
      [`GET ${base}`]: ok(gift),
      [`POST ${base}/cancel`]: ok({ ...gift, status: 'cancelled', cancelled_at: cancelledAt, next_payment_date: null }),
    });
    const cancel = await screen.findByRole('button', { name: t.cancel });
    expect(screen.getByText(t.cancelNote)).toBeTruthy();

    await user.click(cancel);
    const question = screen.getByRole('heading', { name: t.confirmTitle });
    expect(document.activeElement).toBe(question);
    expect(screen.getByText(t.confirmText)).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: t.confirmNo }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: t.cancel })));
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: t.cancel }));
    await user.click(screen.getByRole('button', { name: t.confirmYes }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.cancelled));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(writes(calls)).toEqual([expect.objectContaining({ path: `${base}/cancel`, body: { confirm: true } })]);
    expect(screen.getByText('Cancelada')).toBeTruthy();
    expect(screen.getByText(t.cancelledNote('28 de noviembre de 2026'))).toBeTruthy();
    // Nothing left to change on a cancelled gift.
    expect(screen.queryByRole('button', { name: t.pause })).toBeNull();
    expect(screen.queryByRole('button', { name: t.saveAmount })).toBeNull();
    expect(screen.queryByRole('button', { name: t.cancel })).toBeNull();
  });

  it("shows the API's Spanish 404 message for a wrong token", async () => {
    const { container } = renderPage({ [`GET ${base}`]: apiError(404, 'not_found', monthlyTexts.notFound) });
    expect((await screen.findByRole('alert')).textContent).toBe(monthlyTexts.notFound);
    expect(screen.queryByRole('button')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('offers to try again when the gift cannot be loaded', async () => {
    const user = userEvent.setup();
    renderPage({ [`GET ${base}`]: [networkDown, ok(gift)] });
    expect((await screen.findByRole('alert')).textContent).toBe(t.loadFailed);
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Activa')).toBeTruthy();
  });
});

describe('the monthly gift result page (#29)', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('says the gift was authorized and the receipt with the manage link is in the e-mail, asks nothing of the query', async () => {
    window.history.pushState({}, '', '/contribuciones/mensual/resultado?preapproval_id=2c938084-ajeno');
    const fake = fakeApiClient({});
    const { container } = render(
      <ApiClientProvider client={fake.client}>
        <MonthlyResultPage />
      </ApiClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('¡Gracias! Tu donación mensual quedó autorizada');
    expect(screen.getByText(/enlace personal para ver tu donación mensual/)).toBeTruthy();
    expect(container.textContent).not.toContain('2c938084');
    expect(fake.calls).toHaveLength(0);
    expect(await axeViolations(container)).toEqual([]);
  });
});

/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, ok, on, type ScriptedOperation } from 'shared/api/fake-client';
import { provideSession, type SessionProvider } from 'shared/auth-session';
import { takeReturnPath } from 'shared/post-login';
import { createAppStore, type AuthUser } from 'shared/store';
import { axeViolations } from 'shared/ui/staff/testing';
import type { ManageResponse } from '../monthly/manage-schemas';
import { misDonacionesTexts as t, monthlyManageTexts as m } from '../texts';
import MisDonacionesPage, { serverRender } from './mis-donaciones-page';
import { mineOperations as ops } from './operations';
import { mineTexts, type MyDonationsResponse } from './schemas';

/** The visitor's session, as the account remote provides it (the identity provider stays out of the test). */
const session = { token: 'token-de-camila' as string | null, logout: jest.fn<SessionProvider['logout']>() };
provideSession({ getIdToken: async () => session.token, logout: () => session.logout() });

const user: AuthUser = {
  sub: 'sub-camila',
  email: 'camila@example.com',
  name: 'Camila Rojas',
  phone_number: '+573105550000',
  email_verified: true,
};

const gift = (reference: string, over: Partial<ManageResponse> = {}): ManageResponse => ({
  reference,
  amount: 35000,
  status: 'authorized',
  next_payment_date: '2026-12-15T15:00:00.000Z',
  failing: false,
  created_at: '2026-10-15T15:00:00.000Z',
  cancelled_at: null,
  charges: [{ reference: `${reference}-c1`, amount: 35000, status: 'approved', date: '2026-11-15T15:00:00.000Z' }],
  ...over,
});
const both: MyDonationsResponse = {
  monthly: [
    gift('MEN-uno'),
    gift('MEN-dos', { amount: 20000, status: 'paused', next_payment_date: null, created_at: '2026-06-01T15:00:00.000Z' }),
  ],
  donations: [{ reference: 'DON-once', amount: 80000, date: '2026-03-02T15:00:00.000Z', status: 'approved' }],
};

function open(operations: ScriptedOperation[], signedIn = true) {
  const fake = fakeApiClient({ 'GET /api/giving/donation-bounds': ok({ min: 5000, max: 20_000_000 }) }, operations);
  const store = createAppStore({
    auth: signedIn
      ? { user, isAuthenticated: true, loginTime: Date.now(), notice: null }
      : { user: null, isAuthenticated: false, loginTime: null, notice: null },
  });
  const { container } = render(
    <Provider store={store}>
      <ApiClientProvider client={fake.client}>
        <MisDonacionesPage />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, container, store };
}
const writes = (calls: { method: string }[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => {
  session.token = 'token-de-camila';
  session.logout.mockReset();
});

describe('Mis donaciones (/mis-donaciones)', () => {
  it('is left to the browser, and lists each monthly gift with its actions, the one-time gifts and the certificates; no axe violations', async () => {
    expect(serverRender).toBe(false);
    const { calls, container } = open([on(ops.list, ok(both))]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Donación mensual desde el 15 de octubre de 2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Donación mensual desde el 1 de junio de 2026' })).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Donación mensual desde el 15 de octubre de 2026' });
    expect(within(first).getByText('Activa')).toBeTruthy();
    expect(within(first).getByRole('button', { name: m.pause })).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Donación mensual desde el 1 de junio de 2026' });
    expect(within(second).getByText('Pausada')).toBeTruthy();
    expect(within(second).getByRole('button', { name: m.resume })).toBeTruthy();
    const oneTime = screen.getByRole('region', { name: t.oneTimeCaption });
    expect(
      within(oneTime)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FechaValorEstadoReferencia', '2 de marzo de 2026$ 80.000AprobadoDON-once']);
    expect(screen.getByRole('heading', { level: 2, name: t.certificatesTitle })).toBeTruthy();
    // Asked with the session's token.
    expect(calls.filter((c) => c.path === '/api/giving/mine').map((c) => c.token)).toEqual(['token-de-camila']);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('pauses one gift by its reference with the session, and shows the answer on that gift only', async () => {
    const user = userEvent.setup();
    const { calls } = open([on(ops.list, ok(both)), on(ops.pause, ok(gift('MEN-uno', { status: 'paused', next_payment_date: null })))]);
    const first = await screen.findByRole('article', { name: 'Donación mensual desde el 15 de octubre de 2026' });
    await user.click(within(first).getByRole('button', { name: m.pause }));
    await waitFor(() => expect(within(first).getByRole('status').textContent).toBe(m.paused));
    expect(document.activeElement).toBe(within(first).getByRole('status'));
    expect(within(first).getByText('Pausada')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/giving/mine/MEN-uno/pause', token: 'token-de-camila' }),
    ]);
  });

  it('cancels only after the confirmation, with it in the request', async () => {
    const user = userEvent.setup();
    const cancelled = gift('MEN-uno', { status: 'cancelled', next_payment_date: null, cancelled_at: '2026-11-28T15:00:00.000Z' });
    const { calls } = open([on(ops.list, ok({ ...both, monthly: [gift('MEN-uno')] })), on(ops.cancel, ok(cancelled))]);
    await user.click(await screen.findByRole('button', { name: m.cancel }));
    expect(writes(calls)).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: m.confirmTitle }));
    await user.click(screen.getByRole('button', { name: m.confirmYes }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(m.cancelled));
    expect(writes(calls)).toEqual([expect.objectContaining({ path: '/api/giving/mine/MEN-uno/cancel', body: { confirm: true } })]);
    expect(screen.getByText('Cancelada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.pause })).toBeNull();
  });

  it('asks to verify the address when the server says it is not verified (403)', async () => {
    open([on(ops.list, apiError(403, 'email_not_verified', mineTexts.notVerified))]);
    expect(await screen.findByText(mineTexts.notVerified)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.verifyLink }).getAttribute('href')).toBe('/confirm-email');
  });

  it('asks an anonymous visitor to sign in, and brings them back here after it; nothing is asked of the server', async () => {
    const user = userEvent.setup();
    const { calls } = open([on(ops.list, ok(both))], false);
    expect(screen.getByRole('heading', { level: 2, name: t.anonymousTitle })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: t.loginButton }));
    expect(takeReturnPath()).toBe('/mis-donaciones');
    expect(calls).toEqual([]);
  });

  it('ends the session the server refused (401) and says so', async () => {
    const { store } = open([on(ops.list, apiError(401, 'unauthorized', 'Inicia sesión para continuar.'))]);
    expect(await screen.findByText(t.sessionExpired)).toBeTruthy();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(session.logout).toHaveBeenCalled();
  });

  it('says when there are no gifts yet and links to donating', async () => {
    open([on(ops.list, ok({ monthly: [], donations: [] }))]);
    expect(await screen.findByRole('heading', { level: 2, name: t.emptyTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: t.donate }).getAttribute('href')).toBe('/contribuciones');
  });
});

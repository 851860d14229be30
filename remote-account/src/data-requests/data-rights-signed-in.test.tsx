/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeOperations, ok, on } from 'shared/api/fake-client';
import type { SessionProvider } from 'shared/auth-session';
import { createAppStore, type AuthUser } from 'shared/store';
import { dataRightsOperations as ops } from './operations';

/** The visitor's session: its token, or none once it ended (the identity provider stays out of the test). */
const session = { token: 'token-de-martina' as string | null };
const provider: SessionProvider = { getIdToken: async () => session.token, logout: async () => undefined };
jest.unstable_mockModule('../session/use-account-session', () => ({ useAccountSession: () => provider }));
const { default: DataRightsPage } = await import('./data-rights-page');

const martina: AuthUser = { email: 'martina@example.com', name: 'Martina Ñáñez', phone_number: '', sub: 'abc', email_verified: true };
const filed = {
  success: true as const,
  radicado: 'DP-2026-000007',
  kind: 'acceso' as const,
  createdAt: '2026-03-16T15:00:00.000Z',
  dueDate: '2026-03-31',
  termDays: 10,
};

function open() {
  const fake = fakeOperations(
    on(ops.fileDataRequest, ok(filed, 201)),
    on(ops.dataRequestCode, ok({ success: true, message: 'Te enviamos un código.', minutes: 15 })),
  );
  const store = createAppStore({ auth: { user: martina, isAuthenticated: true, loginTime: Date.now(), notice: null } });
  render(
    <Provider store={store}>
      <ApiClientProvider client={fake.client}>
        <DataRightsPage />
      </ApiClientProvider>
    </Provider>,
  );
  return fake;
}

async function fileRequest() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: /Conocer mis datos/ }));
  await user.type(screen.getByLabelText(/^Cuéntanos tu solicitud/), 'Quiero saber qué datos tienen.');
  await user.click(screen.getByRole('button', { name: /Radicar mi solicitud|Enviarme el código/ }));
}

beforeEach(() => {
  session.token = 'token-de-martina';
});

describe('the data subject’s request page, signed in with a verified address', () => {
  it("files with the session's token, which the page never handles, and asks for no code", async () => {
    const fake = open();
    await fileRequest();
    expect(await screen.findByText(/DP-2026-000007/)).toBeTruthy();
    expect(fake.calls.map((c) => [c.path, c.token])).toEqual([['/api/account/data-requests', 'token-de-martina']]);
  });

  it('sends nothing with the session once it ended: the address is proved with a code instead, as for anyone', async () => {
    session.token = null;
    const fake = open();
    await fileRequest();
    await screen.findByRole('heading', { name: 'Escribe el código' });
    expect(fake.calls.map((c) => [c.path, c.token])).toEqual([['/api/account/data-requests/codigo', undefined]]);
  });
});

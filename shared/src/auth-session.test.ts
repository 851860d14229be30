import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  getIdToken,
  loadSession,
  logoutSession,
  provideSession,
  resetSessionContract,
  setSessionLoader,
  type SessionProvider,
} from './auth-session';

const provider = (token: string | null): SessionProvider & { logout: jest.Mock<() => Promise<void>> } => ({
  getIdToken: async () => token,
  logout: jest.fn(async () => undefined),
});

describe('session contract (shared/auth-session)', () => {
  afterEach(() => resetSessionContract());

  it("forgets the last checkout's personal data and claims on logout, even before the provider answers (#11 row 10)", async () => {
    const store = new Map<string, string>([
      ['student_registration_data', '{"value":{},"expires_at":9999999999999}'],
      ['payment_claims', '{"ENR-1":{"secret":"s","expires_at":9999999999999}}'],
      ['pending_payment', '{}'],
      ['paymentTypeItem', 'courses'],
    ]);
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    try {
      const p = provider('id-token');
      p.logout.mockImplementation(() => new Promise(() => undefined)); // the provider never answers (offline)
      provideSession(p);
      void logoutSession();
      await new Promise((r) => setTimeout(r, 0));
      expect([...store.keys()]).toEqual(['paymentTypeItem']);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });

  it('answers null while no app provides a session (anonymous pages never load the identity SDK)', async () => {
    expect(await getIdToken()).toBeNull();
    await expect(logoutSession()).resolves.toBeUndefined();
  });

  it('loads the provider once through the shell’s loader, on first need', async () => {
    const p = provider('id-token');
    const loader = jest.fn(async () => p);
    setSessionLoader(loader);
    expect(loader).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([getIdToken(), getIdToken()]);
    expect([a, b]).toEqual(['id-token', 'id-token']);
    await logoutSession();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(p.logout).toHaveBeenCalledTimes(1);
  });

  it('prefers a provider registered directly, and retries a loader that failed', async () => {
    const loader = jest.fn<() => Promise<SessionProvider>>().mockRejectedValueOnce(new Error('remoto caído'));
    loader.mockResolvedValueOnce(provider('segundo'));
    setSessionLoader(loader);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadSession()).toBeNull();
    spy.mockRestore();
    expect(await getIdToken()).toBe('segundo');
    provideSession(provider('directo'));
    expect(await getIdToken()).toBe('directo');
  });

  it('a provider that throws yields no token instead of breaking the caller', async () => {
    provideSession({
      getIdToken: async () => {
        throw new Error('red');
      },
      logout: async () => undefined,
    });
    expect(await getIdToken()).toBeNull();
  });
});

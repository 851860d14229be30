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

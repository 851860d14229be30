import { describe, expect, it, jest } from '@jest/globals';
import type { AuthUser } from 'shared/store';

const user: AuthUser = { sub: 'sub-carlos', email: 'carlos@example.com', name: 'Carlos', phone_number: '', email_verified: true };
let answerUser: (value: AuthUser | null) => void = () => undefined;
jest.unstable_mockModule('../identity/client', () => ({
  currentSession: async () => ({ status: 'valid', idToken: 'token-de-carlos' }),
  currentUser: () => new Promise<AuthUser | null>((resolve) => (answerUser = resolve)),
  logout: async () => undefined,
}));
const { attachSession, validateSession } = await import('./session');
const { createAppStore, signedOut } = await import('shared/store');

describe('the remembered session check', () => {
  it('does not sign back in a person who signed out while it was asking the provider (another tab, a shared computer)', async () => {
    const store = createAppStore({ auth: { user, isAuthenticated: true, loginTime: Date.now(), notice: null } });
    attachSession(store);
    const checking = validateSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The sign-out in another tab reaches this one (shell/src/session.ts follows the remembered user record).
    store.dispatch(signedOut());
    answerUser(user);
    await checking;
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });
});

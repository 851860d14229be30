import { createSlice } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  AUTH_STORAGE_KEY,
  createAppStore,
  injectSlice,
  paymentTypeChanged,
  PAYMENT_TYPE_STORAGE_KEY,
  readStoredPaymentType,
  selectFirstName,
  selectIsAuthenticated,
  selectPaymentType,
  signedIn,
  signedOut,
} from './index';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const user = { email: 'ana@example.com', name: 'Ana María Pérez', phone_number: '+573001112233', sub: 'abc', email_verified: true };

describe('store contract', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });

  it('starts with payment type "courses" and remembers a change in localStorage paymentTypeItem', () => {
    const store = createAppStore();
    expect(selectPaymentType(store.getState())).toBe('courses');
    store.dispatch(paymentTypeChanged('donations'));
    expect(storage.getItem(PAYMENT_TYPE_STORAGE_KEY)).toBe('donations');
    expect(selectPaymentType(createAppStore().getState())).toBe('donations');
  });

  it('falls back to the default when storage holds junk or throws', () => {
    storage.setItem(PAYMENT_TYPE_STORAGE_KEY, 'bitcoin');
    expect(readStoredPaymentType(storage)).toBe('courses');
    expect(
      readStoredPaymentType({
        getItem() {
          throw new Error('blocked');
        },
      }),
    ).toBe('courses');
  });

  it('signs a user in and out, exposing the first name for the header greeting', () => {
    const store = createAppStore();
    store.dispatch(signedIn({ user, loginTime: 1700000000000 }));
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectFirstName(store.getState())).toBe('Ana');
    expect(store.getState().auth.loginTime).toBe(1700000000000);
    store.dispatch(signedOut());
    expect(store.getState().auth).toEqual({ user: null, isAuthenticated: false, loginTime: null, notice: null });
  });

  it('remembers the signed-in user in localStorage, so a new page greets at once, and forgets it on sign-out', () => {
    const store = createAppStore();
    store.dispatch(signedIn({ user, loginTime: 1700000000000 }));
    expect(JSON.parse(storage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ user, isAuthenticated: true, loginTime: 1700000000000 });
    const next = createAppStore();
    expect(selectIsAuthenticated(next.getState())).toBe(true);
    expect(selectFirstName(next.getState())).toBe('Ana');
    next.dispatch(signedOut('Sesión expirada'));
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(next.getState().auth.notice).toBe('Sesión expirada');
    expect(selectIsAuthenticated(createAppStore().getState())).toBe(false);
  });

  it('starts anonymous when the stored user record is corrupt or incomplete', () => {
    storage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(selectIsAuthenticated(createAppStore().getState())).toBe(false);
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { email: 'x@y.z' }, isAuthenticated: true, loginTime: 1 }));
    expect(selectIsAuthenticated(createAppStore().getState())).toBe(false);
  });

  it("injects a remote's slice into the one root reducer", () => {
    const counter = createSlice({
      name: 'probeCounter',
      initialState: { n: 0 },
      reducers: { bumped: (s) => void (s.n += 1) },
      selectors: { selectN: (s) => s.n },
    });
    const injected = injectSlice(counter);
    const store = createAppStore();
    store.dispatch(counter.actions.bumped());
    expect(injected.selectors.selectN(store.getState() as never)).toBe(1);
    expect(selectPaymentType(store.getState())).toBe('courses');
  });
});

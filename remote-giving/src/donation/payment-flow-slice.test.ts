import { beforeEach, describe, expect, it } from '@jest/globals';
import { createAppStore } from 'shared/store';
import { checkoutFailed, checkoutReceived, checkoutRequested, paymentFlowSlice, reset, selectPaymentFlow } from './payment-flow-slice';

describe('payment flow slice (spec §4 Payment flow)', () => {
  beforeEach(() => {
    // The store reads the remembered payment type; no browser storage here.
    Object.defineProperty(globalThis, 'localStorage', { value: undefined, configurable: true });
  });

  it('starts idle', () => {
    const store = createAppStore();
    expect(selectPaymentFlow(store.getState())).toEqual({ status: 'idle' });
  });

  it('goes idle → loading → success', () => {
    const store = createAppStore();
    store.dispatch(checkoutRequested());
    expect(selectPaymentFlow(store.getState()).status).toBe('loading');
    store.dispatch(checkoutReceived());
    expect(selectPaymentFlow(store.getState()).status).toBe('success');
  });

  it('goes loading → error; a new request is the retry; reset returns to idle', () => {
    const store = createAppStore();
    store.dispatch(checkoutRequested());
    store.dispatch(checkoutFailed());
    expect(selectPaymentFlow(store.getState()).status).toBe('error');
    expect(paymentFlowSlice.reducer({ status: 'error' }, checkoutRequested()).status).toBe('loading');
    store.dispatch(reset());
    expect(selectPaymentFlow(store.getState())).toEqual({ status: 'idle' });
  });
});

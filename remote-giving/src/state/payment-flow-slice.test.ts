import { beforeEach, describe, expect, it } from '@jest/globals';
import { createAppStore } from 'shared/store';
import {
  checkoutFailed,
  checkoutReceived,
  checkoutRequested,
  paymentFlowSlice,
  reset,
  retried,
  selectPaymentFlow,
  type PaymentFlowState,
} from './payment-flow-slice';

const preference = {
  init_point: 'http://127.0.0.1:8090/checkout/v1/redirect?pref_id=123',
  id: '123',
  date_created: '2026-11-21T10:00:00.000-05:00',
  expires_at: '2026-11-24T10:00:00.000-05:00',
  external_reference: 'DON-abc',
};

describe('payment flow slice (spec §4 Payment flow)', () => {
  beforeEach(() => {
    // The store reads the remembered payment type; no browser storage here.
    Object.defineProperty(globalThis, 'localStorage', { value: undefined, configurable: true });
  });

  it('starts idle with nothing stored', () => {
    const store = createAppStore();
    expect(selectPaymentFlow(store.getState())).toEqual({ status: 'idle', preference: null, error: null, retryCount: 0 });
  });

  it('goes idle → loading → success and keeps the checkout url, id, dates and reference', () => {
    const store = createAppStore();
    store.dispatch(checkoutRequested());
    expect(selectPaymentFlow(store.getState()).status).toBe('loading');
    store.dispatch(checkoutReceived(preference));
    expect(selectPaymentFlow(store.getState())).toMatchObject({ status: 'success', preference, error: null });
  });

  it('goes loading → error with the message; retry returns to idle and counts; reset clears everything', () => {
    const store = createAppStore();
    store.dispatch(checkoutRequested());
    store.dispatch(checkoutFailed('Error procesando la donación. Por favor intenta de nuevo.'));
    expect(selectPaymentFlow(store.getState())).toMatchObject({
      status: 'error',
      error: 'Error procesando la donación. Por favor intenta de nuevo.',
    });
    store.dispatch(retried());
    store.dispatch(checkoutRequested());
    store.dispatch(checkoutFailed('otra vez'));
    store.dispatch(retried());
    expect(selectPaymentFlow(store.getState())).toMatchObject({ status: 'idle', error: null, retryCount: 2 });
    store.dispatch(reset());
    expect(selectPaymentFlow(store.getState())).toEqual({ status: 'idle', preference: null, error: null, retryCount: 0 });
  });

  it('a new request clears the previous error', () => {
    const failed: PaymentFlowState = { status: 'error', preference: null, error: 'x', retryCount: 0 };
    expect(paymentFlowSlice.reducer(failed, checkoutRequested())).toMatchObject({ status: 'loading', error: null });
  });
});

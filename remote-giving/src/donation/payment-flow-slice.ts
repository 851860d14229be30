import { createSlice } from '@reduxjs/toolkit';
import { injectSlice, type WithSlice } from 'shared/store';

export interface PaymentFlowState {
  status: 'idle' | 'loading' | 'success' | 'error';
}

const initialState: PaymentFlowState = { status: 'idle' };

/**
 * Payment flow (spec §4): idle → loading → success | error; a new request after an error is the retry; reset clears.
 * Only the status lives here (the page reads it to stay busy while the browser leaves for the checkout); the checkout
 * itself is the API's answer (`ContributionResponse`) and goes straight to the redirect.
 */
export const paymentFlowSlice = createSlice({
  name: 'paymentFlow',
  initialState,
  reducers: {
    checkoutRequested(state) {
      state.status = 'loading';
    },
    checkoutReceived(state) {
      state.status = 'success';
    },
    checkoutFailed(state) {
      state.status = 'error';
    },
    reset() {
      return initialState;
    },
  },
  selectors: {
    selectPaymentFlow: (s) => s,
  },
});

declare module 'shared/store' {
  interface LazyLoadedSlices extends WithSlice<typeof paymentFlowSlice> {}
}

export const injectedPaymentFlow = injectSlice(paymentFlowSlice);
export const { checkoutRequested, checkoutReceived, checkoutFailed, reset } = paymentFlowSlice.actions;
export const { selectPaymentFlow } = injectedPaymentFlow.selectors;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { injectSlice, type WithSlice } from 'shared/store';

/** What the provider answered when a checkout was created (spec §3 Payment response). */
export interface CheckoutPreference {
  init_point: string;
  id: string;
  date_created?: string;
  expires_at?: string;
  external_reference?: string;
}

export interface PaymentFlowState {
  status: 'idle' | 'loading' | 'success' | 'error';
  preference: CheckoutPreference | null;
  error: string | null;
  retryCount: number;
}

const initialState: PaymentFlowState = { status: 'idle', preference: null, error: null, retryCount: 0 };

/** Payment flow (spec §4): idle → loading → success | error; retry returns to idle and counts; reset clears. */
export const paymentFlowSlice = createSlice({
  name: 'paymentFlow',
  initialState,
  reducers: {
    checkoutRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    checkoutReceived(state, action: PayloadAction<CheckoutPreference>) {
      state.status = 'success';
      state.preference = action.payload;
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    retried(state) {
      state.status = 'idle';
      state.error = null;
      state.retryCount += 1;
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
export const { checkoutRequested, checkoutReceived, checkoutFailed, retried, reset } = paymentFlowSlice.actions;
export const { selectPaymentFlow } = injectedPaymentFlow.selectors;

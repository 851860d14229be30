import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type PaymentType = 'courses' | 'donations';

/** localStorage key the spec names for the remembered payment type. */
export const PAYMENT_TYPE_STORAGE_KEY = 'paymentTypeItem';
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'courses';

export function isPaymentType(value: unknown): value is PaymentType {
  return value === 'courses' || value === 'donations';
}

/** Reads the remembered payment type; storage that is missing, blocked or corrupt yields the default. */
export function readStoredPaymentType(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): PaymentType {
  try {
    const value = storage?.getItem(PAYMENT_TYPE_STORAGE_KEY);
    return isPaymentType(value) ? value : DEFAULT_PAYMENT_TYPE;
  } catch {
    return DEFAULT_PAYMENT_TYPE;
  }
}

export interface PaymentTypeState {
  value: PaymentType;
}

export const paymentTypeSlice = createSlice({
  name: 'paymentType',
  initialState: (): PaymentTypeState => ({ value: readStoredPaymentType() }),
  reducers: {
    paymentTypeChanged(state, action: PayloadAction<PaymentType>) {
      state.value = action.payload;
    },
  },
  selectors: {
    selectPaymentType: (s) => s.value,
  },
});

export const { paymentTypeChanged } = paymentTypeSlice.actions;
export const { selectPaymentType } = paymentTypeSlice.selectors;

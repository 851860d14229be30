import { useEffect } from 'react';
import { paymentTypeChanged, selectPaymentType, useAppDispatch, useAppSelector, type PaymentType } from 'shared/store';
import { clearStoredInputs } from './browser-storage';

/**
 * Declares which payment a page takes (spec §4 Payment type): remembers it through the store (localStorage
 * `paymentTypeItem`) and clears the stored form inputs on mount and whenever the type changes.
 */
export function usePaymentType(type: PaymentType): PaymentType {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectPaymentType);
  useEffect(() => {
    dispatch(paymentTypeChanged(type));
  }, [dispatch, type]);
  useEffect(() => {
    clearStoredInputs();
  }, [current]);
  return current;
}

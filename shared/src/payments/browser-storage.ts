import type { PaymentType } from '../store/payment-type-slice';

/** Browser-stored values of the payment flows (spec §3): hints for the next pages, never proof of anything. */
export const PENDING_PAYMENT_KEY = 'pending_payment';

/** Stored form inputs per payment type (spec §3, §4): cleared on mount and whenever the type changes. */
export const INPUT_VALUES_KEYS: Record<PaymentType, string> = {
  donations: 'inputDonationsValues',
  courses: 'inputSubscribersValues',
};

/** Pending donation kept between the checkout and the result page (spec §3 Pending donation). */
export interface PendingDonation {
  payment_id: string;
  external_reference: string;
  amount: number;
  timestamp: number;
}

/** Where the browser keeps values; tests pass a memory implementation. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const defaultStorage = (): KeyValueStorage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // Reading localStorage throws when the browser blocks storage.
    return undefined;
  }
};

/** Stores a value as JSON; full or blocked storage only loses a convenience, so it never throws. */
export function storeJson(key: string, value: unknown, storage = defaultStorage()) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // nothing to do: the server has the record
  }
}

/** Reads a JSON value; missing, blocked or corrupt storage yields null. */
export function readJson<T>(key: string, storage = defaultStorage()): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Removes a value; never throws. */
export function removeKey(key: string, storage = defaultStorage()) {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** Forgets the stored form inputs of every payment type, so inputs live only within one page session. */
export function clearStoredInputs(storage = defaultStorage()) {
  for (const key of Object.values(INPUT_VALUES_KEYS)) removeKey(key, storage);
}

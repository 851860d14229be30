import type { PaymentType } from '../store/payment-type-slice';

/** Browser-stored values of the payment flows (spec §3): hints for the next pages, never proof of anything. */
export const PENDING_PAYMENT_KEY = 'pending_payment';

/** Student data kept for the account opened after payment (spec §3); personal data, so it expires (see below). */
export const STUDENT_DATA_KEY = 'student_registration_data';

/** The claim secrets this browser was given with its checkouts, by external reference (see `rememberClaim`). */
export const PAYMENT_CLAIMS_KEY = 'payment_claims';

/** Student data lives at most this long (or until its payment reaches a final state, or logout). */
export const STUDENT_DATA_TTL_MS = 24 * 3600_000;

/** A claim outlives the provider's checkout (72 h) and the slowest cash payment's confirmation window. */
export const CLAIM_TTL_MS = 7 * 24 * 3600_000;

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

/** What `storeExpiring` writes: the value and when it stops being read. */
interface Expiring<T> {
  value: T;
  expires_at: number;
}

/** Stores personal data that must not outlive `ttlMs` on this device. */
export function storeExpiring(key: string, value: unknown, ttlMs: number, storage = defaultStorage(), now = Date.now()) {
  storeJson(key, { value, expires_at: now + ttlMs } satisfies Expiring<unknown>, storage);
}

/** Reads what `storeExpiring` wrote; an expired (or unreadable) value is removed and yields null. */
export function readExpiring<T>(key: string, storage = defaultStorage(), now = Date.now()): T | null {
  const stored = readJson<Partial<Expiring<T>>>(key, storage);
  if (stored && typeof stored.expires_at === 'number' && stored.expires_at > now && stored.value !== undefined) return stored.value;
  if (stored) removeKey(key, storage);
  return null;
}

type Claims = Record<string, { secret: string; expires_at: number }>;

const liveClaims = (storage: KeyValueStorage | undefined, now: number): Claims => {
  const all = readJson<Claims>(PAYMENT_CLAIMS_KEY, storage) ?? {};
  return Object.fromEntries(
    Object.entries(all).filter(([, c]) => typeof c?.secret === 'string' && typeof c.expires_at === 'number' && c.expires_at > now),
  );
};

/**
 * Keeps the claim secret the server handed out with a checkout. Only this browser has it: the result pages send it to
 * see the payment, and the success page to open the account, so a shared or guessed return URL gets neither.
 */
export function rememberClaim(reference: string, secret: string, storage = defaultStorage(), now = Date.now()) {
  storeJson(PAYMENT_CLAIMS_KEY, { ...liveClaims(storage, now), [reference]: { secret, expires_at: now + CLAIM_TTL_MS } }, storage);
}

/** The claim secret of a checkout started in this browser, or null. */
export function claimFor(reference: string, storage = defaultStorage(), now = Date.now()): string | null {
  return liveClaims(storage, now)[reference]?.secret ?? null;
}

/** Forgets what this device kept of past checkouts: student data, pending payment and claims (on logout). */
export function forgetPaymentTraces(storage = defaultStorage()) {
  for (const key of [STUDENT_DATA_KEY, PENDING_PAYMENT_KEY, PAYMENT_CLAIMS_KEY]) removeKey(key, storage);
  clearStoredInputs(storage);
}

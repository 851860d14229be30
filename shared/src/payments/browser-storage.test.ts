import { describe, expect, it } from '@jest/globals';
import {
  claimFor,
  clearStoredInputs,
  CLAIM_TTL_MS,
  forgetPaymentTraces,
  INPUT_VALUES_KEYS,
  PENDING_PAYMENT_KEY,
  readExpiring,
  readJson,
  rememberClaim,
  removeKey,
  storeExpiring,
  storeJson,
  STUDENT_DATA_KEY,
  STUDENT_DATA_TTL_MS,
  type KeyValueStorage,
} from './browser-storage';

function memory(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const blocked: KeyValueStorage = {
  getItem() {
    throw new Error('blocked');
  },
  setItem() {
    throw new Error('blocked');
  },
  removeItem() {
    throw new Error('blocked');
  },
};

describe('browser-stored payment values (spec §3)', () => {
  it('keeps a pending donation as JSON under pending_payment', () => {
    const s = memory();
    const pending = { payment_id: 'pref-1', external_reference: 'DON-1', amount: 50000, timestamp: 1 };
    storeJson(PENDING_PAYMENT_KEY, pending, s);
    expect(s.map.get('pending_payment')).toBe(JSON.stringify(pending));
    expect(readJson(PENDING_PAYMENT_KEY, s)).toEqual(pending);
    removeKey(PENDING_PAYMENT_KEY, s);
    expect(readJson(PENDING_PAYMENT_KEY, s)).toBeNull();
  });

  it('clears the stored inputs of both payment types', () => {
    const s = memory();
    s.setItem(INPUT_VALUES_KEYS.donations, '{"email":"a@b.co"}');
    s.setItem(INPUT_VALUES_KEYS.courses, '{}');
    s.setItem('paymentTypeItem', 'donations');
    clearStoredInputs(s);
    expect([...s.map.keys()]).toEqual(['paymentTypeItem']);
    expect(INPUT_VALUES_KEYS).toEqual({ donations: 'inputDonationsValues', courses: 'inputSubscribersValues' });
  });

  it('never throws on blocked or corrupt storage', () => {
    expect(() => storeJson('k', 1, blocked)).not.toThrow();
    expect(readJson('k', blocked)).toBeNull();
    expect(() => clearStoredInputs(blocked)).not.toThrow();
    const s = memory();
    s.setItem('k', '{not json');
    expect(readJson('k', s)).toBeNull();
  });
});

describe('personal data and claims kept by a checkout (#11 row 10)', () => {
  it('keeps student data under its spec key for 24 hours at most, then drops it when read', () => {
    const s = memory();
    const t0 = 1_000_000;
    storeExpiring(STUDENT_DATA_KEY, { email: 'ana@example.com' }, STUDENT_DATA_TTL_MS, s, t0);
    expect(readExpiring(STUDENT_DATA_KEY, s, t0 + STUDENT_DATA_TTL_MS - 1)).toEqual({ email: 'ana@example.com' });
    expect(readExpiring(STUDENT_DATA_KEY, s, t0 + STUDENT_DATA_TTL_MS)).toBeNull();
    expect(s.map.has(STUDENT_DATA_KEY)).toBe(false);
  });

  it('drops data stored without an expiry (an older build, or written by hand)', () => {
    const s = memory();
    s.setItem(STUDENT_DATA_KEY, JSON.stringify({ email: 'ana@example.com' }));
    expect(readExpiring(STUDENT_DATA_KEY, s)).toBeNull();
    expect(s.map.has(STUDENT_DATA_KEY)).toBe(false);
  });

  it('remembers claim secrets per reference until they expire', () => {
    const s = memory();
    rememberClaim('ENR-1', 'secreto-uno', s, 0);
    rememberClaim('DON-2', 'secreto-dos', s, 10);
    expect(claimFor('ENR-1', s, 20)).toBe('secreto-uno');
    expect(claimFor('DON-2', s, 20)).toBe('secreto-dos');
    expect(claimFor('ENR-9', s, 20)).toBeNull();
    expect(claimFor('ENR-1', s, CLAIM_TTL_MS)).toBeNull();
    // Remembering another claim prunes the expired ones.
    rememberClaim('ENR-3', 'secreto-tres', s, CLAIM_TTL_MS + 5);
    expect(Object.keys(JSON.parse(s.map.get('payment_claims') ?? '{}') as object)).toEqual(['DON-2', 'ENR-3']);
  });

  it('forgets every trace of past checkouts at once (logout)', () => {
    const s = memory();
    storeExpiring(STUDENT_DATA_KEY, { email: 'ana@example.com' }, STUDENT_DATA_TTL_MS, s);
    storeJson(PENDING_PAYMENT_KEY, { payment_id: 'pref-1' }, s);
    rememberClaim('ENR-1', 'secreto', s);
    s.setItem(INPUT_VALUES_KEYS.donations, '{}');
    s.setItem('paymentTypeItem', 'courses');
    forgetPaymentTraces(s);
    expect([...s.map.keys()]).toEqual(['paymentTypeItem']);
  });
});

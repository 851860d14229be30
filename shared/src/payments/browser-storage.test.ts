import { describe, expect, it } from '@jest/globals';
import {
  clearStoredInputs,
  INPUT_VALUES_KEYS,
  PENDING_PAYMENT_KEY,
  readJson,
  removeKey,
  storeJson,
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

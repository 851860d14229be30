import { describe, expect, it } from '@jest/globals';
import { shouldApplyPayment, type ProviderPayment } from './provider';
import { signNotification, verifyNotificationSignature } from './signature';

const secret = 'secreto-de-pruebas';

describe('notification signatures', () => {
  const ts = Math.floor(Date.now() / 1000);
  const signature = signNotification(secret, '123456', 'req-1', ts);

  it('accepts what the provider signs', () => {
    expect(verifyNotificationSignature({ secret, signature, requestId: 'req-1', dataId: '123456' })).toEqual({ ok: true });
  });
  it('refuses a forged, mismatched, stale, malformed or missing signature', () => {
    expect(verifyNotificationSignature({ secret: 'otro', signature, requestId: 'req-1', dataId: '123456' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyNotificationSignature({ secret, signature, requestId: 'req-2', dataId: '123456' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyNotificationSignature({ secret, signature, requestId: 'req-1', dataId: '999' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const old = signNotification(secret, '123456', 'req-1', ts - 3600);
    expect(verifyNotificationSignature({ secret, signature: old, requestId: 'req-1', dataId: '123456' })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyNotificationSignature({ secret, signature: 'ts=abc,v1=zz', requestId: 'req-1', dataId: '1' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyNotificationSignature({ secret, signature: undefined, requestId: 'req-1', dataId: '1' })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

const payment = (id: string, status: string, created = '2026-11-21T10:00:00Z'): ProviderPayment => ({
  id,
  status,
  status_detail: null,
  payment_type_id: 'credit_card',
  payment_method_id: 'visa',
  transaction_amount: 119900,
  currency_id: 'COP',
  external_reference: 'ENR-1',
  date_created: created,
  date_approved: null,
  date_last_updated: null,
  date_of_expiration: null,
});

describe('applying payment reports', () => {
  const fresh = { payment_id: null, payment_status: 'processing...', payment_created_at: null };
  it('applies the first report', () => expect(shouldApplyPayment(fresh, payment('1', 'pending'))).toBe(true));
  it('moves the same payment forward, never back', () => {
    const approved = { payment_id: '1', payment_status: 'approved', payment_created_at: '2026-11-21T10:00:00Z' };
    expect(shouldApplyPayment({ ...approved, payment_status: 'in_process' }, payment('1', 'approved'))).toBe(true);
    expect(shouldApplyPayment(approved, payment('1', 'in_process'))).toBe(false);
    expect(shouldApplyPayment(approved, payment('1', 'pending'))).toBe(false);
    expect(shouldApplyPayment(approved, payment('1', 'rejected'))).toBe(false);
    expect(shouldApplyPayment(approved, payment('1', 'approved'))).toBe(true);
    expect(shouldApplyPayment(approved, payment('1', 'refunded'))).toBe(true);
  });
  it('lets a newer payment replace a rejected one, but nothing replaces a paid record', () => {
    const rejected = { payment_id: '1', payment_status: 'rejected', payment_created_at: '2026-11-21T10:00:00Z' };
    expect(shouldApplyPayment(rejected, payment('2', 'approved', '2026-11-21T10:05:00Z'))).toBe(true);
    const approved = { payment_id: '2', payment_status: 'approved', payment_created_at: '2026-11-21T10:05:00Z' };
    expect(shouldApplyPayment(approved, payment('1', 'rejected', '2026-11-21T10:00:00Z'))).toBe(false);
    const pendingNew = { payment_id: '3', payment_status: 'pending', payment_created_at: '2026-11-21T11:00:00Z' };
    expect(shouldApplyPayment(pendingNew, payment('1', 'rejected', '2026-11-21T10:00:00Z'))).toBe(false);
  });
});

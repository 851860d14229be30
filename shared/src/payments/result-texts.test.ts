import { describe, expect, it } from '@jest/globals';
import { checkedSentence, failureReason, paymentMethodLabel, processingTime, readReturnParams, statusLabel } from './result-texts';

describe('payment result texts (spec §8, §9)', () => {
  it('gives the failure reason by status and detail', () => {
    expect(failureReason('rejected', 'cc_rejected_insufficient_amount')).toBe('Fondos insuficientes en tu tarjeta');
    expect(failureReason('rejected', 'cc_rejected_bad_filled_security_code')).toBe('Código de seguridad incorrecto');
    expect(failureReason('rejected', 'cc_rejected_other_reason')).toBe('El pago fue rechazado por el banco');
    expect(failureReason('cancelled', null)).toBe('El pago fue cancelado');
    expect(failureReason(null, null)).toBe('Hubo un problema procesando tu pago');
  });

  it('gives the processing time by payment type', () => {
    expect(processingTime('bank_transfer')).toMatch(/1 a 2 días hábiles/);
    expect(processingTime('ticket')).toMatch(/1 a 3 días hábiles/);
    expect(processingTime('atm')).toMatch(/1 a 2 días hábiles/);
    expect(processingTime(null)).toMatch(/1 a 3 días hábiles/);
  });

  it('names known statuses and shows others as received', () => {
    expect(statusLabel('in_process')).toBe('En proceso');
    expect(statusLabel('authorized')).toBe('Autorizado');
    // #31: a status nobody named yet never shows its provider code to the visitor.
    expect(statusLabel('some_new_status')).toBe('Desconocido');
    expect(statusLabel('')).toBe('Pendiente');
  });

  it("reads the provider's return query as a hint", () => {
    expect(readReturnParams('?collection_id=123&collection_status=approved&external_reference=DON-x&payment_type=credit_card')).toEqual({
      paymentId: '123',
      reference: 'DON-x',
      hasPayment: true,
      hint: { status: 'approved', status_detail: null, payment_type: 'credit_card' },
    });
    expect(readReturnParams('?payment_id=null&status=null').hasPayment).toBe(false);
    expect(readReturnParams('').paymentId).toBe('');
  });

  it("never shows a visitor the provider's code for a method or status nobody named yet (#31)", () => {
    expect(paymentMethodLabel('credit_card', 'master')).toBe('Mastercard (tarjeta de crédito)');
    expect(paymentMethodLabel('bank_transfer', 'pse')).toBe('PSE (transferencia bancaria)');
    expect(paymentMethodLabel('account_money', null)).toBe('Dinero en cuenta');
    expect(paymentMethodLabel('crypto_voucher', 'newbrand')).toBe('Otro medio de pago');
    expect(checkedSentence('weird_status')).toBe('el pago aún no está confirmado');
  });
});

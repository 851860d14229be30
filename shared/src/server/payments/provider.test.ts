import { describe, expect, it } from '@jest/globals';
import { providerPayment } from './mercadopago';
import { readProviderCard } from './provider';

describe("the provider's card on a payment (card.last_four_digits, card.expiration_month, card.expiration_year)", () => {
  it('reads the documented fields, numbers or their digits as text', () => {
    expect(readProviderCard({ first_six_digits: '525413', last_four_digits: '3564', expiration_month: 11, expiration_year: 2030 })).toEqual(
      {
        last_four: '3564',
        expiration_month: 11,
        expiration_year: 2030,
      },
    );
    expect(readProviderCard({ last_four_digits: '0004', expiration_month: '2', expiration_year: '2031' })).toEqual({
      last_four: '0004',
      expiration_month: 2,
      expiration_year: 2031,
    });
  });

  it('reads no card from a payment without one (PSE, Efecty, balance) or with implausible values', () => {
    for (const raw of [
      undefined,
      null,
      {},
      'tarjeta',
      { last_four_digits: '3564' },
      { last_four_digits: '3564', expiration_month: 13, expiration_year: 2030 },
      { last_four_digits: '3564', expiration_month: 0, expiration_year: 2030 },
      { last_four_digits: '3564', expiration_month: 1.5, expiration_year: 2030 },
      { last_four_digits: '3564', expiration_month: 11, expiration_year: 30 },
      { last_four_digits: '3564', expiration_month: true, expiration_year: 2030 },
      { last_four_digits: '3564', expiration_month: null, expiration_year: null },
      { last_four_digits: '35x4', expiration_month: 11, expiration_year: 2030 },
      { last_four_digits: 3564, expiration_month: 11, expiration_year: 2030 },
    ])
      expect(readProviderCard(raw)).toBeNull();
  });

  it("is part of the Mercado Pago reader's payment, and null when the payment has no card", () => {
    const base = {
      id: 123,
      status: 'approved',
      transaction_amount: 35000,
      currency_id: 'COP',
      external_reference: 'MEN-1',
      api_response: { status: 200, headers: ['content-type', ['application/json']] as [string, string[]] },
    };
    expect(providerPayment({ ...base, card: { last_four_digits: '3564', expiration_month: 11, expiration_year: 2035 } })).toMatchObject({
      id: '123',
      status: 'approved',
      card: { last_four: '3564', expiration_month: 11, expiration_year: 2035 },
    });
    expect(providerPayment({ ...base, payment_type_id: 'bank_transfer' }).card).toBeNull();
  });
});

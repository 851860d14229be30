// The annex's two worked examples (Anexo Técnico FE v1.9, pp. 656-657) hash to the values it prints.
import { describe, expect, it } from '@jest/globals';
import { money, uniqueCode, uniqueCodeInput } from './cufe';

describe('CUFE and CUDE', () => {
  it('hashes the annex’s invoice example to its CUFE', () => {
    const fields = {
      number: '323200000129',
      date: '2019-01-16',
      time: '10:53:10-05:00',
      lineExtension: '1500000.00',
      iva: '285000.00',
      inc: '0.00',
      ica: '0.00',
      payable: '1785000.00',
      issuerNit: '700085371',
      buyerId: '800199436',
      key: '693ff6f2a553c3646a063436fd4dd9ded0311471',
      environment: '1',
    } as const;
    expect(uniqueCodeInput(fields)).toBe(
      '3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711',
    );
    expect(uniqueCode(fields)).toBe('8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4');
  });

  it('hashes the annex’s credit-note example, with the Software-PIN, to its CUDE', () => {
    expect(
      uniqueCode({
        number: '8110007871',
        date: '2019-01-12',
        time: '07:00:00-05:00',
        lineExtension: '5000.00',
        iva: '950.00',
        inc: '0.00',
        ica: '0.00',
        payable: '5950.00',
        issuerNit: '900373076',
        buyerId: '8355990',
        key: '12301',
        environment: '1',
      }),
    ).toBe('907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168');
  });

  it('writes money with a dot and two decimals', () => {
    expect([money(0), money(5), money(123456), money(-150)]).toEqual(['0.00', '0.05', '1234.56', '-1.50']);
  });
});

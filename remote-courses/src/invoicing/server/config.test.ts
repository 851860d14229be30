import { describe, expect, it } from '@jest/globals';
import { FACTUS_API_ORIGIN, invoicingProblems, readInvoicingConfig, readVat, resolutionState } from './config';

/** Invoicing's settings (#30): the stand-in by default, and what production refuses. */
describe('invoicing settings', () => {
  const real = {
    FACTUS_CLIENT_ID: 'client-real',
    FACTUS_CLIENT_SECRET: 'secret-real',
    FACTUS_USERNAME: 'contabilidad@fundacion.org',
    FACTUS_PASSWORD: 'clave-real',
    INVOICE_VAT: 'excluido',
    INVOICE_NUMBERING_RANGE_ID: '21',
    INVOICE_CREDIT_NOTE_RANGE_ID: '22',
    INVOICE_RESOLUTION_NUMBER: '18764000000123',
    INVOICE_PREFIX: 'FTF',
    INVOICE_RANGE_FROM: '1',
    INVOICE_RANGE_TO: '5000',
    INVOICE_RESOLUTION_START: '2026-01-15',
    INVOICE_RESOLUTION_END: '2028-01-15',
  };
  const at = new Date('2026-11-28T15:00:00Z');

  it('starts the local stand-in when nothing is configured, and never in production', () => {
    expect(readInvoicingConfig({}, false)).toMatchObject({ startStandIn: true, baseUrl: 'http://127.0.0.1:9450' });
    expect(readInvoicingConfig({ INVOICING_SANDBOX_PORT: '9999' }, false).baseUrl).toBe('http://127.0.0.1:9999');
    const prod = readInvoicingConfig({}, true);
    expect(prod).toMatchObject({ startStandIn: false, baseUrl: FACTUS_API_ORIGIN });
    const problems = invoicingProblems(prod, true, at);
    expect(problems.join('\n')).toMatch(/FACTUS_CLIENT_ID/);
    expect(problems.join('\n')).toMatch(/INVOICE_VAT/);
    expect(problems.join('\n')).toMatch(/INVOICE_RESOLUTION_NUMBER/);
    expect(invoicingProblems(prod, false, at)).toEqual([]);
  });

  it('accepts a real configuration in production, and refuses a stand-in address or a resolution out of force', () => {
    expect(invoicingProblems(readInvoicingConfig(real, true), true, at)).toEqual([]);
    expect(invoicingProblems(readInvoicingConfig({ ...real, FACTUS_BASE_URL: 'http://127.0.0.1:9450' }, true), true, at).join()).toMatch(
      /FACTUS_BASE_URL/,
    );
    const expired = readInvoicingConfig({ ...real, INVOICE_RESOLUTION_END: '2026-11-27' }, true);
    expect(invoicingProblems(expired, true, at).join()).toMatch(/no está vigente/);
    // Exhausted: its last number used.
    expect(invoicingProblems(readInvoicingConfig(real, true), true, at, 5000).join()).toMatch(/todos sus números/);
  });

  it('warns 30 days before the end and with under 10 % of the numbers left', () => {
    const { resolution } = readInvoicingConfig(real, true);
    expect(resolutionState(resolution, 100, at).warning).toBeNull();
    expect(resolutionState({ ...resolution, endDate: '2026-12-20' }, 100, at).warning).toMatch(/vence en 22 días/);
    expect(resolutionState(resolution, 4600, at)).toMatchObject({ numbersLeft: 400, warning: expect.stringMatching(/menos del 10 %/) });
    expect(resolutionState(resolution, 4400, at).warning).toBeNull();
  });

  it('reads the VAT per course, and refuses what an accountant would not write', () => {
    expect(readVat('19')).toEqual({ vat: {}, defaultVat: { kind: 'taxed', rate: 19 } });
    expect(readVat('desarrollo-software=19, *=excluido')).toEqual({
      vat: { 'desarrollo-software': { kind: 'taxed', rate: 19 } },
      defaultVat: { kind: 'excluded' },
    });
    expect(() => readVat('diecinueve')).toThrow(/INVOICE_VAT/);
    expect(() => readVat('curso')).toThrow(/INVOICE_VAT/);
    expect(() => readInvoicingConfig({ INVOICE_RESOLUTION_END: '28/01/2028' }, false)).toThrow(/INVOICE_RESOLUTION_END/);
    expect(() => readInvoicingConfig({ INVOICE_PREFIX: 'fe-1' }, false)).toThrow(/INVOICE_PREFIX/);
  });
});

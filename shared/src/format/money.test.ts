import { describe, expect, it } from '@jest/globals';
import { formatCOP, parseCOP } from './money';

describe('COP money', () => {
  it('formats whole pesos with dots and a plain space, no decimals', () => {
    expect(formatCOP(119900)).toBe('$ 119.900');
    expect(formatCOP(20000)).toBe('$ 20.000');
    expect(formatCOP(5000)).toBe('$ 5.000');
    expect(formatCOP(349000)).toBe('$ 349.000');
    expect(formatCOP(1500000)).toBe('$ 1.500.000');
    expect(formatCOP(999)).toBe('$ 999');
    expect(formatCOP(79900.6)).toBe('$ 79.901');
  });
  it('reads amounts written the ways visitors and the page write them', () => {
    expect(parseCOP('$ 20.000')).toBe(20000);
    expect(parseCOP('100.000,00')).toBe(100000);
    expect(parseCOP(' 50000 ')).toBe(50000);
    expect(parseCOP('$\u00a0119.900')).toBe(119900);
    expect(parseCOP('veinte mil')).toBeNaN();
    expect(parseCOP('')).toBeNaN();
  });
});

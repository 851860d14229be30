import { describe, expect, it } from '@jest/globals';
import { businessDays, deadlineWords } from './texts';

describe('deadline words of the case kit', () => {
  it('says how many business days are left, singular and plural', () => {
    expect(deadlineWords(null, 12)).toBe('Vence en 12 días hábiles');
    expect(deadlineWords('pronto', 1)).toBe('Vence en 1 día hábil');
    expect(deadlineWords('pronto', 0)).toBe('Vence hoy');
  });

  it('says how long ago an overdue case was due', () => {
    expect(deadlineWords('vencida', -2)).toBe('Vencida hace 2 días hábiles');
    expect(deadlineWords('vencida', -1)).toBe('Vencida hace 1 día hábil');
    // Due on a holiday or a weekend and seen the next non-business day: overdue, zero business days ago.
    expect(deadlineWords('vencida', 0)).toBe('Vencida');
  });

  it('says nothing once the term no longer runs', () => {
    expect(deadlineWords(null, null)).toBeNull();
    expect(businessDays(3)).toBe('3 días hábiles');
  });
});

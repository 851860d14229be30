import { describe, expect, it } from '@jest/globals';
import { z } from 'shared/schemas/zod';
import { monthlyActionSchema, monthlyMetricsQuerySchema } from './staff-schemas';

describe("the staff's monthly gift requests", () => {
  it('takes no invisible reason: ten zero-width spaces are not ten characters of reason', () => {
    expect(z.safeParse(monthlyActionSchema, { reason: '\u200B'.repeat(10) }).success).toBe(false);
    expect(z.safeParse(monthlyActionSchema, { reason: `La donante llamó${'\u200B'.repeat(4)}` }).success).toBe(true);
  });

  it('asks the metrics of a month the foundation can have (a year 0 or 9999 is refused, not a server error)', () => {
    for (const hasta of ['0000-01', '0001-01', '9999-12', '2026-13'])
      expect(z.safeParse(monthlyMetricsQuerySchema, { hasta }).success).toBe(false);
    expect(z.safeParse(monthlyMetricsQuerySchema, { hasta: '2026-11' }).success).toBe(true);
  });
});

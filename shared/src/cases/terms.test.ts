import { describe, expect, it } from '@jest/globals';
import { caseTerms, DUE_SOON_BUSINESS_DAYS, filingDate } from './terms';

const terms = caseTerms(['Recibida', 'En trámite']);

describe('the case kit term arithmetic', () => {
  it('knows which statuses run a term', () => {
    expect(terms.isOpen('Recibida')).toBe(true);
    expect(terms.isOpen('En trámite')).toBe(true);
    expect(terms.isOpen('Respondida')).toBe(false);
  });

  it('puts the due-soon limit 3 business days after today, holidays skipped', () => {
    expect(DUE_SOON_BUSINESS_DAYS).toBe(3);
    // Wednesday 16 April 2025: Holy Thursday and Good Friday are holidays, so Monday 21, Tuesday 22 and Wednesday 23.
    expect(terms.dueSoonLimit('2025-04-16')).toBe('2025-04-23');
    // Friday 6 June 2025: Monday 9, Tuesday 10, Wednesday 11.
    expect(terms.dueSoonLimit('2025-06-06')).toBe('2025-06-11');
    // Another window when a kind asks for one.
    expect(caseTerms(['Abierta'], 1).dueSoonLimit('2025-06-06')).toBe('2025-06-09');
  });

  it('says an open case is overdue, due soon or neither', () => {
    const today = '2025-04-16';
    expect(terms.urgencyOf('Recibida', '2025-04-15', today)).toBe('vencida');
    // Due today is not overdue yet.
    expect(terms.urgencyOf('Recibida', today, today)).toBe('pronto');
    expect(terms.urgencyOf('En trámite', '2025-04-23', today)).toBe('pronto');
    expect(terms.urgencyOf('En trámite', '2025-04-24', today)).toBeNull();
  });

  it('gives no urgency to a case whose term no longer runs', () => {
    expect(terms.urgencyOf('Respondida', '2025-01-02', '2025-04-16')).toBeNull();
    expect(terms.businessDaysLeft('Respondida', '2025-01-02', '2025-04-16')).toBeNull();
  });

  it('counts business days left, negative once overdue', () => {
    expect(terms.businessDaysLeft('Recibida', '2025-04-23', '2025-04-16')).toBe(3);
    expect(terms.businessDaysLeft('Recibida', '2025-04-16', '2025-04-16')).toBe(0);
    // Due Monday 14 April, seen on Tuesday 22: 15, 16, 21, 22 (the holidays do not count).
    expect(terms.businessDaysLeft('Recibida', '2025-04-14', '2025-04-22')).toBe(-4);
  });

  it('takes the filing date in Bogotá', () => {
    // 23:30 in Bogotá on 27 June is already 28 June in UTC.
    expect(filingDate('2025-06-28T04:30:00Z')).toBe('2025-06-27');
    expect(filingDate(new Date('2025-06-28T05:00:00Z'))).toBe('2025-06-28');
  });
});

import { describe, expect, it } from '@jest/globals';
import { addBusinessDays, businessDaysBetween, colombianDate, colombianHolidays, easterSunday, isBusinessDay } from './business-days';
import { formatColombianDateTime, formatLongDate } from './dates';

const dates = (year: number) => colombianHolidays(year).map((h) => h.date);

describe('Colombian holidays', () => {
  it('finds Easter Sunday', () => {
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2019).toISOString().slice(0, 10)).toBe('2019-04-21');
  });

  it('lists the 18 holidays of 2024 as published', () => {
    expect(dates(2024)).toEqual([
      '2024-01-01',
      '2024-01-08',
      '2024-03-25',
      '2024-03-28',
      '2024-03-29',
      '2024-05-01',
      '2024-05-13',
      '2024-06-03',
      '2024-06-10',
      '2024-07-01',
      '2024-07-20',
      '2024-08-07',
      '2024-08-19',
      '2024-10-14',
      '2024-11-04',
      '2024-11-11',
      '2024-12-08',
      '2024-12-25',
    ]);
  });

  it('lists 2025, where San Pedro and Sagrado Corazón share 30 June', () => {
    expect(dates(2025)).toEqual([
      '2025-01-01',
      '2025-01-06',
      '2025-03-24',
      '2025-04-17',
      '2025-04-18',
      '2025-05-01',
      '2025-06-02',
      '2025-06-23',
      '2025-06-30',
      '2025-06-30',
      '2025-07-20',
      '2025-08-07',
      '2025-08-18',
      '2025-10-13',
      '2025-11-03',
      '2025-11-17',
      '2025-12-08',
      '2025-12-25',
    ]);
  });

  it('lists 2026', () => {
    expect(dates(2026)).toEqual([
      '2026-01-01',
      '2026-01-12',
      '2026-03-23',
      '2026-04-02',
      '2026-04-03',
      '2026-05-01',
      '2026-05-18',
      '2026-06-08',
      '2026-06-15',
      '2026-06-29',
      '2026-07-20',
      '2026-08-07',
      '2026-08-17',
      '2026-10-12',
      '2026-11-02',
      '2026-11-16',
      '2026-12-08',
      '2026-12-25',
    ]);
  });

  it('never moves the fixed holidays, even on a weekend', () => {
    // 20 July 2025 is a Sunday and stays there; 1 January 2028 is a Saturday.
    expect(dates(2025)).toContain('2025-07-20');
    expect(dates(2028)).toContain('2028-01-01');
  });
});

describe('business days', () => {
  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2025-06-27')).toBe(true); // Friday
    expect(isBusinessDay('2025-06-28')).toBe(false); // Saturday
    expect(isBusinessDay('2025-06-30')).toBe(false); // holiday Monday
    expect(isBusinessDay('2025-07-01')).toBe(true);
  });

  it('counts from the day after the start', () => {
    // Friday 27 June 2025 + 1 business day: Monday 30 is a holiday, so Tuesday 1 July.
    expect(addBusinessDays('2025-06-27', 1)).toBe('2025-07-01');
    expect(addBusinessDays('2025-06-27', 0)).toBe('2025-06-27');
  });

  it('gives the Ley 1755 deadlines across Holy Week', () => {
    // Filed Monday 14 April 2025: Thursday 17 and Friday 18 are holidays.
    expect(addBusinessDays('2025-04-14', 10)).toBe('2025-04-30');
    // 1 May is a holiday too.
    expect(addBusinessDays('2025-04-14', 15)).toBe('2025-05-08');
  });

  it('crosses the end of the year', () => {
    // Filed Tuesday 23 December 2025: 25 Dec, 1 Jan and Reyes (12 Jan 2026) do not count.
    expect(addBusinessDays('2025-12-23', 15)).toBe('2026-01-16');
  });

  it('rejects negative terms', () => {
    expect(() => addBusinessDays('2025-01-01', -1)).toThrow(RangeError);
  });

  it("takes the date in Colombia's time zone", () => {
    expect(colombianDate(new Date('2025-06-28T03:00:00Z'))).toBe('2025-06-27');
    expect(colombianDate(new Date('2025-06-28T05:00:00Z'))).toBe('2025-06-28');
  });
});

describe('business days between two dates', () => {
  it('counts the days after the first up to the second, skipping weekends', () => {
    // Friday 6 June 2025 to Tuesday 10 June: Monday 9 and Tuesday 10 (Saturday and Sunday do not count).
    expect(businessDaysBetween('2025-06-06', '2025-06-10')).toBe(2);
    expect(businessDaysBetween('2025-06-10', '2025-06-10')).toBe(0);
    // Friday to Sunday: only the weekend lies between.
    expect(businessDaysBetween('2025-06-06', '2025-06-08')).toBe(0);
  });

  it('skips holidays, Holy Week included', () => {
    // Monday 14 April 2025 to Wednesday 23: Thursday 17 and Friday 18 are holidays, so 15, 16, 21, 22, 23.
    expect(businessDaysBetween('2025-04-14', '2025-04-23')).toBe(5);
    // Across the new year: 25 Dec and 1 Jan do not count.
    expect(businessDaysBetween('2025-12-23', '2026-01-02')).toBe(6);
  });

  it('is negative, counted the same way, when the second date is earlier', () => {
    expect(businessDaysBetween('2025-04-23', '2025-04-14')).toBe(-5);
    expect(businessDaysBetween('2025-06-10', '2025-06-06')).toBe(-2);
  });

  it('undoes addBusinessDays', () => {
    for (const [from, days] of [
      ['2025-04-14', 10],
      ['2025-12-23', 15],
      ['2024-03-22', 8],
    ] as const)
      expect(businessDaysBetween(from, addBusinessDays(from, days))).toBe(days);
  });
});

describe('Spanish dates', () => {
  it('writes dates the way people read them', () => {
    expect(formatLongDate('2025-06-02')).toBe('2 de junio de 2025');
    expect(formatColombianDateTime('2025-06-28T03:05:00Z')).toBe('27 de junio de 2025, 22:05');
    expect(formatLongDate('no')).toBe('no');
  });
});

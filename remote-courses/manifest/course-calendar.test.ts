import { describe, expect, it } from '@jest/globals';
import { describeWeeklyClasses, parseClassDays, weeklyClasses } from './class-schedule';
import { cohortCalendar, escapeText, firstClassDay, foldLine } from './course-calendar';

/** The content lines of a calendar with folding undone (RFC 5545 §3.1: CRLF followed by one space). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
const octets = (s: string) => new TextEncoder().encode(s).length;

const base = {
  uid: 'cohorte-7-ENR-abc@fundacion.example',
  summary: 'Desarrollo de Software – Fundamentos de Javascript',
  description: 'Clases en vivo; trae tu computador, por favor.\nEnlace: https://meet.example/abc',
  startDate: '2026-12-02',
  endDate: '2027-02-26',
  classes: { days: ['MO', 'WE'] as const, start: '19:00', end: '21:00' },
  url: 'https://meet.example/abc',
  place: null,
  now: new Date('2026-11-28T14:10:00Z'),
};

describe('the cohort calendar (.ics)', () => {
  it('is a VCALENDAR with a Bogotá VTIMEZONE and one weekly VEVENT from the first class day until the end date', () => {
    const ics = cohortCalendar(base)!;
    // Every line ends in CRLF; no bare LF anywhere.
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    const tz = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
    expect(tz).toEqual(expect.arrayContaining(['TZID:America/Bogota', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0500']));
    // 2026-12-02 is a Wednesday: the first class is that day, at 19:00 Bogotá time.
    expect(lines).toContain('DTSTART;TZID=America/Bogota:20261202T190000');
    expect(lines).toContain('DTEND;TZID=America/Bogota:20261202T210000');
    // UNTIL in UTC (required with a TZID start): 21:00 −05:00 on the end date is 02:00 Z the next day.
    expect(lines).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270227T020000Z');
    expect(lines).toContain('UID:cohorte-7-ENR-abc@fundacion.example');
    expect(lines).toContain('DTSTAMP:20261128T141000Z');
    expect(lines).toContain('URL:https://meet.example/abc');
    expect(lines.some((l) => l.startsWith('LOCATION:'))).toBe(false);
  });

  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', () => {
    const ics = cohortCalendar({ ...base, url: null, place: 'Calle 10 # 5-51, Salón 3; Bogotá\\Centro' })!;
    const lines = unfold(ics);
    expect(lines).toContain('LOCATION:Calle 10 # 5-51\\, Salón 3\\; Bogotá\\\\Centro');
    expect(lines).toContain('DESCRIPTION:Clases en vivo\\; trae tu computador\\, por favor.\\nEnlace: https://meet.example/abc');
    for (const physical of ics.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    // The description is longer than one line: it was folded, and unfolding gives it back whole.
    expect(ics).toMatch(/\r\n /);
    const accented = foldLine(`SUMMARY:${'á'.repeat(60)}`);
    for (const physical of accented.split('\r\n')) {
      expect(octets(physical)).toBeLessThanOrEqual(75);
      expect(physical).not.toContain('\uFFFD');
    }
    expect(accented.replace(/\r\n /g, '')).toBe(`SUMMARY:${'á'.repeat(60)}`);
    expect(escapeText('a,b;c\\d\r\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('starts on the first class weekday on or after the start date, and gives none when no class fits before the end', () => {
    // 2026-12-05 is a Saturday: the next Monday is the 7th.
    expect(firstClassDay('2026-12-05', ['MO', 'WE'])).toBe('2026-12-07');
    expect(cohortCalendar({ ...base, startDate: '2026-12-05', endDate: '2026-12-06' })).toBeNull();
  });

  it('reads the stored weekly classes only when whole, and words them in Spanish', () => {
    expect(parseClassDays('we,MO,XX,MO')).toEqual(['MO', 'WE']);
    expect(weeklyClasses({ class_days: 'MO', class_start: '19:00', class_end: '18:00' })).toBeNull();
    expect(weeklyClasses({ class_days: '', class_start: '19:00', class_end: '21:00' })).toBeNull();
    const classes = weeklyClasses({ class_days: 'MO,WE,FR', class_start: '19:00', class_end: '21:30' })!;
    expect(describeWeeklyClasses(classes)).toBe('Lunes, miércoles y viernes, de 7:00 p. m. a 9:30 p. m. (hora de Colombia)');
  });
});

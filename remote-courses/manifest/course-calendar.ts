import type { ClassDay, WeeklyClasses } from './class-schedule';

/**
 * A cohort's classes as an iCalendar file (RFC 5545, #31), for Mis Cursos's "Añadir a mi calendario": one weekly
 * recurring event from the first class day on or after the start date until the end date, in Bogotá time (its
 * VTIMEZONE included, so calendars without a time-zone database place it right; Colombia keeps −05:00 all year).
 * Pure: the courses domain's service (./course-enrolments.ts) fills it from the cohort, and the account's API serves it
 * to the enrolment's owner only. No side effects on import.
 */

export interface CohortCalendar {
  /** Stable across downloads, so importing it again updates the event instead of adding a second one. */
  uid: string;
  summary: string;
  description: string;
  /** YYYY-MM-DD, Bogotá days. */
  startDate: string;
  endDate: string;
  classes: WeeklyClasses;
  /** An https address to join online, or null. */
  url: string | null;
  /** A place (address text), or null. */
  place: string | null;
  /** DTSTAMP: when this file was made. */
  now: Date;
}

export const BOGOTA_TZID = 'America/Bogota';
const CRLF = '\r\n';
const weekdayIndex: Record<ClassDay, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space, and a character's UTF-8
 * bytes are never split between two lines.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation 74 besides its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const compactDate = (isoDay: string) => isoDay.replace(/-/g, '');
const compactTime = (hhmm: string) => `${hhmm.replace(':', '')}00`;
/** 20261128T141000Z */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The first day on or after `from` (YYYY-MM-DD) that is one of the class days. */
export function firstClassDay(from: string, days: readonly ClassDay[]): string {
  const wanted = new Set(days.map((d) => weekdayIndex[d]));
  const day = new Date(`${from}T12:00:00Z`);
  for (let i = 0; i < 7 && !wanted.has(day.getUTCDay()); i += 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The calendar's text, CRLF line endings; null when no class falls between the start and end dates. */
export function cohortCalendar(c: CohortCalendar): string | null {
  const first = firstClassDay(c.startDate, c.classes.days);
  if (first > c.endDate) return null;
  // UNTIL is in UTC when DTSTART has a TZID (§3.3.10): the end of the last day's class, Bogotá (−05:00) to UTC.
  const until = new Date(`${c.endDate}T${c.classes.end}:00-05:00`);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fundacion//Mis Cursos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${BOGOTA_TZID}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0500',
    'TZNAME:-05',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${c.uid}`,
    `DTSTAMP:${utcStamp(c.now)}`,
    `DTSTART;TZID=${BOGOTA_TZID}:${compactDate(first)}T${compactTime(c.classes.start)}`,
    `DTEND;TZID=${BOGOTA_TZID}:${compactDate(first)}T${compactTime(c.classes.end)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${c.classes.days.join(',')};UNTIL=${utcStamp(until)}`,
    `SUMMARY:${escapeText(c.summary)}`,
    `DESCRIPTION:${escapeText(c.description)}`,
    ...(c.place ? [`LOCATION:${escapeText(c.place)}`] : []),
    // A URI value (§3.3.13), not TEXT: written as it is (the API accepts only https addresses without spaces).
    ...(c.url ? [`URL:${c.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * A cohort's weekly classes as the staff set them (#31, migration 013): weekdays (iCalendar's two-letter codes, so the
 * `.ics` needs no translation) and a start and end time of day in Bogotá time (HH:MM, 24 h). Data and pure functions
 * only: the staff's form, the API, the reminder e-mails and the calendar (./course-calendar.ts) read it from here, and
 * Mis Cursos gets it already worded through the courses domain's service.
 */

export const classDays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type ClassDay = (typeof classDays)[number];

/** Spanish names, Monday first (as Colombian calendars are). */
export const classDayNames: Record<ClassDay, string> = {
  MO: 'Lunes',
  TU: 'Martes',
  WE: 'Miércoles',
  TH: 'Jueves',
  FR: 'Viernes',
  SA: 'Sábados',
  SU: 'Domingos',
};

/** HH:MM, 00:00 to 23:59. */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface WeeklyClasses {
  days: readonly ClassDay[];
  /** HH:MM, Bogotá time. */
  start: string;
  /** HH:MM, Bogotá time, after `start`. */
  end: string;
}

/** The days as stored (`MO,WE`): known codes only, in the week's order, each once. */
export function parseClassDays(stored: string | null | undefined): ClassDay[] {
  const given = new Set((stored ?? '').split(',').map((d) => d.trim().toUpperCase()));
  return classDays.filter((d) => given.has(d));
}

export const storedClassDays = (days: readonly ClassDay[]): string => classDays.filter((d) => days.includes(d)).join(',');

/** The structured classes when the cohort has them (days, a start and a later end), else null. */
export function weeklyClasses(row: { class_days: string; class_start: string | null; class_end: string | null }): WeeklyClasses | null {
  const days = parseClassDays(row.class_days);
  const { class_start: start, class_end: end } = row;
  if (days.length === 0 || !start || !end || !timeOfDayPattern.test(start) || !timeOfDayPattern.test(end) || end <= start) return null;
  return { days, start, end };
}

/** "7:00 p. m." from "19:00", as Colombians write the time. */
export function spokenTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'a. m.' : 'p. m.'}`;
}

/** "Lunes, miércoles y viernes, de 7:00 p. m. a 9:00 p. m. (hora de Colombia)". */
export function describeWeeklyClasses(classes: WeeklyClasses): string {
  const names = classes.days.map((d, i) => (i === 0 ? classDayNames[d] : classDayNames[d].toLowerCase()));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} y ${names.at(-1)!}`;
  return `${list}, de ${spokenTime(classes.start)} a ${spokenTime(classes.end)} (hora de Colombia)`;
}

/**
 * Colombian public holidays (Ley 51 de 1983, "Ley Emiliani") and business-day arithmetic for legal terms such as
 * the response deadlines of Ley 1755 de 2015. Dates are calendar days, handled as UTC midnights so no time zone
 * can shift them.
 */

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

const DAY_MS = 86_400_000;

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const iso = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

/** The same date if it is a Monday, otherwise the next Monday (Ley Emiliani). */
function nextMonday(date: Date): Date {
  const weekday = date.getUTCDay(); // 0 = Sunday … 1 = Monday
  return addDays(date, (8 - weekday) % 7);
}

export interface Holiday {
  date: IsoDate;
  name: string;
}

const fixedHolidays: Array<[number, number, string]> = [
  [1, 1, 'Año Nuevo'],
  [5, 1, 'Día del Trabajo'],
  [7, 20, 'Día de la Independencia'],
  [8, 7, 'Batalla de Boyacá'],
  [12, 8, 'Inmaculada Concepción'],
  [12, 25, 'Navidad'],
];

const mondayHolidays: Array<[number, number, string]> = [
  [1, 6, 'Día de los Reyes Magos'],
  [3, 19, 'Día de San José'],
  [6, 29, 'San Pedro y San Pablo'],
  [8, 15, 'Asunción de la Virgen'],
  [10, 12, 'Día de la Raza'],
  [11, 1, 'Todos los Santos'],
  [11, 11, 'Independencia de Cartagena'],
];

/** Offsets from Easter Sunday; the last three are moved to the following Monday. */
const easterHolidays: Array<[number, boolean, string]> = [
  [-3, false, 'Jueves Santo'],
  [-2, false, 'Viernes Santo'],
  [39, true, 'Ascensión del Señor'],
  [60, true, 'Corpus Christi'],
  [68, true, 'Sagrado Corazón de Jesús'],
];

const cache = new Map<number, Holiday[]>();

/** Colombia's public holidays of a year, in date order (two may fall on the same day). */
export function colombianHolidays(year: number): Holiday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const list: Holiday[] = [
    ...fixedHolidays.map(([m, d, name]) => ({ date: iso(utc(year, m, d)), name })),
    ...mondayHolidays.map(([m, d, name]) => ({ date: iso(nextMonday(utc(year, m, d))), name })),
    ...easterHolidays.map(([offset, moves, name]) => {
      const day = addDays(easter, offset);
      return { date: iso(moves ? nextMonday(day) : day), name };
    }),
  ].sort((x, y) => x.date.localeCompare(y.date));
  cache.set(year, list);
  return list;
}

/** True on a Colombian public holiday. */
export function isColombianHoliday(date: IsoDate): boolean {
  const year = Number(date.slice(0, 4));
  return colombianHolidays(year).some((h) => h.date === date);
}

/** True from Monday to Friday when the day is not a public holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isColombianHoliday(date);
}

/**
 * The date on which a term of `days` business days ends when it starts counting the day after `from`
 * (terms of Ley 1755 de 2015 run from the day after the request is received).
 */
export function addBusinessDays(from: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  let date = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    if (isBusinessDay(iso(date))) left -= 1;
  }
  return iso(date);
}

/**
 * Business days from `from` to `to`: those after `from` up to `to` included (0 when `to` is `from`, or when only
 * weekends and holidays lie between); negative, counted the same way backwards, when `to` is earlier. The inverse of
 * `addBusinessDays` on business days: `businessDaysBetween(d, addBusinessDays(d, n)) === n`.
 */
export function businessDaysBetween(from: IsoDate, to: IsoDate): number {
  if (to < from) return -businessDaysBetween(to, from);
  let count = 0;
  for (let d = nextDate(from); d <= to; d = nextDate(d)) if (isBusinessDay(d)) count++;
  return count;
}

/** Offset of Colombian time from UTC (no daylight saving time since 1993). */
const BOGOTA_OFFSET_MS = -5 * 3600_000;

/** The calendar date in Colombia at an instant. */
export function colombianDate(instant: Date): IsoDate {
  return iso(new Date(instant.getTime() + BOGOTA_OFFSET_MS));
}

/** The first instant of a Colombian calendar day. */
export function colombianDayStart(date: IsoDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BOGOTA_OFFSET_MS);
}

/** The calendar day after `date`. */
export function nextDate(date: IsoDate): IsoDate {
  return iso(new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS));
}

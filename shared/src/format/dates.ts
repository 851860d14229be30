/** The months' Spanish names, January first. */
export const monthNames = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A calendar date (`YYYY-MM-DD` or the date part of an ISO instant) as "2 de junio de 2025"; written by hand so server and browser agree. */
export function formatLongDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  return `${Number(m[3])} de ${monthNames[Number(m[2]) - 1] ?? ''} de ${m[1]}`;
}

/** A calendar month (`YYYY-MM`) as "enero de 2026". */
export function formatMonth(month: string): string {
  const number = month.slice(5, 7);
  return `${monthNames[Number(number) - 1] ?? number} de ${month.slice(0, 4)}`;
}

/** An instant in Colombian time as "2 de junio de 2025, 14:05" (Colombia has no daylight saving time). */
export function formatColombianDateTime(instant: string | Date): string {
  const t = new Date(instant);
  if (Number.isNaN(t.getTime())) return String(instant);
  const local = new Date(t.getTime() - 5 * 3600_000).toISOString();
  return `${formatLongDate(local)}, ${local.slice(11, 16)}`;
}

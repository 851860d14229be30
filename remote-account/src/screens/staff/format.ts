/** Dates as the team reads them: Colombian Spanish, Bogotá time, whatever the computer's own zone. */
const dateTime = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium' });

const valid = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "23 nov 2026, 3:05 p. m." in Bogotá; an empty string for a missing or broken date. */
export function bogotaDateTime(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateTime.format(d) : '';
}

/** "23 nov 2026" in Bogotá. */
export function bogotaDate(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateOnly.format(d) : '';
}

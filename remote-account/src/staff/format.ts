/** Dates as the team reads them: Colombian Spanish, Bogotá time, whatever the computer's own zone. */
// The month in letters ("22 de nov de 2026"): "22/11/2026" reads as 11 November to someone used to another order.
const day = { timeZone: 'America/Bogota', day: 'numeric', month: 'short', year: 'numeric' } as const;
const dateTime = new Intl.DateTimeFormat('es-CO', { ...day, hour: 'numeric', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('es-CO', day);

const valid = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "23 de nov de 2026, 3:05 p. m." in Bogotá; an empty string for a missing or broken date. */
export function bogotaDateTime(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateTime.format(d) : '';
}

/** "23 de nov de 2026" in Bogotá. */
export function bogotaDate(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateOnly.format(d) : '';
}

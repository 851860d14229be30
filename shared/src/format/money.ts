/**
 * Colombian pesos as the site shows them: "$ 119.900" — es-CO grouping with dots, no decimals, a plain space.
 * Written by hand because Intl's es-CO output leaves four-digit amounts ungrouped and uses a no-break space.
 */
export function formatCOP(amount: number): string {
  if (!Number.isFinite(amount)) return '$ 0';
  const rounded = Math.round(Math.abs(amount));
  const grouped = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}$ ${grouped}`;
}

/**
 * Reads an amount typed or shown in COP ("$ 20.000", "20000", "20.000,00") as whole pesos.
 * Removes the currency symbol, spaces, decimals and thousand dots (spec §5); NaN when nothing numeric remains.
 */
export function parseCOP(text: string): number {
  const withoutDecimals = text.replace(/,\d*$/, '');
  const digits = withoutDecimals.replace(/[$\s.\u00a0]/g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

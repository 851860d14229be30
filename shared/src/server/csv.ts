import { Readable } from 'node:stream';

/**
 * CSV files the foundation's staff open in Excel set to Spanish (Colombia): UTF-8 with a byte-order mark (without it
 * Excel reads the bytes as Windows-1252 and "Ñuñoa" turns into "Ã‘uÃ±oa"), `;` between fields (Excel's list separator
 * where the decimal separator is a comma), CRLF line ends, every field quoted, dates in Bogotá time as dd/mm/yyyy hh:mm,
 * decimals with a comma. Text that Excel would run as a formula (=, +, -, @, tab or carriage return first) gets a
 * leading apostrophe, so an exported name like `=HYPERLINK(…)` shows as text and never runs (OWASP "CSV injection").
 *
 * Used by every staff export: write the columns once, then stream the rows page by page (`csvStream`), so a large
 * table never sits in memory whole.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

/** What a column may yield for a row; null and undefined are an empty field. */
export type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  /** The header as people read it (Spanish). */
  header: string;
  value: (row: Row) => CsvValue;
}

/** Offset of Colombian time from UTC (no daylight saving time since 1993). */
const BOGOTA_OFFSET_MS = -5 * 3600_000;

/** An instant as Bogotá's wall clock, `dd/mm/yyyy hh:mm` (24 h), the way Excel in Spanish reads a date and time. */
export function formatBogotaDateTime(instant: Date): string {
  const t = instant.getTime();
  if (Number.isNaN(t)) return '';
  const local = new Date(t + BOGOTA_OFFSET_MS).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * An instant as Bogotá's wall clock in ISO order, `yyyy-mm-dd hh:mm` (24 h): for exports that say so in their header
 * and keep every date in that one format (the enrolments', #31). A string, so pass it as a column's value.
 */
export function formatBogotaIsoDateTime(instant: Date): string {
  const t = instant.getTime();
  if (Number.isNaN(t)) return '';
  const local = new Date(t + BOGOTA_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** Characters that make Excel (and LibreOffice, Google Sheets) read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet must show it: an apostrophe before anything that would start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value as a field's text (before quoting): dates in Bogotá time, decimals with a comma, booleans as Sí/No. */
export function csvText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatBogotaDateTime(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  // Numbers are data, not text someone typed: a negative amount stays a number Excel can add up.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  return neutraliseFormula(value);
}

/** One field, always quoted, inner quotes doubled (RFC 4180); line breaks inside a field are kept. */
export function csvField(value: CsvValue): string {
  return `"${csvText(value).replace(/"/g, '""')}"`;
}

/** One record: fields joined by `;`, ended by CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

/** The file's start: the byte-order mark and the header record. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return CSV_BOM + csvRecord(columns.map((c) => c.header));
}

/** One row under `columns`. */
export function csvRow<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRecord(columns.map((c) => c.value(row)));
}

/** A whole (small) file as one string. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let out = csvHeader(columns);
  for (const row of rows) out += csvRow(columns, row);
  return out;
}

/**
 * The file as chunks of text: the header, then one chunk per page of rows. `pages` yields arrays of rows (a keyset
 * query's pages), so memory holds one page at a time however long the table is.
 */
export async function* csvChunks<Row>(columns: readonly CsvColumn<Row>[], pages: AsyncIterable<readonly Row[]>): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) chunk += csvRow(columns, row);
    if (chunk) yield chunk;
  }
}

/** `csvChunks` as a byte stream (UTF-8) to send as a response body; it reads the next page only when the client drains. */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], pages: AsyncIterable<readonly Row[]>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of csvChunks(columns, pages)) yield Buffer.from(chunk, 'utf8');
    })(),
    { objectMode: false },
  );
}

/** `Content-Disposition` for a download: an ASCII name for old clients and the UTF-8 one (RFC 6266). */
export function csvDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

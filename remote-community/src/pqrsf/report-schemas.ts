import { requestTypes } from 'shared/schemas/common';
import { monthNames } from 'shared/format/dates';
import { z } from 'shared/schemas/zod';

/**
 * The PQRSF report (#32): the figures of the requests filed in a month or a semester, as the semi-annual PQRSD report
 * Colombian public bodies publish. Counts only, no personal data. The period travels in the URL (`?periodo=2026-S1`):
 * it is not personal, and the CSV and PDF downloads are GETs.
 */

/** A month (`2026-03`) or a semester (`2026-S1`: enero–junio, `2026-S2`: julio–diciembre). */
export const PQRSF_REPORT_PERIOD = /^(\d{4})-(0[1-9]|1[0-2]|S1|S2)$/;

export const reportTexts = {
  periodRequired: 'Elige el periodo del informe.',
  periodInvalid: 'El periodo es un mes (AAAA-MM) o un semestre (AAAA-S1 o AAAA-S2).',
  yearOutOfRange: 'Elige un año entre 2020 y 2100.',
} as const;

export const pqrsfReportQuerySchema = z.object({
  periodo: z.string({ error: reportTexts.periodRequired }).check(
    z.trim(),
    z.minLength(1, { error: reportTexts.periodRequired }),
    z.regex(PQRSF_REPORT_PERIOD, { error: reportTexts.periodInvalid }),
    z.refine((p) => Number(p.slice(0, 4)) >= 2020 && Number(p.slice(0, 4)) <= 2100, { error: reportTexts.yearOutOfRange }),
  ),
});
export type PqrsfReportQuery = z.output<typeof pqrsfReportQuerySchema>;

/** The channels a request can arrive by. The site records none: every request is filed on the web form. */
export const pqrsfChannels = ['Sitio web'] as const;

/** The report's request types: the form's, in its order. */
export const reportRequestTypes = requestTypes;

const count = z.int();

export const pqrsfReportSchema = z.object({
  period: z.object({
    /** As asked (`2026-S1`). */
    key: z.string(),
    /** "Enero–junio de 2026", "Marzo de 2026". */
    label: z.string(),
    /** First and last Bogotá calendar day (YYYY-MM-DD). */
    from: z.string(),
    to: z.string(),
  }),
  /** The Bogotá date the statuses were read on: "open and within term" is as of this day. */
  today: z.string(),
  /** ISO 8601: when the figures were computed. */
  generatedAt: z.string(),
  /** Requests filed in the period. */
  total: count,
  byType: z.array(z.object({ type: z.string(), n: count })),
  byChannel: z.array(z.object({ channel: z.string(), n: count })),
  /** Every month of the period, in order, even with no request. */
  byMonth: z.array(z.object({ month: z.string(), label: z.string(), n: count })),
  /** Where each request filed in the period stands today; the six add up to `total`. */
  outcome: z.object({
    answeredOnTime: count,
    answeredLate: count,
    transferred: count,
    closedWithoutAnswer: count,
    openWithinTerm: count,
    openOverdue: count,
  }),
  /** Requests whose term was extended (Ley 1755 art. 14 parágrafo), whatever their outcome. */
  extended: count,
  /** Business days from the filing to the answer, over the answered requests; null when none was answered. */
  answerDays: z.object({ answered: count, average: z.nullable(z.number()), longest: z.nullable(count) }),
});
export type PqrsfReport = z.output<typeof pqrsfReportSchema>;

/** A period's days and months: the first and last Bogotá calendar day, its months (`YYYY-MM`) and its label. */
export interface ReportPeriod {
  key: string;
  label: string;
  from: string;
  to: string;
  months: string[];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `2026-S1` → enero–junio de 2026; `2026-03` → marzo de 2026. Expects a key the query schema accepted. */
export function reportPeriod(key: string): ReportPeriod {
  const year = Number(key.slice(0, 4));
  const part = key.slice(5);
  const [first, last] = part === 'S1' ? [1, 6] : part === 'S2' ? [7, 12] : [Number(part), Number(part)];
  const months = Array.from({ length: last - first + 1 }, (_, i) => `${year}-${pad(first + i)}`);
  const label =
    part === 'S1'
      ? `Enero–junio de ${year}`
      : part === 'S2'
        ? `Julio–diciembre de ${year}`
        : `${capitalised(monthNames[first - 1] ?? part)} de ${year}`;
  return { key, label, from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}`, months };
}

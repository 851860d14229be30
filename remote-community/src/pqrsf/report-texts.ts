import { formatColombianDateTime } from 'shared/format/dates';
import type { PqrsfReport } from './report-schemas';

/**
 * The PQRSF report's words and tables, written once for the screen, the CSV and the PDF (#32), so the three show the same
 * figures under the same words. No React and no server imports: both sides use it.
 */

export const reportTableTexts = {
  title: 'Informe de PQRSF',
  documentTitle: (period: string) => `Informe de peticiones, quejas, reclamos, sugerencias y felicitaciones — ${period}`,
  scope: (from: string, to: string, today: string) =>
    `Solicitudes radicadas entre el ${from} y el ${to} (calendario de Bogotá); su estado es el del ${today}. Plazos en días hábiles (Ley 1755 de 2015), sin fines de semana ni festivos de Colombia.`,
  generated: (at: string) => `Generado el ${at}.`,
  concept: 'Concepto',
  requests: 'Solicitudes',
  total: 'Total',
  channelNote: 'El sitio no registra el canal de cada solicitud: todas se radicaron en el formulario del sitio web.',
  none: 'Sin respuestas en el periodo',
  sections: {
    type: 'Solicitudes por tipo',
    channel: 'Solicitudes por canal',
    month: 'Solicitudes por mes de radicación',
    outcome: 'Oportunidad de la respuesta',
    moves: 'Traslados y ampliaciones',
    days: 'Tiempo de respuesta (días hábiles desde la radicación)',
  },
  heads: { type: 'Tipo', channel: 'Canal', month: 'Mes', outcome: 'Situación', moves: 'Trámite', days: 'Medida' },
  outcome: {
    answeredOnTime: 'Respondidas a tiempo',
    answeredLate: 'Respondidas fuera de término',
    transferred: 'Trasladadas a la entidad competente',
    closedWithoutAnswer: 'Cerradas sin respuesta (duplicadas o desistidas)',
    openWithinTerm: 'Abiertas dentro del término',
    openOverdue: 'Abiertas con el término vencido',
  },
  moves: { transferred: 'Trasladadas (Ley 1755, art. 21)', extended: 'Con plazo ampliado (art. 14 parágrafo)' },
  days: { answered: 'Solicitudes respondidas', average: 'Promedio de días hábiles', longest: 'Mayor número de días hábiles' },
} as const;
const t = reportTableTexts;

/** A cell's value: a count, an average (one decimal), or text. */
export type ReportValue = number | string;

export interface ReportTable {
  key: keyof typeof reportTableTexts.sections;
  caption: string;
  head: string;
  /** The value column's heading. */
  valueHead: string;
  rows: Array<{ label: string; value: ReportValue; total?: boolean }>;
  note?: string;
}

/** A number as Colombians write it: a decimal comma. */
export const reportNumber = (v: ReportValue): string => (typeof v === 'number' ? String(v).replace('.', ',') : v);

export function reportTables(r: PqrsfReport): ReportTable[] {
  const total = { label: t.total, value: r.total, total: true };
  const outcomeKeys = Object.keys(t.outcome) as Array<keyof typeof t.outcome>;
  return [
    {
      key: 'type',
      caption: t.sections.type,
      head: t.heads.type,
      valueHead: t.requests,
      rows: [...r.byType.map((x) => ({ label: x.type, value: x.n })), total],
    },
    {
      key: 'channel',
      caption: t.sections.channel,
      head: t.heads.channel,
      valueHead: t.requests,
      rows: r.byChannel.map((x) => ({ label: x.channel, value: x.n })),
      note: t.channelNote,
    },
    {
      key: 'month',
      caption: t.sections.month,
      head: t.heads.month,
      valueHead: t.requests,
      rows: [...r.byMonth.map((x) => ({ label: x.label, value: x.n })), total],
    },
    {
      key: 'outcome',
      caption: t.sections.outcome,
      head: t.heads.outcome,
      valueHead: t.requests,
      rows: [...outcomeKeys.map((k) => ({ label: t.outcome[k], value: r.outcome[k] })), total],
    },
    {
      key: 'moves',
      caption: t.sections.moves,
      head: t.heads.moves,
      valueHead: t.requests,
      rows: [
        { label: t.moves.transferred, value: r.outcome.transferred },
        { label: t.moves.extended, value: r.extended },
      ],
    },
    {
      key: 'days',
      caption: t.sections.days,
      head: t.heads.days,
      valueHead: 'Valor',
      rows: [
        { label: t.days.answered, value: r.answerDays.answered },
        { label: t.days.average, value: r.answerDays.average ?? t.none },
        { label: t.days.longest, value: r.answerDays.longest ?? t.none },
      ],
    },
  ];
}

/** The line under the title: which requests, as of which day. */
export const reportScope = (r: PqrsfReport, longDate: (d: string) => string) =>
  t.scope(longDate(r.period.from), longDate(r.period.to), longDate(r.today));

export const reportGenerated = (r: PqrsfReport) => t.generated(formatColombianDateTime(r.generatedAt));

/** The report screen's own words (`/equipo/pqrsf/informe`). */
export const reportScreenTexts = {
  title: 'Informe de PQRSF',
  intro:
    'Las cifras de las solicitudes radicadas en un mes o en un semestre, como el informe semestral de PQRSD que publican las entidades públicas. Solo conteos: ningún dato personal.',
  back: 'Volver a la bandeja de PQRSF',
  formTitle: 'Periodo del informe',
  year: 'Año',
  period: 'Periodo',
  semesters: { S1: 'Primer semestre (enero–junio)', S2: 'Segundo semestre (julio–diciembre)' },
  semesterGroup: 'Semestres',
  monthGroup: 'Meses',
  show: 'Ver informe',
  loading: 'Calculando el informe…',
  failed: 'No pudimos calcular el informe. Intenta de nuevo.',
  total: (n: number) => (n === 1 ? '1 solicitud radicada en el periodo.' : `${n} solicitudes radicadas en el periodo.`),
  csv: {
    exportTitle: 'Descargar en Excel (CSV)',
    exportButton: 'Descargar CSV',
    exporting: 'Preparando el archivo…',
    exported: (filename: string) => `Descargamos ${filename}. Solo contiene cifras; la descarga queda en la auditoría.`,
    exportFailed: 'No pudimos generar el archivo. Intenta de nuevo.',
  },
  pdf: {
    exportTitle: 'Descargar en PDF para publicar',
    exportButton: 'Descargar PDF',
    exporting: 'Preparando el PDF…',
    exported: (filename: string) => `Descargamos ${filename}. Solo contiene cifras; la descarga queda en la auditoría.`,
    exportFailed: 'No pudimos generar el PDF. Intenta de nuevo.',
  },
  csvHint: 'Las mismas cifras, una por línea, para abrir en Excel.',
  pdfHint: 'Título, periodo, las tablas y la fecha en que se generó; sin datos personales.',
  inboxLink: 'Informe de PQRSF por periodo',
} as const;

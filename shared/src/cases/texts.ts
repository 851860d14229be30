import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import type { CaseUrgency } from './terms';

/**
 * The words every kind of legal case says alike on the staff screens (Spanish, plain words for non-technical staff). A
 * kind's texts spread these and add or override its own: its title, its legal references, its actions.
 */

export const businessDays = (n: number) => `${n} ${n === 1 ? 'día hábil' : 'días hábiles'}`;

/** Dates as the team reads them: long Spanish dates, Bogotá time. */
export const dateOf = (isoDate: string) => formatLongDate(isoDate);
export const dateTimeOf = (instant: string) => formatColombianDateTime(instant);

/** How close a case is to its deadline, in words (never colour alone). */
export function deadlineWords(urgency: CaseUrgency | null, left: number | null): string | null {
  if (left === null) return null;
  if (urgency === 'vencida') return left === 0 ? 'Vencida' : `Vencida hace ${businessDays(-left)}`;
  if (left === 0) return 'Vence hoy';
  return `Vence en ${businessDays(left)}`;
}

const network = 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.';
const retry = 'Intentar de nuevo';

/** An inbox's words: loading, paging, counts and filters (the kind adds its title, intro, statuses and columns). */
export const caseInboxTexts = {
  loading: 'Cargando solicitudes…',
  failed: 'No pudimos cargar las solicitudes. Intenta de nuevo.',
  network,
  retry,
  sessionEnded: 'Tu sesión terminó. Vuelve a iniciar sesión.',
  countsTitle: 'Resumen',
  countOpen: 'Abiertas',
  countOverdue: 'Vencidas',
  countSoon: 'Vencen en 3 días hábiles o menos',
  filtersTitle: 'Buscar y filtrar',
  status: 'Estado',
  due: 'Plazo',
  anyDue: 'Cualquier plazo',
  dueOptions: { pronto: 'Vencen en 3 días hábiles o menos', vencidas: 'Vencidas' },
  apply: 'Buscar',
  clear: 'Quitar filtros',
  extended: 'plazo ampliado',
  empty: 'No hay solicitudes con estos filtros.',
  emptyOpen: 'No hay solicitudes abiertas. ¡Todo al día!',
  more: 'Cargar más solicitudes',
  loadingMore: 'Cargando…',
  loadedMore: (n: number) => `Se cargaron ${n} solicitudes más.`,
} as const;

/** A case screen's words: its frame, its summary and history headings, and the actions every kind has. */
export const caseScreenTexts = {
  title: (radicado: string) => `Solicitud ${radicado}`,
  loading: 'Cargando la solicitud…',
  failed: 'No pudimos cargar la solicitud. Intenta de nuevo.',
  network,
  retry,
  summaryTitle: 'Estado y plazo',
  status: 'Estado',
  termLabel: 'Término',
  responseTitle: 'Respuesta enviada',
  actionsTitle: 'Acciones',
  notAvailable: 'No disponible:',
  historyTitle: 'Historial',
  newDue: (date: string) => `Nueva fecha límite: ${date}`,
} as const;

/** "Pasar a «En trámite»": every kind's first action, with an optional note for the history. */
export const startTexts = {
  title: 'Pasar a «En trámite»',
  note: 'Nota para el historial (opcional)',
  submit: 'Pasar a «En trámite»',
  busy: 'Guardando…',
} as const;

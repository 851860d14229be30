import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import type { PqrsfUrgency } from 'shared/schemas/pqrsf-staff-api';

/** The panel's PQRSF screens: every fixed text in one place (Spanish, plain words for non-technical staff). */

const days = (n: number) => `${n} ${n === 1 ? 'día hábil' : 'días hábiles'}`;

/** Dates as the team reads them: long Spanish dates, Bogotá time. */
export const dateOf = (isoDate: string) => formatLongDate(isoDate);
export const dateTimeOf = (instant: string) => formatColombianDateTime(instant);

/** How close a case is to its deadline, in words (never colour alone). */
export function deadlineWords(urgency: PqrsfUrgency | null, left: number | null): string | null {
  if (left === null) return null;
  if (urgency === 'vencida') return left === 0 ? 'Vencida' : `Vencida hace ${days(-left)}`;
  if (left === 0) return 'Vence hoy';
  return `Vence en ${days(left)}`;
}

export const inboxTexts = {
  title: 'PQRSF',
  intro: 'Peticiones, quejas, reclamos, sugerencias y felicitaciones, de la que vence primero a la que vence después.',
  loading: 'Cargando solicitudes…',
  failed: 'No pudimos cargar las solicitudes. Intenta de nuevo.',
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a iniciar sesión.',
  countsTitle: 'Resumen',
  countOpen: 'Abiertas',
  countOverdue: 'Vencidas',
  countSoon: 'Vencen en 3 días hábiles o menos',
  showThese: (what: string) => `Ver: ${what}`,
  filtersTitle: 'Buscar y filtrar',
  search: 'Buscar por radicado, nombre o documento',
  searchHint: 'Basta con el comienzo del radicado o del documento, o parte del nombre.',
  status: 'Estado',
  statusOptions: {
    abiertas: 'Abiertas (en proceso o en trámite)',
    'En proceso': 'En proceso',
    'En trámite': 'En trámite',
    Respondida: 'Respondidas',
    Trasladada: 'Trasladadas',
    Cerrada: 'Cerradas',
    todas: 'Todas',
  },
  type: 'Tipo',
  anyType: 'Todos los tipos',
  due: 'Plazo',
  anyDue: 'Cualquier plazo',
  dueOptions: { pronto: 'Vencen en 3 días hábiles o menos', vencidas: 'Vencidas' },
  apply: 'Buscar',
  clear: 'Quitar filtros',
  caption: (shown: number, more: boolean) =>
    `Solicitudes ordenadas por fecha de vencimiento (${shown} mostradas${more ? '; hay más' : ''})`,
  columns: {
    radicado: 'Radicado',
    due: 'Vence',
    status: 'Estado',
    type: 'Tipo',
    name: 'Nombre',
    filed: 'Radicada',
  },
  extended: 'plazo ampliado',
  empty: 'No hay solicitudes con estos filtros.',
  emptyOpen: 'No hay solicitudes abiertas. ¡Todo al día!',
  more: 'Cargar más solicitudes',
  loadingMore: 'Cargando…',
  loadedMore: (n: number) => `Se cargaron ${n} solicitudes más.`,
  openCase: (radicado: string, name: string) => `Abrir la solicitud ${radicado} de ${name}`,
} as const;

export const caseTexts = {
  back: 'Volver a la bandeja de PQRSF',
  title: (radicado: string) => `Solicitud ${radicado}`,
  loading: 'Cargando la solicitud…',
  notFound: 'No encontramos una solicitud con ese número de radicado.',
  failed: 'No pudimos cargar la solicitud. Intenta de nuevo.',
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  summaryTitle: 'Estado y plazo',
  status: 'Estado',
  filed: 'Radicada el',
  due: 'Fecha límite de respuesta',
  term: (n: number) => `${n} días hábiles (Ley 1755 de 2015)`,
  termLabel: 'Término',
  extendedFrom: (original: string, reason: string) => `Plazo ampliado; vencía el ${original}. Motivo: ${reason}`,
  responded: 'Respondida el',
  transferred: (entity: string, at: string) => `Trasladada a ${entity} el ${at}`,
  closed: 'Cerrada el',
  transferLabel: 'Traslado',
  requestTitle: 'La solicitud como se radicó',
  fields: {
    name: 'Nombres',
    lastname: 'Apellidos',
    rol_type: 'Tipo de vínculo',
    identification: 'Documento',
    email: 'Correo electrónico',
    phone_number: 'Teléfono',
    request_type: 'Tipo de solicitud',
    reviews: 'Comentarios',
  },
  responseTitle: 'Respuesta enviada',
  actionsTitle: 'Acciones',
  notAvailable: 'No disponible:',
  start: {
    title: 'Pasar a «En trámite»',
    intro: 'Indica que alguien del equipo ya está trabajando en la solicitud. La persona lo verá en la consulta.',
    note: 'Nota para el historial (opcional)',
    submit: 'Pasar a «En trámite»',
    busy: 'Guardando…',
    done: 'La solicitud quedó en trámite.',
  },
  respond: {
    title: 'Responder',
    intro: 'La respuesta se envía por correo a la persona y queda visible en la consulta pública con la fecha de hoy.',
    field: 'Respuesta para la persona',
    review: 'Revisar y enviar',
    confirmTitle: '¿Enviar esta respuesta?',
    confirmBody: (email: string) =>
      `La enviaremos a ${email} y la solicitud quedará «Respondida». No se puede deshacer ni cambiar después.`,
    confirm: 'Sí, enviar la respuesta',
    busy: 'Enviando…',
    cancel: 'Seguir editando',
    done: 'Respuesta enviada. La solicitud quedó «Respondida».',
  },
  extend: {
    title: 'Ampliar plazo',
    intro:
      'Solo antes de que venza el término, con el motivo, y hasta el doble del término inicial (Ley 1755 de 2015, art. 14, parágrafo). La persona recibe el motivo y la nueva fecha por correo.',
    date: 'Nueva fecha límite',
    dateHint: (min: string, max: string) => `Un día hábil entre el ${min} y el ${max} (límite legal).`,
    reason: 'Motivo de la ampliación (lo recibe la persona)',
    submit: 'Ampliar plazo',
    busy: 'Guardando…',
    done: (date: string) => `Plazo ampliado hasta el ${date}. Le avisamos a la persona por correo.`,
  },
  transfer: {
    title: 'Trasladar a otra entidad',
    intro: (deadline: string) =>
      `Si la solicitud es competencia de otra entidad, se traslada a más tardar el ${deadline} (5 días hábiles desde la radicación, Ley 1755 de 2015, art. 21). La persona recibe el nombre de la entidad por correo.`,
    entity: 'Entidad competente',
    note: 'Nota para el historial (opcional)',
    submit: 'Trasladar',
    busy: 'Guardando…',
    done: 'Solicitud trasladada. Le avisamos a la persona por correo.',
  },
  close: {
    title: 'Cerrar',
    intro: 'Archiva la solicitud. Si no fue respondida ni trasladada, escribe por qué (por ejemplo: duplicada o desistida).',
    note: 'Motivo o nota',
    review: 'Cerrar la solicitud',
    confirmTitle: '¿Cerrar esta solicitud?',
    confirmBody: 'Quedará «Cerrada» y ya no admitirá acciones. No se puede deshacer.',
    confirm: 'Sí, cerrar',
    busy: 'Cerrando…',
    cancel: 'Volver',
    done: 'La solicitud quedó cerrada.',
  },
  historyTitle: 'Historial',
  historyCaption: 'Cambios de estado y plazo, del primero al último',
  historyColumns: { at: 'Fecha', event: 'Qué pasó', who: 'Quién', note: 'Nota' },
  petitioner: 'La persona (radicación)',
  events: {
    radicada: 'Radicada',
    en_tramite: 'Pasó a «En trámite»',
    respondida: 'Respondida',
    ampliada: 'Plazo ampliado',
    trasladada: 'Trasladada',
    cerrada: 'Cerrada',
  } as Record<string, string>,
  newDue: (date: string) => `Nueva fecha límite: ${date}.`,
  notesTitle: 'Notas internas',
  notesIntro: 'Solo las ve el equipo.',
  noNotes: 'Aún no hay notas.',
  noteField: 'Nueva nota',
  noteSubmit: 'Agregar nota',
  noteBusy: 'Guardando…',
  noteDone: 'Nota agregada.',
  by: (email: string, at: string) => `${email}, ${at}`,
} as const;

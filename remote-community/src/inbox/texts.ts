import { formatColombianDateTime } from 'shared/format/dates';
import type { ContactFilter } from './schemas';
import { communityInboxKinds, type CommunityInboxKind } from './schemas';

/** The panel's community inbox and record pages: every fixed text in one place (Spanish, plain words). */

/** Instants as the team reads them: "2 de junio de 2025, 14:05", Bogotá time. */
export const dateTimeOf = (instant: string) => formatColombianDateTime(instant);

/** Whether a path segment is one of the inbox's kinds. */
export const isInboxKind = (kind: string | undefined): kind is CommunityInboxKind =>
  typeof kind === 'string' && Object.prototype.hasOwnProperty.call(communityInboxKinds, kind);

/** One record of each kind, as a page title names it. */
export const kindSingular: Record<CommunityInboxKind, string> = {
  voluntarios: 'Voluntario',
  aliados: 'Empresa aliada',
  talleres: 'Consulta de taller',
  software: 'Solicitud de software',
  boletin: 'Suscriptor del boletín',
};

export const inboxScreenTexts = {
  title: 'Comunidad',
  intro: 'Quienes se registraron o escribieron desde el sitio, del más reciente al más antiguo.',
  kindsTitle: 'Tipos de registro',
  pending: (n: number) => (n === 1 ? '1 sin contactar' : `${n} sin contactar`),
  total: (n: number) => (n === 1 ? '1 registro' : `${n} registros`),
  chooseKind: 'Elige un tipo de registro para ver la lista.',
  unknownKind: 'Ese tipo de registro no existe. Elige uno de la lista.',
  filtersTitle: 'Buscar y filtrar',
  search: {
    voluntarios: 'Buscar por nombre, correo, documento o institución',
    aliados: 'Buscar por empresa, representante, correo o documento',
    talleres: 'Buscar por nombre o correo',
    software: 'Buscar por nombre o correo',
    boletin: 'Buscar por correo',
  } satisfies Record<CommunityInboxKind, string>,
  searchHint: 'Sin importar tildes ni mayúsculas; con varias palabras, deben aparecer todas.',
  status: 'Estado',
  statusOptions: { todos: 'Todos', pendientes: 'Pendientes de contactar', contactados: 'Contactados' } satisfies Record<
    ContactFilter,
    string
  >,
  workshop: 'Taller',
  anyWorkshop: 'Ambos talleres',
  apply: 'Buscar',
  clear: 'Limpiar',
  loading: 'Cargando registros…',
  failed: 'No pudimos cargar los registros. Intenta de nuevo.',
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  sessionEnded: 'Tu sesión terminó. Vuelve a iniciar sesión.',
  retry: 'Intentar de nuevo',
  empty: 'No hay registros con esta búsqueda o estos filtros.',
  emptyKind: (label: string) => `Todavía no hay registros en ${label}.`,
  caption: (label: string, shown: number, total: number | null) =>
    `${label}, del más reciente al más antiguo (${total !== null ? `${shown} de ${total}` : `${shown} mostrados`})`,
  columns: { date: 'Fecha de registro', email: 'Correo electrónico', status: 'Estado' },
  contacted: 'Contactado',
  contactedOn: (at: string) => `el ${dateTimeOf(at)}`,
  notContacted: 'Pendiente',
  more: 'Cargar más',
  loadingMore: 'Cargando más…',
  loadedMore: (n: number) => (n === 1 ? 'Se cargó 1 registro más.' : `Se cargaron ${n} registros más.`),
  exportTitle: 'Descargar para Excel',
  exportHint: (label: string, status: string) =>
    `Descarga en un archivo CSV todos los registros de ${label} con el estado «${status}». La búsqueda no se aplica al archivo. Cada descarga queda registrada en la auditoría.`,
  exportButton: 'Descargar CSV',
  exporting: 'Preparando el archivo…',
  exported: (filename: string) => `Listo: se descargó ${filename}.`,
  exportFailed: 'No pudimos preparar el archivo. Intenta de nuevo en unos minutos.',
} as const;

export const recordScreenTexts = {
  heading: (kind: CommunityInboxKind, id: string) => `${kindSingular[kind]} n.º ${id}`,
  back: (label: string) => `Volver a ${label}`,
  filed: (at: string) => `Registrado el ${dateTimeOf(at)}.`,
  loading: 'Cargando el registro…',
  notFound: 'No encontramos ese registro. Puede que el enlace esté incompleto.',
  failed: 'No pudimos cargar el registro. Intenta de nuevo.',
  network: inboxScreenTexts.network,
  sessionEnded: inboxScreenTexts.sessionEnded,
  retry: inboxScreenTexts.retry,
  fieldsTitle: 'Datos tal como se enviaron',
  empty: '(sin dato)',
  contactTitle: 'Contacto',
  contactedBy: (at: string, by: string) => `Contactado el ${dateTimeOf(at)} por ${by}.`,
  pending: 'Pendiente: nadie ha marcado este registro como contactado.',
  noteLabel: 'Nota del contacto',
  noNote: 'Sin nota.',
  noteField: 'Nota (opcional): cómo y cuándo se le contactó, qué quedó pendiente',
  mark: 'Marcar como contactado',
  update: 'Actualizar la marca y la nota',
  marking: 'Guardando…',
  marked: 'Quedó marcado como contactado.',
  updated: 'Se actualizó la marca de contacto.',
  unmark: 'Quitar la marca de contactado',
  unmarkConfirmTitle: '¿Quitar la marca de contactado?',
  unmarkConfirmBody: 'El registro volverá a quedar pendiente y se borrará la nota. El cambio queda registrado en la auditoría.',
  unmarkConfirm: 'Sí, quitar la marca',
  unmarking: 'Quitando la marca…',
  cancel: 'No, dejarla',
  unmarked: 'Se quitó la marca: el registro quedó pendiente.',
  actionFailed: 'No pudimos guardar el cambio. Intenta de nuevo.',
} as const;

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
  notContacted: 'Pendiente de contactar',
  more: 'Cargar más',
  loadingMore: 'Cargando más…',
  loadedMore: (n: number) => (n === 1 ? 'Se cargó 1 registro más.' : `Se cargaron ${n} registros más.`),
  exportTitle: 'Descargar para Excel',
  exportHint: (label: string, searched: boolean) =>
    `Descarga en un archivo CSV los registros de ${label} que muestra la lista, con ${searched ? 'la búsqueda y los filtros aplicados' : 'los filtros aplicados'}. Cada descarga queda registrada en la auditoría.`,
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
  fieldsTitle: 'Datos del registro',
  empty: '(sin dato)',
  gone: 'Registro eliminado',
  contacted: (n: number, at: string) => `Contactado: ${n === 1 ? '1 contacto' : `${n} contactos`}, el último el ${dateTimeOf(at)}.`,
  pending: 'Pendiente de contactar: nadie ha registrado un contacto con esta persona.',
  subscription: (state: string) => `Estado en el boletín: ${state}.`,
  writeTo: (address: string) => `Escribir a ${address}`,
  call: (phone: string) => `Llamar al ${phone}`,
  whatsapp: (phone: string) => `WhatsApp al ${phone}`,
  // Contacts.
  contactTitle: 'Registrar un contacto',
  contactIntro: 'Cada contacto queda en el historial con su canal, quién lo hizo y cuándo; ninguno reemplaza al anterior.',
  channel: 'Canal',
  noteField: 'Nota (opcional): qué se habló, qué quedó pendiente',
  addContact: 'Guardar el contacto',
  saving: 'Guardando…',
  contactSaved: 'Se guardó el contacto en el historial.',
  // Reply.
  replyTitle: 'Responder por correo',
  replyIntro: (address: string) =>
    `El correo sale a ${address} desde la dirección de la fundación, con su plantilla, y queda en el historial.`,
  subject: 'Asunto',
  body: 'Mensaje',
  review: 'Revisar el correo',
  reviewing: 'Preparando la vista previa…',
  previewTitle: 'Así se verá el correo',
  previewSubject: 'Asunto:',
  send: 'Enviar el correo',
  sending: 'Enviando…',
  edit: 'Volver a editar',
  replySent: 'Se envió el correo y quedó en el historial.',
  // Correction.
  correctTitle: 'Corregir datos',
  correctIntro: 'Con las mismas reglas del formulario. El historial dice qué campos cambiaron, no sus valores.',
  correctOpen: 'Corregir datos',
  correctSave: 'Guardar la corrección',
  correctCancel: 'Cancelar',
  corrected: 'Se guardó la corrección.',
  // Removal.
  removeTitle: 'Eliminar el registro',
  removeIntro: 'Borra los datos personales del registro y de su historial. Queda solo constancia de cuándo, quién y por qué.',
  reason: 'Motivo',
  removeReview: 'Eliminar…',
  removeConfirmTitle: '¿Eliminar este registro?',
  removeConfirmBody: (reason: string) =>
    `Motivo: ${reason}. Se borrarán sus datos, sus contactos y sus correos del historial. No se puede deshacer.`,
  removeConfirm: 'Sí, eliminar',
  removing: 'Eliminando…',
  cancel: 'No, conservarlo',
  removed: (at: string, by: string) => `Se eliminó el registro el ${dateTimeOf(at)} (${by}). Sus datos personales se borraron.`,
  // History.
  historyTitle: 'Historial',
  historyEmpty: 'Todavía no hay nada en el historial.',
  by: (by: string) => `por ${by}`,
  viaChannel: (channel: string) => `por ${channel}`,
  noChannel: 'canal no registrado (marca anterior al historial)',
  changedFields: (fields: string[]) => `Campos corregidos: ${fields.join(', ')}.`,
  replySubject: (subject: string) => `Asunto: ${subject}`,
  actionFailed: 'No pudimos guardar el cambio. Intenta de nuevo.',
} as const;

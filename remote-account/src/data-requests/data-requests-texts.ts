import { businessDays as days, caseInboxTexts, caseScreenTexts, startTexts } from 'shared/cases/texts';
import { dataRequestKindLabels, type DataRequestKind } from './schemas';

/** The panel's data requests screens (Ley 1581 de 2012): their own words beside the legal-case kit's (shared/cases/texts.ts). */

export { dateOf, dateTimeOf, deadlineWords } from 'shared/cases/texts';

/** Short names of the kinds for tables and headings. */
export const kindNames: Record<DataRequestKind, string> = {
  acceso: 'Acceso (consulta)',
  correccion: 'Corrección (reclamo)',
  supresion: 'Supresión (reclamo)',
  revocatoria: 'Revocatoria (reclamo)',
};
export const kindLabel = (kind: DataRequestKind) => dataRequestKindLabels[kind];

export const dataInboxTexts = {
  ...caseInboxTexts,
  title: 'Datos personales',
  intro:
    'Solicitudes de acceso, corrección, supresión y revocatoria (Ley 1581 de 2012), de la que vence primero a la que vence después. Consultas: 10 días hábiles; reclamos: 15.',
  countAnswered: 'Respondidas',
  countIncomplete: 'Esperando información de la persona',
  search: 'Buscar por radicado, nombre o correo',
  searchHint: 'Parte del radicado o del nombre, o el correo completo.',
  statusOptions: {
    abiertas: 'Abiertas (recibidas o en trámite)',
    Recibida: 'Recibidas',
    'En trámite': 'En trámite',
    Incompleta: 'Esperando información de la persona',
    Respondida: 'Respondidas',
    Desistida: 'Desistidas',
    todas: 'Todas',
  },
  kind: 'Tipo',
  anyKind: 'Todos los tipos',
  caption: (shown: number, more: boolean) =>
    `Solicitudes sobre datos personales por fecha de vencimiento (${shown} ${shown === 1 ? 'mostrada' : 'mostradas'}${more ? '; hay más' : ''})`,
  columns: ['Radicado', 'Vence', 'Estado', 'Tipo', 'Nombre', 'Radicada'] as const,
  noName: 'Datos de contacto suprimidos',
  openRequest: (radicado: string, name: string | null) => `Abrir la solicitud ${radicado}${name ? ` de ${name}` : ''}`,
} as const;

export const dataCaseTexts = {
  ...caseScreenTexts,
  back: 'Volver a las solicitudes sobre datos personales',
  notFound: 'No encontramos una solicitud con ese radicado.',
  kind: 'Tipo',
  filed: 'Radicada',
  due: 'Fecha límite',
  term: (n: number) => `${days(n)} desde el día siguiente a la radicación`,
  extendedFrom: (original: string, reason: string) => `Ampliada desde el ${original}. Motivo: ${reason}`,
  responded: 'Respondida',
  exportLabel: 'Copia de los datos',
  exportSent: (records: number, at: string, until: string) =>
    `Enviada el ${at} (${records} ${records === 1 ? 'registro' : 'registros'}). El enlace de la persona funciona hasta el ${until}.`,
  erasureLabel: 'Supresión',
  erasureDone: (at: string) => `Hecha el ${at}.`,
  erasureSummary: (what: string, n: number) => `${what}: ${n}`,
  erasureAccountPending:
    'Falta borrar su cuenta en el sitio: el proveedor de identidad no respondió. Lo reintentamos solos cada 5 minutos, y la respuesta le llega a la persona cuando la cuenta quede borrada.',
  requestTitle: 'Lo que pidió la persona',
  name: 'Nombre',
  email: 'Correo (comprobado con código)',
  details: 'Solicitud',
  correction: 'Qué corregir o actualizar',
  contactErased:
    'La solicitud ya terminó: sus datos de contacto y su texto se suprimieron. Quedan el radicado, el tipo, las fechas y el resultado.',
  start: {
    ...startTexts,
    intro: 'Indica al equipo que alguien ya trabaja en esta solicitud.',
    done: 'La solicitud quedó «En trámite».',
  },
  extend: {
    title: 'Ampliar plazo',
    intro: (extra: number, date: string) =>
      `Una sola vez y antes de que venza: ${days(extra)} más, hasta el ${date}. La persona recibe el motivo y la nueva fecha por correo.`,
    reason: 'Motivo de la ampliación',
    submit: 'Ampliar plazo',
    busy: 'Ampliando…',
    done: (date: string) => `Plazo ampliado hasta el ${date}. Le avisamos a la persona por correo.`,
  },
  respond: {
    title: 'Responder',
    intro: 'La respuesta se envía al correo de la persona. Después se suprimen sus datos de contacto de esta solicitud.',
    field: 'Respuesta para la persona',
    submit: 'Enviar la respuesta',
    busy: 'Enviando…',
    done: 'Respuesta enviada. La solicitud quedó «Respondida».',
  },
  export: {
    title: 'Responder con la copia de sus datos',
    intro:
      'Generamos la copia de todo lo que el sitio tiene de esta persona (JSON y PDF) y le enviamos por correo un enlace personal que vence en 7 días. La copia no se abre en este navegador.',
    field: 'Mensaje que acompaña la copia',
    submit: 'Generar y enviar la copia',
    busy: 'Generando la copia…',
    done: (records: number) =>
      `Copia enviada a la persona (${records} ${records === 1 ? 'registro' : 'registros'}). La solicitud quedó «Respondida».`,
  },
  erase: {
    title: 'Suprimir los datos y responder',
    intro: 'Borra los datos de esta persona en todo el sitio, también su cuenta, y le envía la respuesta.',
    field: 'Respuesta para la persona',
    review: 'Revisar la supresión',
    confirmTitle: '¿Suprimir los datos de esta persona?',
    confirmIntro: (email: string) => `Se suprimirán en todo el sitio los datos de ${email}. No se puede deshacer.`,
    erasedTitle: 'Se borra:',
    erased: [
      'Su cuenta en el sitio (ya no podrá iniciar sesión con ella).',
      'Inscripciones, formularios de voluntariado, empresas, talleres, software y PQRSF: nombre, documento, teléfono, correo y textos.',
      'Su suscripción al boletín y los correos que le enviamos.',
      'Las copias de sus datos enviadas antes.',
    ],
    keptTitle: 'Se conserva, porque la ley lo exige:',
    kept: [
      'Pagos y donaciones: montos, fechas y referencias de pago, sin datos de contacto; quedan el nombre y el documento de quien pagó o donó (obligaciones contables y tributarias).',
      'Esta solicitud y sus PQRSF: radicado, tipo, fechas y resultado, sin sus datos ni sus textos (prueba de que los atendimos).',
      'El registro de auditoría del panel, que no guarda datos de la persona.',
    ],
    confirm: 'Sí, suprimir los datos',
    busy: 'Suprimiendo…',
    cancel: 'Cancelar',
    done: 'Datos suprimidos y respuesta enviada. La solicitud quedó «Respondida».',
    donePending:
      'Datos suprimidos. La solicitud quedó «Respondida»; falta borrar su cuenta en el sitio: lo reintentamos solos y la respuesta se envía cuando quede borrada.',
  },
  completionLabel: 'Información pedida',
  completionAsked: (at: string, from: string) =>
    `El ${at} pedimos a la persona completar el reclamo; el plazo no corre mientras tanto. Si no responde, puede cerrarse como desistido desde el ${from}.`,
  completion: {
    title: 'Pedir que complete el reclamo',
    intro: (deadline: string) =>
      `Si al reclamo le falta información, pídesela a la persona una sola vez, hasta el ${deadline} (5 días hábiles desde la radicación). El plazo se detiene y vuelve a empezar cuando la envíe (Ley 1581, art. 15).`,
    field: 'Qué información falta',
    submit: 'Pedir la información',
    busy: 'Enviando…',
    done: 'Le pedimos la información a la persona. La solicitud quedó «Incompleta» y su plazo no corre.',
  },
  resume: {
    title: 'La persona completó el reclamo',
    intro: (days: number) => `El término de ${days} días hábiles vuelve a correr completo desde mañana.`,
    note: 'Qué llegó (nota para el historial, opcional)',
    submit: 'Registrar que lo completó',
    busy: 'Guardando…',
    done: (date: string) => `Reclamo completo. La nueva fecha límite es el ${date}.`,
  },
  withdraw: {
    title: 'Cerrar por desistimiento',
    intro: 'Si pasan dos meses sin la información pedida, se entiende que la persona desistió (Ley 1581, art. 15). Le avisamos por correo.',
    submit: 'Cerrar por desistimiento',
    busy: 'Cerrando…',
    done: 'La solicitud quedó «Desistida» y le avisamos a la persona.',
  },
  historyCaption: 'Lo que ha pasado con esta solicitud, del más antiguo al más reciente',
  historyColumns: ['Fecha', 'Evento', 'Quién', 'Detalle'] as const,
  events: {
    radicada: 'Radicada',
    en_tramite: 'En trámite',
    ampliada: 'Plazo ampliado',
    exportada: 'Copia de los datos enviada',
    suprimida: 'Datos suprimidos',
    respondida: 'Respondida',
    incompleta: 'Se pidió completar el reclamo',
    completada: 'La persona completó el reclamo',
    desistida: 'Cerrada por desistimiento',
  } as Record<string, string>,
  person: 'La persona',
} as const;

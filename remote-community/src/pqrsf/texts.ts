// Fixed texts of the PQRSF's public pages (spec messages live in schemas.ts): a copy change is one edit here.
import { ATTACHMENT_LINK_DAYS } from 'shared/cases/attachments';
import { RADICADO_LENGTH } from './schemas';

export const pqrsfTexts = {
  title: 'PQRSF',
  intro:
    'Radica tu petición, queja, reclamo, solicitud, sugerencia o felicitación. Te daremos un número de radicado para consultar su estado.',
  typesTitle: '¿Qué tipo de solicitud elijo?',
  types: [
    ['Petición', 'Pides algo a la fundación: una actuación, una certificación, una gestión.'],
    ['Queja', 'Manifiestas inconformidad con la atención o la conducta de una persona.'],
    ['Reclamo', 'Informas una falla en un servicio (clases, pagos, certificados) para que la corrijamos.'],
    ['Solicitud', 'Pides documentos o información. La respondemos en 10 días hábiles.'],
    ['Sugerencia', 'Nos propones una mejora: en los cursos, la atención o este sitio.'],
    ['Felicitación', 'Nos cuentas algo que hicimos bien. ¡Gracias!'],
  ] as ReadonlyArray<readonly [string, string]>,
  termsNote:
    'Según la Ley 1755 de 2015 respondemos en 15 días hábiles, y en 10 días hábiles las solicitudes de documentos o información. No contamos fines de semana ni festivos.',
  formTitle: 'Radica tu solicitud',
  formIntro: 'Diligencia el formulario y recibe de inmediato tu número de radicado, también en tu correo.',
  requestTypeHint: 'Elige «Solicitud» si pides documentos o información.',
  stored: (id: string) => `Tu solicitud fue radicada con el número ${id}`,
  storedDetails:
    'Guarda este número: con él y tu número de documento puedes consultar el estado cuando quieras. También te lo enviamos por correo.',
  failed: 'No pudimos radicar tu solicitud. No se generó ningún número de radicado.',
  network: 'No pudimos conectarnos para radicar tu solicitud. No se generó ningún número de radicado.',
  lookupLink: 'Consultar el estado de mi solicitud',
  send: 'Radicar solicitud',
  sending: 'Radicando…',
} as const;

export const lookupTexts = {
  title: 'Consultar solicitud',
  intro: 'Consulta el estado de tu PQRSF con el número de radicado y tu número de documento.',
  formTitle: 'Datos de tu solicitud',
  idHint: `Los ${RADICADO_LENGTH} dígitos que recibiste al radicar.`,
  why: 'Pedimos tu número de documento para que nadie más pueda ver tus datos personales con solo conocer el número de radicado.',
  send: 'Consultar',
  sending: 'Consultando…',
  resultTitle: (id: string) => `Solicitud ${id}`,
  due: (date: string, days: number) => `Fecha límite de respuesta: ${date} (${days} días hábiles, Ley 1755 de 2015).`,
  dueExtended: (date: string, original: string) =>
    `Fecha límite de respuesta: ${date}. Ampliamos el plazo, que vencía el ${original} (Ley 1755 de 2015, art. 14, parágrafo).`,
  respondedOn: (date: string) => `Respondida el ${date}.`,
  transferredTo: (entity: string, date: string) =>
    `Trasladada a ${entity} el ${date}, por ser la entidad competente (Ley 1755 de 2015, art. 21). Esa entidad te responderá.`,
  noResponse: 'Aún sin respuesta',
  /** The answer's files (#32). `expiredMessage` is the e-mail link's own words once it expired (the server's 410). */
  attachments: {
    title: 'Archivos adjuntos a la respuesta',
    download: (name: string) => `Descargar ${name}`,
    downloading: 'Descargando…',
    facts: (kind: string, size: string) => `${kind}, ${size}`,
    until: (date: string) => `Se puede descargar hasta el ${date}.`,
    expired: 'vencido',
    expiredMessage: `Este enlace de descarga venció: los adjuntos se pueden descargar durante ${ATTACHMENT_LINK_DAYS} días desde la respuesta. Radica una nueva solicitud citando tu radicado para recibirlos de nuevo.`,
    failed: 'No pudimos descargar el archivo. Intenta de nuevo en unos minutos.',
  },
  noComments: 'Sin comentarios',
  fileNew: 'Radicar una nueva solicitud',
  columns: {
    id: 'ID',
    createdAt: 'Fecha de creación',
    rol_type: 'Tipo de vínculo',
    name: 'Nombres',
    lastname: 'Apellidos',
    email: 'Correo electrónico',
    phone_number: 'Teléfono',
    identification: 'Tipo y número de identificación',
    request_type: 'Tipo de solicitud',
    status: 'Estado de la solicitud',
    reviews: 'Comentarios',
    response: 'Respuesta',
  },
} as const;

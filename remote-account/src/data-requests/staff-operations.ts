import { caseAssignmentOperations } from 'shared/cases/assignment';
import { caseAttachmentOperations } from 'shared/cases/attachments';
import { defineOperation } from 'shared/api/operation';
import {
  dataCompletionRequestSchema,
  dataEraseRequestSchema,
  dataExportRequestSchema,
  dataExtendRequestSchema,
  dataInboxRequestSchema,
  dataInboxResponseSchema,
  dataRequestCaseSchema,
  dataRequestParamsSchema,
  dataRespondRequestSchema,
  dataResumeRequestSchema,
  dataStartRequestSchema,
  dataWithdrawRequestSchema,
} from './schemas';
import type { z } from 'shared/schemas/zod';

/**
 * The panel's handling of the data subject's requests (Ley 1581), declared once (#27): server/staff.ts registers
 * them with `route` (the reads through the case kit's `registerReads`), the staff screens call them through
 * the staff client. Apart from the visitor's filing (operations.ts): a public page never bundles these.
 */

/** Who handles personal-data requests in the panel. */
const datos = ['datos'] as const;

/** A case action: the radicado in the path, the request as it is now as the answer. */
const caseAction = <const Path extends `/api/account/staff/data-requests/:radicado/${string}`, B extends z.ZodMiniType>(
  path: Path,
  body: B,
  summary: string,
) =>
  defineOperation({ method: 'POST', path, params: dataRequestParamsSchema, body, response: dataRequestCaseSchema, roles: datos, summary });

export const dataRequestsStaffOperations = {
  /** A page of the requests by due date, with the inbox's counts (POST: the search is personal data, never in a URL). */
  inbox: defineOperation({
    method: 'POST',
    path: '/api/account/staff/data-requests/bandeja',
    body: dataInboxRequestSchema,
    response: dataInboxResponseSchema,
    roles: datos,
    summary: 'Panel: solicitudes sobre datos personales por fecha de vencimiento, con filtros, búsqueda y conteos',
  }),
  /** The request, its history, term and the actions possible today. */
  case: defineOperation({
    method: 'GET',
    path: '/api/account/staff/data-requests/:radicado',
    params: dataRequestParamsSchema,
    response: dataRequestCaseSchema,
    roles: datos,
    summary: 'Panel: una solicitud sobre datos personales, su historial, plazo y acciones posibles',
  }),
  /** Assignment (#32, the legal-case kit): one request, several from the inbox, and who can be chosen. */
  ...caseAssignmentOperations('/api/account/staff/data-requests', {
    params: dataRequestParamsSchema,
    answer: dataRequestCaseSchema,
    roles: datos,
    kind: 'una solicitud sobre datos personales',
  }),
  /** The answer's attachments (#32, the legal-case kit): upload (pending), removal of one's own pending upload, and the
   * audited download. */
  ...caseAttachmentOperations('/api/account/staff/data-requests', {
    params: dataRequestParamsSchema,
    roles: datos,
    kind: 'una solicitud sobre datos personales',
  }),
  start: caseAction(
    '/api/account/staff/data-requests/:radicado/en-tramite',
    dataStartRequestSchema,
    'Panel: pasar una solicitud a «En trámite»',
  ),
  extend: caseAction(
    '/api/account/staff/data-requests/:radicado/ampliacion',
    dataExtendRequestSchema,
    'Panel: ampliar el plazo una vez, antes de que venza (consultas 5 y reclamos 8 días hábiles más; se avisa a la persona con el motivo)',
  ),
  respond: caseAction(
    '/api/account/staff/data-requests/:radicado/respuesta',
    dataRespondRequestSchema,
    'Panel: responder una solicitud (se envía por correo; los datos de contacto de la solicitud se borran)',
  ),
  requestCompletion: caseAction(
    '/api/account/staff/data-requests/:radicado/completar',
    dataCompletionRequestSchema,
    'Panel (reclamos, Ley 1581 art. 15): pedir a la persona que complete un reclamo incompleto, dentro de los 5 días hábiles siguientes a su recepción; el plazo se detiene',
  ),
  resume: caseAction(
    '/api/account/staff/data-requests/:radicado/reanudar',
    dataResumeRequestSchema,
    'Panel (art. 15): la persona completó el reclamo; el término vuelve a correr completo desde el día siguiente',
  ),
  withdraw: caseAction(
    '/api/account/staff/data-requests/:radicado/desistida',
    dataWithdrawRequestSchema,
    'Panel (art. 15): cerrar como desistido un reclamo que la persona no completó en dos meses (se le avisa; se borran sus datos de contacto)',
  ),
  export: caseAction(
    '/api/account/staff/data-requests/:radicado/exportacion',
    dataExportRequestSchema,
    'Panel (acceso): generar la copia de los datos de la persona (JSON y PDF) y responder con un enlace personal que vence; el equipo no la descarga',
  ),
  erase: caseAction(
    '/api/account/staff/data-requests/:radicado/supresion',
    dataEraseRequestSchema,
    'Panel (supresión, revocatoria): suprimir los datos de la persona en todo el sitio (y su cuenta), salvo lo que la ley obliga a conservar, y responder',
  ),
};

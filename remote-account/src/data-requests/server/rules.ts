import { caseTerms, filingDate } from 'shared/cases/terms';
import { no, yes, type Verdict } from 'shared/cases/verdict';
import { addBusinessDays, colombianDate, nextDate, type IsoDate } from 'shared/format/business-days';
import {
  classOfKind,
  DATA_COMPLETION_BUSINESS_DAYS,
  DATA_DUE_SOON_BUSINESS_DAYS,
  DATA_WITHDRAWAL_MONTHS,
  dataRequestTerms,
  openDataRequestStatuses,
  type DataRequestKind,
} from '../schemas';

/**
 * The legal rules of a data subject's request (Ley 1581 de 2012 arts. 14 y 15), in one place and without a database,
 * so the routes, the digest and the staff screen (through the API's `actions`) agree. Dates are Bogotá calendar dates
 * (YYYY-MM-DD); terms count business days on the Colombian holiday calendar from the day after the filing, as PQRSF's
 * (remote-community/server/pqrsf-staff-rules.ts, whose model this follows).
 */

/** The kit's term arithmetic (shared/cases/terms.ts) on this kind's open statuses: urgency and business days left. */
export const dataTerms = caseTerms(openDataRequestStatuses, DATA_DUE_SOON_BUSINESS_DAYS);
export const { isOpen, dueSoonLimit, urgencyOf, businessDaysLeft } = dataTerms;

/** The term of a kind in business days: consulta 10, reclamo 15. */
export const termDaysOf = (kind: DataRequestKind): number => dataRequestTerms[classOfKind(kind)].days;
/** The one extension the law allows a kind: consulta 5, reclamo 8 business days more. */
export const extensionDaysOf = (kind: DataRequestKind): number => dataRequestTerms[classOfKind(kind)].extension;

/** The due date of a request filed at `createdAt`. */
export const dueDateOf = (kind: DataRequestKind, createdAt: Date | string): IsoDate =>
  addBusinessDays(filingDate(createdAt), termDaysOf(kind));

/**
 * Arts. 14 y 15: when the request cannot be answered within the term, the person is told why and when it will be, which
 * may not be later than 5 (consulta) or 8 (reclamo) business days after the first term ends.
 */
export const extendedDueDate = (kind: DataRequestKind, dueDate: IsoDate): IsoDate => addBusinessDays(dueDate, extensionDaysOf(kind));

/** Art. 15: the last day an incomplete reclamo may be sent back for completion (5 business days from the filing). */
export const completionDeadline = (createdAt: Date | string): IsoDate =>
  addBusinessDays(filingDate(createdAt), DATA_COMPLETION_BUSINESS_DAYS);

/**
 * Art. 15: "transcurridos dos (2) meses desde la fecha del requerimiento" without the information, the reclamo is taken as
 * withdrawn: from the day after the same date two months later (the last day of the month when it has no such day).
 */
export function withdrawFrom(requestedAt: Date | string): IsoDate {
  const day = colombianDate(new Date(requestedAt));
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = m - 1 + DATA_WITHDRAWAL_MONTHS;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(y, month, Math.min(d, last)));
  return nextDate(target.toISOString().slice(0, 10));
}

/** What the rules need to know of a request. */
export interface RequestFacts {
  kind: DataRequestKind;
  status: string;
  createdAt: Date | string;
  /** When the person was asked to complete the reclamo (art. 15); null if never. */
  completionRequestedAt: Date | string | null;
  dueDate: IsoDate;
  extended: boolean;
  /** The person's data was erased (supresión, revocatoria). */
  erased: boolean;
  /** The contact data is still there (it goes once the request is answered). */
  hasContact: boolean;
}

export type { Verdict };

/** Why an action is refused, as the team reads it (API 409 messages and the screen's explanations). */
export const requestRuleTexts = {
  notOpen: (status: string) =>
    status === 'Incompleta'
      ? 'La solicitud espera que la persona la complete: su plazo no corre. Cuando llegue lo que falta, pulsa «La persona completó la solicitud».'
      : status === 'Desistida'
        ? 'La solicitud se cerró porque la persona no la completó: no admite esta acción.'
        : 'La solicitud ya fue respondida: no admite esta acción.',
  alreadyProcessing: 'La solicitud ya está en trámite.',
  alreadyExtended: 'El plazo de esta solicitud ya se amplió una vez: la ley no permite una segunda ampliación.',
  termOver: (due: string) =>
    `El plazo venció el ${due}: la ley solo permite ampliarlo antes de que venza, avisando a la persona (Ley 1581 de 2012, arts. 14 y 15).`,
  exportOnlyAccess: 'La copia de los datos se envía solo en las solicitudes de acceso (consultas).',
  eraseOnlyErasure: 'La supresión se hace solo en las solicitudes de supresión o de revocatoria de la autorización.',
  alreadyErased: 'Los datos de esta persona ya se suprimieron para esta solicitud.',
  noContact: 'Ya no tenemos el correo de la persona para esta solicitud.',
  completionOnlyReclamos: 'Solo un reclamo (corrección, supresión o revocatoria) se devuelve para completarlo; una consulta se responde.',
  completionAlreadyAsked: 'Ya se pidió a la persona completar esta solicitud una vez.',
  completionTooLate: (deadline: string) =>
    `Un reclamo incompleto se devuelve dentro de los 5 días hábiles siguientes a su recepción: el plazo terminó el ${deadline} (Ley 1581 de 2012, art. 15). Respóndelo con lo que tienes.`,
  notIncomplete: 'La solicitud no está esperando información de la persona.',
  withdrawTooEarly: (from: string) =>
    `Solo se entiende que la persona desistió si pasan dos meses sin que complete el reclamo: desde el ${from} (Ley 1581 de 2012, art. 15).`,
} as const;
const r = requestRuleTexts;

export function canStart(f: RequestFacts): Verdict {
  if (f.status === 'En trámite') return no(r.alreadyProcessing);
  return f.status === 'Recibida' ? yes : no(r.notOpen(f.status));
}

/** "Antes del vencimiento del término": the due date itself is still within the term; once only. */
export function canExtend(f: RequestFacts, today: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (!isOpen(f.status)) return no(r.notOpen(f.status));
  if (f.extended) return no(r.alreadyExtended);
  if (today > f.dueDate) return no(r.termOver(formatDate(f.dueDate)));
  return f.hasContact ? yes : no(r.noContact);
}

export function canExport(f: RequestFacts): Verdict {
  if (f.kind !== 'acceso') return no(r.exportOnlyAccess);
  if (!isOpen(f.status)) return no(r.notOpen(f.status));
  return f.hasContact ? yes : no(r.noContact);
}

export function canErase(f: RequestFacts): Verdict {
  if (f.kind !== 'supresion' && f.kind !== 'revocatoria') return no(r.eraseOnlyErasure);
  if (!isOpen(f.status)) return no(r.notOpen(f.status));
  if (f.erased) return no(r.alreadyErased);
  return f.hasContact ? yes : no(r.noContact);
}

/** A plain answer (a refusal with its legal reason, a correction made, a revocation recorded…), also to an incomplete one. */
export function canRespond(f: RequestFacts): Verdict {
  return isOpen(f.status) || f.status === 'Incompleta' ? yes : no(r.notOpen(f.status));
}

/** Art. 15: an incomplete reclamo goes back to the person once, within 5 business days of its receipt. */
export function canRequestCompletion(f: RequestFacts, today: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (f.kind === 'acceso') return no(r.completionOnlyReclamos);
  if (!isOpen(f.status)) return no(f.status === 'Incompleta' ? r.completionAlreadyAsked : r.notOpen(f.status));
  if (f.completionRequestedAt) return no(r.completionAlreadyAsked);
  const deadline = completionDeadline(f.createdAt);
  if (today > deadline) return no(r.completionTooLate(formatDate(deadline)));
  return f.hasContact ? yes : no(r.noContact);
}

/** The person completed it: the term runs again, whole, from the day after. */
export function canResume(f: RequestFacts): Verdict {
  return f.status === 'Incompleta' ? yes : no(r.notIncomplete);
}

/** Two months after the request to complete it without the information: closed as withdrawn. */
export function canWithdraw(f: RequestFacts, today: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (f.status !== 'Incompleta' || !f.completionRequestedAt) return no(r.notIncomplete);
  const from = withdrawFrom(f.completionRequestedAt);
  return today >= from ? yes : no(r.withdrawTooEarly(formatDate(from)));
}

export const statusAfter = {
  start: 'En trámite',
  respond: 'Respondida',
  requestCompletion: 'Incompleta',
  resume: 'En trámite',
  withdraw: 'Desistida',
} as const;

import { caseTerms, filingDate } from 'shared/cases/terms';
import { no, yes, type Verdict } from 'shared/cases/verdict';
import { addBusinessDays, isBusinessDay, type IsoDate } from 'shared/format/business-days';
import { DUE_SOON_BUSINESS_DAYS, openPqrsfStatuses, TRANSFER_BUSINESS_DAYS, type PqrsfStatus } from '../staff-schemas';

/**
 * The legal rules of a PQRSF case (Ley 1755 de 2015), in one place and without a database, so the routes, the digest
 * and the case screen (through the API's `actions`) agree. Dates are Bogotá calendar dates (YYYY-MM-DD); terms count
 * business days on the Colombian holiday calendar from the day after the filing.
 */

/** The kit's term arithmetic (shared/cases/terms.ts) on this kind's open statuses: urgency and business days left. */
export const pqrsfTerms = caseTerms(openPqrsfStatuses, DUE_SOON_BUSINESS_DAYS);
export const { isOpen, dueSoonLimit, urgencyOf, businessDaysLeft } = pqrsfTerms;

/** Art. 14 parágrafo: the extended term may not exceed twice the original one, counted from the filing. */
export const extensionLimit = (createdAt: Date | string, termDays: number): IsoDate => addBusinessDays(filingDate(createdAt), 2 * termDays);

/** Art. 21: a request for another entity is sent there within 5 business days of the filing. */
export const transferDeadline = (createdAt: Date | string): IsoDate => addBusinessDays(filingDate(createdAt), TRANSFER_BUSINESS_DAYS);

/** What the rules need to know of a case. */
export interface CaseFacts {
  status: string;
  createdAt: Date | string;
  termDays: number;
  dueDate: IsoDate;
  extended: boolean;
}

export type { Verdict };

/** Why an action is refused, as the staff read it (API 409/422 messages and the case screen's explanations). */
export const caseRuleTexts = {
  notOpen: (status: string) => `La solicitud está ${status.toLowerCase()}: ya no admite esta acción.`,
  alreadyProcessing: 'La solicitud ya está en trámite.',
  alreadyExtended: 'El plazo de esta solicitud ya se amplió una vez.',
  termOver: (due: string) =>
    `El plazo venció el ${due}: la ley solo permite ampliarlo antes de que venza (Ley 1755 de 2015, art. 14 parágrafo).`,
  extensionNotLater: (due: string) => `La nueva fecha debe ser posterior a la fecha límite actual (${due}).`,
  extensionTooLate: (max: string, days: number) =>
    `La nueva fecha no puede pasar del ${max}: el doble del término inicial (${days} días hábiles desde la radicación, Ley 1755 de 2015, art. 14 parágrafo).`,
  extensionNotBusinessDay: 'La nueva fecha debe ser un día hábil (ni fin de semana ni festivo).',
  dateInvalid: 'La fecha no es válida.',
  transferTooLate: (deadline: string) =>
    `El traslado debía hacerse a más tardar el ${deadline}: 5 días hábiles desde la radicación (Ley 1755 de 2015, art. 21). Responde la solicitud o ciérrala con una nota.`,
  alreadyClosed: 'La solicitud ya está cerrada.',
  closeNeedsNote: 'Escribe por qué se cierra sin respuesta ni traslado (por ejemplo: duplicada o desistida).',
} as const;
const r = caseRuleTexts;

export function canStartProcessing(c: CaseFacts): Verdict {
  if (c.status === 'En trámite') return no(r.alreadyProcessing);
  return c.status === 'En proceso' ? yes : no(r.notOpen(c.status));
}

export function canRespond(c: CaseFacts): Verdict {
  return isOpen(c.status) ? yes : no(r.notOpen(c.status));
}

/** Whether the term can be extended today (the new date is checked by `checkExtensionDate`). */
export function canExtend(c: CaseFacts, today: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (!isOpen(c.status)) return no(r.notOpen(c.status));
  if (c.extended) return no(r.alreadyExtended);
  // "Antes del vencimiento del término": the due date itself is still within the term.
  if (today > c.dueDate) return no(r.termOver(formatDate(c.dueDate)));
  return yes;
}

/** The new due date of an extension: a real business day after the current due date and within twice the term. */
export function checkExtensionDate(c: CaseFacts, date: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
    return no(r.dateInvalid);
  if (date <= c.dueDate) return no(r.extensionNotLater(formatDate(c.dueDate)));
  const max = extensionLimit(c.createdAt, c.termDays);
  if (date > max) return no(r.extensionTooLate(formatDate(max), 2 * c.termDays));
  if (!isBusinessDay(date)) return no(r.extensionNotBusinessDay);
  return yes;
}

export function canTransfer(c: CaseFacts, today: IsoDate, formatDate: (d: IsoDate) => string): Verdict {
  if (!isOpen(c.status)) return no(r.notOpen(c.status));
  const deadline = transferDeadline(c.createdAt);
  return today <= deadline ? yes : no(r.transferTooLate(formatDate(deadline)));
}

export function canClose(c: CaseFacts): Verdict {
  return c.status === 'Cerrada' ? no(r.alreadyClosed) : yes;
}

/** A case closed while open (neither answered nor transferred) needs its reason in the history. */
export const closeNeedsNote = (status: string): boolean => isOpen(status);

/** The status each action leads to. */
export const statusAfter = {
  startProcessing: 'En trámite',
  respond: 'Respondida',
  transfer: 'Trasladada',
  close: 'Cerrada',
} as const satisfies Record<string, PqrsfStatus>;

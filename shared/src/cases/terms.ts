import { addBusinessDays, businessDaysBetween, colombianDate, type IsoDate } from 'shared/format/business-days';

/**
 * The term arithmetic every legal case shares (PQRSF under Ley 1755 de 2015, data subject's requests under Ley 1581 de
 * 2012, and whatever kind comes next): which statuses run a term, how urgent an open case is, and how many business days
 * it has left. Dates are Bogotá calendar dates (YYYY-MM-DD) on the Colombian holiday calendar
 * (shared/format/business-days.ts). A kind brings its own facts: its open statuses and, if it ever differs, how many
 * business days count as "due soon".
 */

/** How close a case is to its deadline: overdue, due within the "due soon" window, or neither (null). */
export const caseUrgencies = ['vencida', 'pronto'] as const;
export type CaseUrgency = (typeof caseUrgencies)[number];

/** "Vence en 3 días hábiles o menos": the window of the inboxes' counts, filters and the daily digests. */
export const DUE_SOON_BUSINESS_DAYS = 3;

export interface CaseTerms {
  /** True for a status whose term runs (it can be overdue and appears in the digest). */
  isOpen(status: string): boolean;
  /** The last day a case counts as due soon seen from `today`. */
  dueSoonLimit(today: IsoDate): IsoDate;
  /** Overdue, due soon, or neither; null for a case that is no longer open (its term no longer runs). */
  urgencyOf(status: string, dueDate: IsoDate, today: IsoDate): CaseUrgency | null;
  /** Business days from today to the due date (0 = today, negative = overdue by that many); null once not open. */
  businessDaysLeft(status: string, dueDate: IsoDate, today: IsoDate): number | null;
}

/** The term rules of one kind of case, from the statuses that keep its term running. */
export function caseTerms(openStatuses: readonly string[], dueSoonDays: number = DUE_SOON_BUSINESS_DAYS): CaseTerms {
  const isOpen = (status: string) => openStatuses.includes(status);
  const dueSoonLimit = (today: IsoDate) => addBusinessDays(today, dueSoonDays);
  return {
    isOpen,
    dueSoonLimit,
    urgencyOf(status, dueDate, today) {
      if (!isOpen(status)) return null;
      if (dueDate < today) return 'vencida';
      return dueDate <= dueSoonLimit(today) ? 'pronto' : null;
    },
    businessDaysLeft: (status, dueDate, today) => (isOpen(status) ? businessDaysBetween(today, dueDate) : null),
  };
}

/** The filing's Bogotá date: terms count from the day after it. */
export const filingDate = (createdAt: Date | string): IsoDate => colombianDate(new Date(createdAt));

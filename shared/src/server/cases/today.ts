import { colombianDate, type IsoDate } from '../../format/business-days';
import type { StaffRole } from '../../staff-roles';
import type { SiteDb } from '../database';
import { counted, type TodaySource } from '../today';

/** The inbox's filter of the member's own cases, as the assignment e-mail's link and "Hoy" write it. */
export const CASE_MINE_QUERY = 'asignacion=mias';

/** A kind of case's words on "Hoy": singular and plural of "overdue", "due soon" and "open". */
export interface CaseTodayWords {
  overdue: readonly [string, string];
  dueSoon: readonly [string, string];
  open: readonly [string, string];
}

/**
 * A kind of case's part of "Hoy" (#28), the same for every kind (PQRSF, data-subject requests, the next): the open cases
 * (the menu's counter of its section), and among them those past their legal term and those due soon, each linking to
 * the kind's inbox filtered so (`?plazo=`, which the case inbox reads).
 */
export function caseToday(kind: {
  /** `<domain>.<kind>`: the items' keys. */
  key: string;
  roles: readonly StaffRole[];
  /** The kind's inbox in the panel, its menu section. */
  inbox: string;
  words: CaseTodayWords;
  counts: (db: SiteDb, today: IsoDate) => Promise<{ open: number; overdue: number; dueSoon: number }>;
  /**
   * "Mis casos" (#32): the open cases assigned to the member asking, in words ("2 PQRSF asignadas a ti"), linking to
   * the inbox's own filter (`?asignacion=mias`, which shows the open ones), so the count is the list's length.
   */
  mine?: {
    words: readonly [string, string];
    count: (db: SiteDb, email: string) => Promise<number>;
  };
}): TodaySource {
  const { key, inbox, words, mine } = kind;
  return {
    roles: kind.roles,
    async read(ctx, now, me) {
      const [counts, assigned] = await Promise.all([
        kind.counts(ctx.db, colombianDate(now)),
        mine ? mine.count(ctx.db, me.email.toLowerCase()) : Promise.resolve(null),
      ]);
      return [
        // Always listed, zero included, so a member of the kind's team always finds their way to their own cases.
        ...(mine && assigned !== null
          ? [
              {
                key: `${key}.mias`,
                label: counted(assigned, ...mine.words),
                count: assigned,
                tone: 'mio' as const,
                href: `${inbox}?${CASE_MINE_QUERY}`,
                section: null,
              },
            ]
          : []),
        {
          key: `${key}.vencidas`,
          label: counted(counts.overdue, ...words.overdue),
          count: counts.overdue,
          tone: 'vencido',
          href: `${inbox}?plazo=vencidas`,
          section: null,
        },
        {
          key: `${key}.pronto`,
          label: counted(counts.dueSoon, ...words.dueSoon),
          count: counts.dueSoon,
          tone: 'pronto',
          href: `${inbox}?plazo=pronto`,
          section: null,
        },
        {
          key: `${key}.abiertas`,
          label: counted(counts.open, ...words.open),
          count: counts.open,
          tone: 'pendiente',
          href: inbox,
          section: inbox,
        },
      ];
    },
  };
}

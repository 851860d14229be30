import { colombianDate, type IsoDate } from '../../format/business-days';
import type { StaffRole } from '../../staff-roles';
import type { SiteDb } from '../database';
import { counted, type TodaySource } from '../today';

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
}): TodaySource {
  const { key, inbox, words } = kind;
  return {
    roles: kind.roles,
    async read(ctx, now) {
      const counts = await kind.counts(ctx.db, colombianDate(now));
      return [
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

import { assignedWhere } from 'shared/server/cases/assign';
import { caseToday } from 'shared/server/cases/today';
import { openPqrsfStatuses } from '../staff-schemas';
import { readCounts } from './staff-inbox';

/**
 * The PQRSF's part of "Hoy" (#28), for Atención al ciudadano: open, overdue and due soon, as every kind of case; and
 * "Mis casos" (#32), the open ones assigned to the member asking, as the inbox's `?asignacion=mias` lists them.
 */
export const pqrsfToday = caseToday({
  key: 'community.pqrsf',
  roles: ['atencion'],
  inbox: '/equipo/pqrsf',
  words: {
    overdue: ['PQRSF vencida', 'PQRSF vencidas'],
    dueSoon: ['PQRSF vence en 3 días hábiles o menos', 'PQRSF vencen en 3 días hábiles o menos'],
    open: ['PQRSF abierta', 'PQRSF abiertas'],
  },
  counts: readCounts,
  mine: {
    words: ['PQRSF abierta asignada a ti', 'PQRSF abiertas asignadas a ti'],
    count: async (db, email) => {
      const row = await db
        .selectFrom('community.pqrsf_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(assignedWhere('mias', { email }))
        .where('status', 'in', openPqrsfStatuses)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  },
});

import { caseToday } from 'shared/server/cases/today';
import { readCounts } from './staff-inbox';

/** The PQRSF's part of "Hoy" (#28), for Atención al ciudadano: open, overdue and due soon, as every kind of case. */
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
});

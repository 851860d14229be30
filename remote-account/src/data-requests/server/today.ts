import { assignedWhere } from 'shared/server/cases/assign';
import { caseToday } from 'shared/server/cases/today';
import { openDataRequestStatuses } from '../schemas';
import { readCounts } from './staff-read';

/**
 * The data subject's requests' part of "Hoy" (#28), for Protección de datos: open, overdue and due soon; and "Mis
 * casos" (#32), the open ones assigned to the member asking, as the inbox's `?asignacion=mias` lists them.
 */
export const dataRequestsToday = caseToday({
  key: 'account.data-requests',
  roles: ['datos'],
  inbox: '/equipo/datos-personales',
  words: {
    overdue: ['solicitud sobre datos personales vencida', 'solicitudes sobre datos personales vencidas'],
    dueSoon: [
      'solicitud sobre datos personales vence en 3 días hábiles o menos',
      'solicitudes sobre datos personales vencen en 3 días hábiles o menos',
    ],
    open: ['solicitud sobre datos personales abierta', 'solicitudes sobre datos personales abiertas'],
  },
  counts: readCounts,
  mine: {
    words: ['solicitud sobre datos personales abierta asignada a ti', 'solicitudes sobre datos personales abiertas asignadas a ti'],
    count: async (db, email) => {
      const row = await db
        .selectFrom('account.data_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(assignedWhere('mias', { email }))
        .where('status', 'in', openDataRequestStatuses)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  },
});

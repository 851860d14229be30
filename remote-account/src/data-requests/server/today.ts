import { caseToday } from 'shared/server/cases/today';
import { readCounts } from './staff-read';

/** The data subject's requests' part of "Hoy" (#28), for Protección de datos: open, overdue and due soon. */
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
});

import { colombianDate } from 'shared/format/business-days';
import { counted, type TodaySource } from 'shared/server/today';
import { readCounts } from './staff-read';

/**
 * The data subject's requests' part of "Hoy" (#28), for Protección de datos: the open ones (the menu's counter), and among
 * them those past their legal term and those due soon, each linking to the inbox filtered so.
 */
export const dataRequestsToday: TodaySource = {
  roles: ['datos'],
  async read(ctx, now) {
    const counts = await readCounts(ctx.db, colombianDate(now));
    return [
      {
        key: 'account.data-requests.vencidas',
        label: counted(counts.overdue, 'solicitud sobre datos personales vencida', 'solicitudes sobre datos personales vencidas'),
        count: counts.overdue,
        tone: 'vencido',
        href: '/equipo/datos-personales?plazo=vencidas',
        section: null,
      },
      {
        key: 'account.data-requests.pronto',
        label: counted(
          counts.dueSoon,
          'solicitud sobre datos personales vence en 3 días hábiles o menos',
          'solicitudes sobre datos personales vencen en 3 días hábiles o menos',
        ),
        count: counts.dueSoon,
        tone: 'pronto',
        href: '/equipo/datos-personales?plazo=pronto',
        section: null,
      },
      {
        key: 'account.data-requests.abiertas',
        label: counted(counts.open, 'solicitud sobre datos personales abierta', 'solicitudes sobre datos personales abiertas'),
        count: counts.open,
        tone: 'pendiente',
        href: '/equipo/datos-personales',
        section: '/equipo/datos-personales',
      },
    ];
  },
};

import { colombianDate } from 'shared/format/business-days';
import { counted, type TodaySource } from 'shared/server/today';
import { readCounts } from './staff-inbox';

/**
 * The PQRSF's part of "Hoy" (#28), for Atención al ciudadano: the open ones (the menu's counter), and among them those
 * past their legal term and those due within the due-soon window, each linking to the inbox filtered so.
 */
export const pqrsfToday: TodaySource = {
  roles: ['atencion'],
  async read(ctx, now) {
    const counts = await readCounts(ctx.db, colombianDate(now));
    return [
      {
        key: 'community.pqrsf.vencidas',
        label: counted(counts.overdue, 'PQRSF vencida', 'PQRSF vencidas'),
        count: counts.overdue,
        tone: 'vencido',
        href: '/equipo/pqrsf?plazo=vencidas',
        section: null,
      },
      {
        key: 'community.pqrsf.pronto',
        label: counted(counts.dueSoon, 'PQRSF vence en 3 días hábiles o menos', 'PQRSF vencen en 3 días hábiles o menos'),
        count: counts.dueSoon,
        tone: 'pronto',
        href: '/equipo/pqrsf?plazo=pronto',
        section: null,
      },
      {
        key: 'community.pqrsf.abiertas',
        label: counted(counts.open, 'PQRSF abierta', 'PQRSF abiertas'),
        count: counts.open,
        tone: 'pendiente',
        href: '/equipo/pqrsf',
        section: '/equipo/pqrsf',
      },
    ];
  },
};

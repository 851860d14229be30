import type { PayableTableName } from '../database';
import { counted, type TodaySource } from '../today';
import { reversalStatuses } from './reversals';
import type { PayableOptions } from './routes';

/** Reversals "Hoy" mentions: those of the last 30 days (the payments review lists 90). */
const RECENT_REVERSALS_MS = 30 * 86_400_000;

/**
 * A payable's part of "Hoy" (#28), for Finanzas: the payments the site could not apply and nobody has reviewed (the
 * menu's counter of /equipo/pagos, summed over every payable), and the refunds and chargebacks of the last 30 days.
 */
export function paymentsToday<T extends PayableTableName>(options: PayableOptions<T>): TodaySource {
  const { domain, name, label } = options.payable;
  return {
    roles: ['finanzas'],
    async read(ctx, now) {
      const table: PayableTableName = options.table;
      const [discrepancies, reversals] = await Promise.all([
        ctx.db
          .selectFrom(options.discrepanciesTable)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('reviewed_at', 'is', null)
          .executeTakeFirst(),
        ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('payment_status', 'in', reversalStatuses)
          .where('updated_at', '>=', new Date(now.getTime() - RECENT_REVERSALS_MS))
          .executeTakeFirst(),
      ]);
      const unreviewed = Number(discrepancies?.n ?? 0);
      const reversed = Number(reversals?.n ?? 0);
      return [
        {
          key: `${domain}.${name}.payments.diferencias`,
          label: `${counted(unreviewed, 'pago con diferencias sin revisar', 'pagos con diferencias sin revisar')} (${label})`,
          count: unreviewed,
          tone: 'pendiente',
          href: '/equipo/pagos',
          section: '/equipo/pagos',
        },
        {
          key: `${domain}.${name}.payments.reversados`,
          label: `${counted(reversed, 'pago reembolsado o con contracargo', 'pagos reembolsados o con contracargo')} en los últimos 30 días (${label})`,
          count: reversed,
          tone: 'info',
          href: '/equipo/pagos',
          section: null,
        },
      ];
    },
  };
}

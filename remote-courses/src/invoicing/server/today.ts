import { counted, type TodaySource } from 'shared/server/today';
import { invoicingOf, resolutionNow } from './outbox';

/**
 * Electronic invoices' part of "Hoy" (#30), for Finanzas: invoices DIAN rejected (they wait for a corrected buyer),
 * documents the provider has not taken for an hour (an outage), and the numbering resolution running out.
 */
export const invoicesToday: TodaySource = {
  roles: ['finanzas'],
  async read(ctx, now) {
    const row = await ctx.db
      .selectFrom('courses.invoices')
      .select([
        (eb) => eb.fn.countAll<number>().filterWhere('state', '=', 'rejected').as('rejected'),
        (eb) =>
          eb.fn
            .countAll<number>()
            .filterWhere((w) =>
              w.and([w('state', 'in', ['pending', 'issuing']), w('created_at', '<', new Date(now.getTime() - 3_600_000))]),
            )
            .as('late'),
      ])
      .executeTakeFirst();
    const rejected = Number(row?.rejected ?? 0);
    const late = Number(row?.late ?? 0);
    const config = invoicingOf(ctx.db)?.invoicing.config;
    const warning = config ? (await resolutionNow(ctx.db, config, now)).warning : null;
    return [
      {
        key: 'courses.invoices.rechazadas',
        label: counted(
          rejected,
          'factura electrónica rechazada por la DIAN espera corrección',
          'facturas electrónicas rechazadas por la DIAN esperan corrección',
        ),
        count: rejected,
        tone: 'vencido',
        href: '/equipo/facturas?estado=rejected',
        section: '/equipo/facturas',
      },
      {
        key: 'courses.invoices.demoradas',
        label: counted(late, 'factura lleva más de una hora sin llegar a la DIAN', 'facturas llevan más de una hora sin llegar a la DIAN'),
        count: late,
        tone: 'pronto',
        href: '/equipo/facturas',
        section: null,
      },
      {
        key: 'courses.invoices.resolucion',
        label: warning ?? 'La resolución de facturación está vigente.',
        count: warning ? 1 : 0,
        tone: 'pronto',
        href: '/equipo/facturas',
        section: null,
      },
    ];
  },
};

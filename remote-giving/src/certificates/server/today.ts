import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { colombianDate } from 'shared/format/business-days';
import { counted, type TodaySource } from 'shared/server/today';
import { certificateFoundationData } from './pdf';
import { bogotaYear, donorKeySql, yearBounds } from './rules';

/**
 * The donation certificates' part of "Hoy" (#28), for Finanzas: the donors of last year who have no annual certificate
 * yet (donors ask for it for their tax return in the first months of the year: pressing until March, a reminder after),
 * and the foundation's data a certificate needs, when it is missing (no certificate can be issued until it is filled).
 */
export const certificatesToday: TodaySource = {
  roles: ['finanzas'],
  async read(ctx, now) {
    const year = bogotaYear(now) - 1;
    const [from, to] = yearBounds(year);
    const row = await ctx.db
      .selectFrom('giving.contributions as t')
      .select(
        sql<number>`count(distinct ${donorKeySql}) filter (where not exists (
          select 1 from giving.certificates c where c.kind = 'annual' and c.year = ${year} and c.donor_key = ${donorKeySql}))::int`.as(
          'without',
        ),
      )
      .where('payment_status', '=', 'approved')
      .where('date_approved', '>=', from)
      .where('date_approved', '<', to)
      .executeTakeFirst();
    const without = Number(row?.without ?? 0);
    const firstQuarter = Number(colombianDate(now).slice(5, 7)) <= 3;
    const missingData = !certificateFoundationData(site).complete;
    return [
      ...(missingData
        ? [
            {
              key: 'giving.certificates.datos',
              label: 'Faltan datos de la fundación: no se pueden expedir certificados de donación',
              count: 1,
              tone: 'vencido' as const,
              href: '/equipo/certificados',
              section: null,
            },
          ]
        : []),
      {
        key: 'giving.certificates.anuales',
        label: counted(without, `donante de ${year} sin certificado anual`, `donantes de ${year} sin certificado anual`),
        count: without,
        tone: firstQuarter ? 'pendiente' : 'info',
        href: `/equipo/certificados?anio=${year}`,
        section: firstQuarter ? '/equipo/certificados' : null,
      },
    ];
  },
};

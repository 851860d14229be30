import { colombianDate } from 'shared/format/business-days';
import { counted, type TodaySource } from 'shared/server/today';

/** How far ahead "Hoy" looks for cohorts about to start. */
const SOON_DAYS = 7;

/**
 * The cohorts' part of "Hoy" (#28), for Cursos: open cohorts starting within a week, and among them those whose students
 * would get no way to join (no access instructions for the 24-hour reminder) — the menu's counter of the courses section.
 */
export const cohortsToday: TodaySource = {
  roles: ['cursos'],
  async read(ctx, now) {
    const today = colombianDate(now);
    const until = colombianDate(new Date(now.getTime() + SOON_DAYS * 86_400_000));
    const row = await ctx.db
      .selectFrom('courses.cohorts')
      .select([
        (eb) => eb.fn.countAll<number>().as('soon'),
        (eb) => eb.fn.countAll<number>().filterWhere('access_instructions', '=', '').as('without'),
      ])
      .where('status', '=', 'open')
      .where('start_date', '>=', today)
      .where('start_date', '<=', until)
      .executeTakeFirst();
    const soon = Number(row?.soon ?? 0);
    const without = Number(row?.without ?? 0);
    return [
      {
        key: 'courses.cohorts.sin-instrucciones',
        label: counted(
          without,
          'cohorte empieza esta semana sin instrucciones de acceso',
          'cohortes empiezan esta semana sin instrucciones de acceso',
        ),
        count: without,
        tone: 'pronto',
        href: '/equipo/cursos',
        section: '/equipo/cursos',
      },
      {
        key: 'courses.cohorts.pronto',
        label: counted(soon, 'cohorte empieza en los próximos 7 días', 'cohortes empiezan en los próximos 7 días'),
        count: soon,
        tone: 'info',
        href: '/equipo/cursos',
        section: null,
      },
    ];
  },
};

import { formatLongDate } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { renderMail } from 'shared/server/mail-template';
import { describeWeeklyClasses, weeklyClasses } from '../../../manifest/class-schedule';

/**
 * What a cohort's students are told about its classes (#31): the schedule and how to join, in the 24-hour reminder
 * (./reminder.ts) and in the e-mail each enrolled student gets once when the staff change the dates, the schedule or the
 * joining details of the cohort (./cohorts.ts, after the change is stored). Fixed texts and the foundation's own data
 * (what the staff wrote): no visitor-submitted text.
 */

/** The cohort's facts that its students hear about. */
export interface CohortFacts {
  start_date: string;
  end_date: string | null;
  schedule: string;
  /** As stored: `MO,WE`. */
  class_days: string;
  class_start: string | null;
  class_end: string | null;
  join_url: string | null;
  join_place: string | null;
  access_instructions: string;
}

/** One changed fact, worded: what it is, what it was and what it is now. */
export interface CohortChange {
  label: string;
  from: string;
  to: string;
}

const notSet = 'sin definir';
const dateText = (d: string | null) => (d ? formatLongDate(d) : notSet);
const weeklyText = (c: Pick<CohortFacts, 'class_days' | 'class_start' | 'class_end'>) => {
  const classes = weeklyClasses(c);
  return classes ? describeWeeklyClasses(classes) : notSet;
};

/** The schedule as the students read it: the weekly classes when the staff set them, else the schedule's text. */
export const scheduleText = (c: Pick<CohortFacts, 'schedule' | 'class_days' | 'class_start' | 'class_end'>): string => {
  const classes = weeklyClasses(c);
  return classes ? describeWeeklyClasses(classes) : c.schedule;
};

/** How to join, one line each: the link, the place; empty when the staff set neither. */
export const joiningLines = (c: Pick<CohortFacts, 'join_url' | 'join_place'>): string[] => [
  ...(c.join_url ? [`Enlace para unirte a la clase: ${c.join_url}`] : []),
  ...(c.join_place ? [`Lugar de las clases: ${c.join_place}`] : []),
];

/** The facts that differ between `before` and `after`, worded; none when the save changed nothing the students hear about. */
export function cohortChanges(before: CohortFacts, after: CohortFacts): CohortChange[] {
  const facts: { label: string; show: (c: CohortFacts) => string }[] = [
    { label: 'Fecha de inicio', show: (c) => dateText(c.start_date) },
    { label: 'Fecha de finalización', show: (c) => dateText(c.end_date) },
    { label: 'Horario', show: (c) => c.schedule.trim() || notSet },
    { label: 'Horario semanal', show: weeklyText },
    { label: 'Enlace de la clase', show: (c) => c.join_url ?? notSet },
    { label: 'Lugar de las clases', show: (c) => c.join_place ?? notSet },
    { label: 'Instrucciones de acceso', show: (c) => c.access_instructions.trim() || notSet },
  ];
  return facts.flatMap(({ label, show }) => {
    const from = show(before);
    const to = show(after);
    return from === to ? [] : [{ label, from, to }];
  });
}

type NoticeContext = Pick<ApiContext, 'db' | 'mailer' | 'settings'>;

/**
 * One e-mail to each enrolled student of the cohort (paid and not yet completed; one per address even with two modules
 * in it) saying what changed. Answers how many went out.
 */
export async function notifyCohortChange(ctx: NoticeContext, cohortId: number, changes: CohortChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const students = await ctx.db
    .selectFrom('courses.enrolments')
    .select(['email', 'course_title'])
    .where('cohort_id', '=', cohortId)
    .where('payment_status', '=', 'approved')
    .where('enrollment_status', '=', 'ENROLLED')
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  let sent = 0;
  for (const s of students) {
    const key = s.email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    await ctx.mailer.send(
      renderMail({
        to: s.email,
        subject: `Cambios en tu curso ${s.course_title}`,
        greeting: 'Hola:',
        paragraphs: [
          `El equipo de la fundación actualizó los datos de tu curso ${s.course_title}. Esto es lo que cambió:`,
          ...changes.map((c) => `${c.label}: antes ${c.from}; ahora ${c.to}.`),
          'Encuentras el horario, la forma de unirte y el calendario de tus clases en Mis Cursos.',
        ],
        action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos`, public: true },
      }),
    );
    sent += 1;
  }
  return sent;
}

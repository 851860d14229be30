import { randomUUID } from 'node:crypto';
import { formatLongDate } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { renderMail } from 'shared/server/mail-template';
import { describeWeeklyClasses, weeklyClasses } from '../../../manifest/class-schedule';
import { MAX_MESSAGES_PER_DAY } from '../message-schemas';
import { cohortMailsToday } from './messages';

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
 * in it) saying what changed. Answers how many went out, or -1 when the cohort had its e-mails of the day.
 */
export async function notifyCohortChange(
  ctx: NoticeContext,
  cohortId: number,
  changes: CohortChange[],
  sentBy: string,
  now = new Date(),
): Promise<number> {
  if (changes.length === 0) return 0;
  // Under the cohort's daily cap of the team's e-mails (messages and change notices alike, ./messages.ts): six saves
  // in a row must not become six e-mails. Past it the change is saved and shown in Mis Cursos, without an e-mail.
  if ((await cohortMailsToday(ctx.db, cohortId, now)) >= MAX_MESSAGES_PER_DAY) return -1;
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
  // Kept with the cohort's messages: what the students were told, and it counts toward the day's cap.
  await ctx.db
    .insertInto('courses.cohort_messages')
    .values({
      message_id: `cambio-${randomUUID()}`,
      cohort_id: cohortId,
      subject: 'Cambios en tu curso',
      body: changes.map((c) => `${c.label}: antes ${c.from}; ahora ${c.to}.`).join('\n'),
      sent_by: sentBy,
      recipients: new Set(students.map((s) => s.email.trim().toLowerCase())).size,
    })
    .execute();
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

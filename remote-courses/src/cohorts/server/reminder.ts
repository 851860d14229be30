import { sql } from 'kysely';
import { formatLongDate } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { scheduleRecurring } from 'shared/server/jobs';
import { renderMail } from 'shared/server/mail-template';
import { cohortDate } from './seats';
import { joiningLines, scheduleText } from './cohort-changes';

/**
 * The reminder 24 hours before a cohort starts (#14, the promise of the success page and the receipt e-mail): every
 * enrolled student of a cohort that starts within the next 24 hours gets its access instructions, once. A recurring
 * job (every 15 minutes, one run per slot across instances) finds the due cohorts, and each student is claimed before
 * the e-mail (`reminded_for`, `<cohort id>:<start date>`, set by one UPDATE … RETURNING, so two instances or two
 * overlapping runs send it once). A student who enrols, pays or is moved in after the cohort's reminder went out gets
 * theirs on the next run (#31); a cohort moved to another date is reminded again. `reminder_sent_at` tells the panel
 * the cohort's reminder went out.
 */

export const COHORT_REMINDER_JOB = 'courses.cohort.reminder';
export const REMINDER_EVERY_MS = 15 * 60_000;
/** Classes start at the beginning of the Bogotá day (00:00 −05:00) unless the schedule says otherwise. */
const BOGOTA_OFFSET = '-05:00';

type ReminderContext = Pick<ApiContext, 'db' | 'mailer' | 'settings'>;

/** Sends the reminders due at `now`; answers how many cohorts were due and how many e-mails went out. */
export async function sendCohortReminders(ctx: ReminderContext, now: Date = new Date()): Promise<{ cohorts: number; sent: number }> {
  const horizon = new Date(now.getTime() + 24 * 3600_000);
  const due = await ctx.db
    .selectFrom('courses.cohorts')
    .select([
      'id',
      'course_name',
      cohortDate.as('start_date'),
      'schedule',
      'access_instructions',
      'class_days',
      'class_start',
      'class_end',
      'join_url',
      'join_place',
      'reminder_sent_at',
    ])
    .where(sql<boolean>`(start_date::text || 'T00:00:00${sql.raw(BOGOTA_OFFSET)}')::timestamptz <= ${horizon}`)
    .where(sql<boolean>`(start_date::text || 'T00:00:00${sql.raw(BOGOTA_OFFSET)}')::timestamptz > ${now}`)
    .execute();
  let sent = 0;
  for (const cohort of due) {
    const period = `${cohort.id}:${cohort.start_date}`;
    // Claimed first: whoever sets `reminded_for` sends. A student already reminded for this period under another
    // enrolment of the same option (one address, one module) is claimed without a second e-mail.
    const claimed = await ctx.db
      .updateTable('courses.enrolments')
      .set({ reminded_for: period })
      .where('cohort_id', '=', cohort.id)
      .where('payment_status', '=', 'approved')
      .where('enrollment_status', '=', 'ENROLLED')
      .where((eb) => eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '!=', period)]))
      .returning(['id', 'email', 'course_title', 'module_name'])
      .execute();
    const earlier = claimed.length
      ? await ctx.db
          .selectFrom('courses.enrolments')
          .select(['email', 'module_name'])
          .where('cohort_id', '=', cohort.id)
          .where('reminded_for', '=', period)
          .where(
            'id',
            'not in',
            claimed.map((c) => c.id),
          )
          .execute()
      : [];
    const seen = new Set(earlier.map((s) => `${s.email.toLowerCase()}|${s.module_name}`));
    for (const s of [...claimed].sort((a, b) => a.id - b.id)) {
      const key = `${s.email.toLowerCase()}|${s.module_name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await ctx.mailer.send(reminderMail(ctx, cohort, s));
      sent += 1;
    }
    if (cohort.reminder_sent_at === null)
      await ctx.db
        .updateTable('courses.cohorts')
        .set({ reminder_sent_at: now })
        .where('id', '=', cohort.id)
        .where('reminder_sent_at', 'is', null)
        .execute();
  }
  return { cohorts: due.length, sent };
}

type DueCohort = Parameters<typeof scheduleText>[0] &
  Parameters<typeof joiningLines>[0] & { start_date: string; access_instructions: string };

/** One student's reminder: fixed text and the foundation's own data (the instructions staff wrote), no visitor's text. */
function reminderMail(ctx: ReminderContext, cohort: DueCohort, s: { email: string; course_title: string; module_name: string }) {
  return renderMail({
    to: s.email,
    subject: `Tus clases empiezan el ${formatLongDate(cohort.start_date)}`,
    greeting: 'Hola:',
    paragraphs: [
      `Tus clases de ${s.course_title} empiezan el ${formatLongDate(cohort.start_date)}.`,
      // The weekly classes and how to join as the staff set them for the course page (#31), else the texts.
      `Horario: ${scheduleText(cohort)}.`,
      ...joiningLines(cohort),
      ...(cohort.access_instructions.trim()
        ? ['Instrucciones de acceso:', ...cohort.access_instructions.split(/\r?\n/).filter((l) => l.trim())]
        : joiningLines(cohort).length > 0
          ? []
          : ['Instrucciones de acceso:', 'Te escribiremos con el enlace de la clase antes de empezar.']),
    ],
    details: [
      ['Curso', s.course_title],
      ['Módulo', s.module_name],
      ['Inicio', formatLongDate(cohort.start_date)],
    ],
    action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos`, public: true },
  });
}

/** Starts the reminder schedule; call the answer from the plugin's onClose. */
export function scheduleCohortReminders(ctx: ReminderContext, onError: (err: unknown) => void): () => void {
  return scheduleRecurring(
    ctx.db,
    { name: COHORT_REMINDER_JOB, everyMs: REMINDER_EVERY_MS, run: () => sendCohortReminders(ctx) },
    { onError },
  );
}

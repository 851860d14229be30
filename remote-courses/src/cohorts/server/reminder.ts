import { sql } from 'kysely';
import { formatLongDate } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { runOnce, scheduleRecurring } from 'shared/server/jobs';
import { renderMail } from 'shared/server/mail-template';
import { cohortDate } from './seats';
import { joiningLines, scheduleText } from './cohort-changes';

/**
 * The reminder 24 hours before a cohort starts (#14, the promise of the success page and the receipt e-mail): every
 * enrolled student of a cohort that starts within the next 24 hours gets its access instructions, once. A recurring
 * job (every 15 minutes, one run per slot across instances) finds the due cohorts; each cohort is sent through
 * `runOnce` keyed by cohort and start date (so two instances, or two overlapping runs, send it once, and a cohort moved
 * to another date is reminded again), then `reminder_sent_at` is set.
 */

export const COHORT_REMINDER_JOB = 'courses.cohort.reminder';
export const REMINDER_EVERY_MS = 15 * 60_000;
/** Classes start at the beginning of the Bogotá day (00:00 −05:00) unless the schedule says otherwise. */
const BOGOTA_OFFSET = '-05:00';

type ReminderContext = Pick<ApiContext, 'db' | 'mailer' | 'settings'>;

/** Sends the reminders due at `now`; answers how many e-mails went out. */
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
      'created_at',
      'class_days',
      'class_start',
      'class_end',
      'join_url',
      'join_place',
    ])
    .where('reminder_sent_at', 'is', null)
    .where(sql<boolean>`(start_date::text || 'T00:00:00${sql.raw(BOGOTA_OFFSET)}')::timestamptz <= ${horizon}`)
    .where(sql<boolean>`(start_date::text || 'T00:00:00${sql.raw(BOGOTA_OFFSET)}')::timestamptz > ${now}`)
    .execute();
  let sent = 0;
  for (const cohort of due) {
    // The cohort's creation time too: ids may be reused by a database restored or rebuilt from scratch.
    const period = `${cohort.id}:${cohort.start_date}:${new Date(cohort.created_at).getTime()}`;
    const outcome = await runOnce(ctx.db, COHORT_REMINDER_JOB, period, async () => {
      const students = await ctx.db
        .selectFrom('courses.enrolments')
        .select(['email', 'course_title', 'module_name'])
        .where('cohort_id', '=', cohort.id)
        .where('payment_status', '=', 'approved')
        .where('enrollment_status', '=', 'ENROLLED')
        .orderBy('id')
        .execute();
      // One e-mail per address and option (a student enrolled in two modules gets both).
      const seen = new Set<string>();
      let count = 0;
      for (const s of students) {
        const key = `${s.email.toLowerCase()}|${s.module_name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await ctx.mailer.send(
          renderMail({
            to: s.email,
            subject: `Tus clases empiezan el ${formatLongDate(cohort.start_date)}`,
            // Fixed text and the foundation's own data (the instructions staff wrote): no visitor-submitted text.
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
          }),
        );
        count += 1;
      }
      await ctx.db.updateTable('courses.cohorts').set({ reminder_sent_at: new Date() }).where('id', '=', cohort.id).execute();
      return count;
    });
    if (outcome.ran) sent += outcome.result;
  }
  return { cohorts: due.length, sent };
}

/** Starts the reminder schedule; call the answer from the plugin's onClose. */
export function scheduleCohortReminders(ctx: ReminderContext, onError: (err: unknown) => void): () => void {
  return scheduleRecurring(
    ctx.db,
    { name: COHORT_REMINDER_JOB, everyMs: REMINDER_EVERY_MS, run: () => sendCohortReminders(ctx) },
    { onError },
  );
}

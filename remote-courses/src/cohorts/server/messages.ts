import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { courseBySlug } from '../../../manifest/catalogue';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { colombianDate, colombianDayStart } from 'shared/format/business-days';
import { scheduleRecurring } from 'shared/server/jobs';
import { renderMail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { pathParam, registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import { cohortMessageOperations as ops } from '../message-operations';
import { cohortMessageTexts as t, MAX_MESSAGES_PER_DAY, paragraphsOf } from '../message-schemas';

/**
 * Messages to a cohort by e-mail (#31), the Cursos team's, under /api/courses/staff/cohorts/:id/mensajes…: a preview as
 * one student gets it, and the sending — once per message id (a repeated or double submit finds the message and sends
 * nothing), one delivery row per (message, enrolment) so no student gets it twice, at most MAX_MESSAGES_PER_DAY per
 * cohort and Bogotá day (429), audited with who, the cohort, the subject and how many got it.
 */

interface Recipient {
  reference: string;
  email: string;
  student_name: string;
}

/** The students ENROLLED in the cohort (paid), oldest enrolment first. */
const enrolledIn = (db: SiteDb, cohortId: number): Promise<Recipient[]> =>
  db
    .selectFrom('courses.enrolments')
    .select(['reference', 'email', 'student_name'])
    .where('cohort_id', '=', cohortId)
    .where('enrollment_status', '=', 'ENROLLED')
    // Paid (or entered by the team), as the change e-mails and the course page ask: a disputed payment is not a student.
    .where('payment_status', '=', 'approved')
    .orderBy('id')
    .execute();

/** The e-mail one student gets: their first name, the team's subject and paragraphs, and which course it is about. */
export function cohortMessageMail(to: Recipient, message: { subject: string; text: string }, courseTitle: string): OutgoingMail {
  return renderMail({
    to: to.email,
    subject: message.subject,
    greeting: t.greeting(to.student_name),
    paragraphs: paragraphsOf(message.text),
    details: [['Curso', courseTitle]],
  });
}

/** The instant Bogotá's current day began (UTC−5, no daylight saving time). */

/** How many e-mails the team sent the cohort today (Bogotá): its messages and its change notices, under one cap. */
export async function cohortMailsToday(db: SiteDb, cohortId: number, now: Date): Promise<number> {
  const today = await db
    .selectFrom('courses.cohort_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('cohort_id', '=', cohortId)
    .where('created_at', '>=', colombianDayStart(colombianDate(now)))
    .executeTakeFirstOrThrow();
  return Number(today.n);
}

export const COHORT_MESSAGE_RESUME_JOB = 'courses.cohort.message_resume';
/** A delivery still unsent this long after its message was accepted was cut off (a restart mid-send), not in progress. */
export const MESSAGE_RESUME_AFTER_MS = 10 * 60_000;

/**
 * Finishes messages a restart cut off mid-send (#31): each delivery still unsent MESSAGE_RESUME_AFTER_MS after its
 * message was accepted is claimed (sent_at set by one UPDATE … RETURNING, so two instances send it once) and sent to the
 * student as the route would have, with the enrolment's current address; a student withdrawn since gets nothing.
 * Answers how many e-mails went out.
 */
export async function resumeCohortMessages(ctx: Pick<ApiContext, 'db' | 'mailer'>, now: Date = new Date()): Promise<number> {
  const cut = await ctx.db
    .selectFrom('courses.cohort_message_deliveries as d')
    .innerJoin('courses.cohort_messages as m', 'm.message_id', 'd.message_id')
    .select(['d.message_id', 'd.enrolment_reference'])
    .where('d.sent_at', 'is', null)
    .where('m.created_at', '<', new Date(now.getTime() - MESSAGE_RESUME_AFTER_MS))
    .orderBy('m.id')
    .limit(500)
    .execute();
  let sent = 0;
  for (const d of cut) {
    const claimed = await ctx.db
      .updateTable('courses.cohort_message_deliveries')
      .set({ sent_at: now })
      .where('message_id', '=', d.message_id)
      .where('enrolment_reference', '=', d.enrolment_reference)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const m = await ctx.db
      .selectFrom('courses.cohort_messages')
      .select(['cohort_id', 'subject', 'body'])
      .where('message_id', '=', d.message_id)
      .executeTakeFirstOrThrow();
    const student = (await enrolledIn(ctx.db, m.cohort_id)).find((r) => r.reference === d.enrolment_reference);
    if (!student) continue;
    const course = await ctx.db.selectFrom('courses.cohorts').select('course_name').where('id', '=', m.cohort_id).executeTakeFirst();
    const title = (course && courseBySlug(course.course_name)?.title) ?? course?.course_name ?? '';
    await ctx.mailer.send(cohortMessageMail(student, { subject: m.subject, text: m.body }, title));
    sent += 1;
  }
  return sent;
}

/** Starts the resuming schedule; call the answer from the plugin's onClose. */
export function scheduleCohortMessageResume(ctx: Pick<ApiContext, 'db' | 'mailer'>, onError: (err: unknown) => void): () => void {
  return scheduleRecurring(
    ctx.db,
    { name: COHORT_MESSAGE_RESUME_JOB, everyMs: 15 * 60_000, run: () => resumeCohortMessages(ctx) },
    { onError },
  );
}

export const cohortMessageRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['cursos'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const cohortOf = async (id: number) => {
      const cohort = await ctx.db.selectFrom('courses.cohorts').select(['id', 'course_name']).where('id', '=', id).executeTakeFirst();
      if (!cohort) throw new ApiError(404, 'not_found', t.cohortNotFound);
      return { ...cohort, title: courseBySlug(cohort.course_name)?.title ?? cohort.course_name };
    };

    route(
      staff,
      ops.previewCohortMessage,
      async (request) => {
        const cohort = await cohortOf(request.params.id);
        const recipients = await enrolledIn(ctx.db, cohort.id);
        const first = recipients[0];
        if (!first) return { recipients: 0, preview: null };
        const mail = cohortMessageMail(first, request.body, cohort.title);
        return { recipients: recipients.length, preview: { name: first.student_name, subject: mail.subject, text: mail.text } };
      },
      { config: staffRead({ action: 'courses.cohort.message_preview', entity: 'cohort', id: pathParam('id') }) },
    );

    route(staff, ops.sendCohortMessage, async (request) => {
      const { message_id, subject, text } = request.body;
      const who = staffOf(request);
      const cohort = await cohortOf(request.params.id);
      const now = new Date();
      const claim = await ctx.db.transaction().execute(async (trx) => {
        // One sender at a time per cohort, so the day's count and the message id are checked against what is committed.
        await trx.selectFrom('courses.cohorts').select('id').where('id', '=', cohort.id).forUpdate().execute();
        const earlier = await trx
          .selectFrom('courses.cohort_messages')
          .select(['cohort_id', 'recipients'])
          .where('message_id', '=', message_id)
          .executeTakeFirst();
        if (earlier) {
          if (earlier.cohort_id !== cohort.id) throw new ApiError(409, 'conflict', t.otherCohort);
          return null;
        }
        if ((await cohortMailsToday(trx, cohort.id, now)) >= MAX_MESSAGES_PER_DAY) throw new ApiError(429, 'too_many_messages', t.tooMany);
        const recipients = await enrolledIn(trx, cohort.id);
        await trx
          .insertInto('courses.cohort_messages')
          .values({ message_id, cohort_id: cohort.id, subject, body: text, sent_by: who.email, recipients: recipients.length })
          .execute();
        if (recipients.length)
          await trx
            .insertInto('courses.cohort_message_deliveries')
            .values(recipients.map((r) => ({ message_id, enrolment_reference: r.reference })))
            .onConflict((oc) => oc.columns(['message_id', 'enrolment_reference']).doNothing())
            .execute();
        await recordAudit(trx, who, {
          action: 'courses.cohort.message',
          entity: 'cohort',
          entityId: String(cohort.id),
          detail: { asunto: subject, destinatarios: recipients.length },
        });
        return recipients;
      });
      if (!claim) return { sent: 0, alreadySent: true };
      // Into the outbox once the message and its deliveries are committed; each delivery is marked as it goes.
      for (const r of claim) {
        await ctx.mailer.send(cohortMessageMail(r, { subject, text }, cohort.title));
        await ctx.db
          .updateTable('courses.cohort_message_deliveries')
          .set({ sent_at: new Date() })
          .where('message_id', '=', message_id)
          .where('enrolment_reference', '=', r.reference)
          .execute();
      }
      return { sent: claim.length, alreadySent: false };
    });
  });
};

import type { FastifyInstance } from 'fastify';
import { formatLongDate } from 'shared/format/dates';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { ApiError } from 'shared/server/http';
import { renderMail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import { fullName } from '../../enrolment/schemas';
import { manualEnrolmentOperations as ops } from '../manual-operations';
import { manualEnrolmentTexts as texts, type EditStudent } from '../manual-schemas';
import { ledgerTexts } from '../schemas';
import { seatTakingStatuses } from '../../cohorts/server/seats';
import { claimSeatIn, conflict, openCohortsWithSeats } from './cohort-seats';

/**
 * One enrolled student's changes by the team (#31): a move to another cohort of the same course (the seat follows, in
 * one transaction) and a correction of their name, document, phone or e-mail. Registered by ./manual.ts inside its
 * staff scope (Cursos). Both audited; the move is told to the student.
 */

const notFound = () => new ApiError(404, 'not_found', ledgerTexts.notFound);

/** The student's word that their group changed: fixed text and our own data, the new dates and the way to Mis Cursos. */
export function cohortChangedMail(
  ctx: Pick<ApiContext, 'settings'>,
  e: { email: string; reference: string; course_title: string; module_name: string },
  cohort: { start_date: string; schedule: string },
): OutgoingMail {
  return renderMail({
    to: e.email,
    subject: 'Cambiamos tu grupo del curso',
    greeting: 'Hola:',
    paragraphs: [
      `Nuestro equipo te cambió de grupo en ${e.course_title}. Tu cupo quedó en el nuevo grupo; no tienes que hacer nada más.`,
      'Te enviaremos las instrucciones de acceso 24 horas antes del inicio de clases.',
    ],
    details: [
      ['Curso', e.course_title],
      ['Módulo', e.module_name],
      ['Nuevo inicio de clases', formatLongDate(cohort.start_date)],
      ...(cohort.schedule ? ([['Horario', cohort.schedule]] as Array<[string, string]>) : []),
      ['Inscripción', e.reference],
    ],
    action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos`, public: true },
  });
}

/** An address as the old one's notice shows the new one: enough to recognise it, not to learn it (m…z@gmail.com). */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local.slice(0, 1)}…` : `${local.slice(0, 1)}…${local.slice(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * A corrected e-mail is told to both addresses (#31): the old one learns its course moved to another address (masked),
 * so a change it did not ask for is noticed and answered; the new one learns the course is now there and how to reach it.
 */
export function addressChangedMails(
  ctx: Pick<ApiContext, 'settings'>,
  e: { reference: string; course_title: string },
  from: string,
  to: string,
): OutgoingMail[] {
  const origin = ctx.settings.publicOrigin;
  return [
    renderMail({
      to: from,
      subject: 'Cambiamos el correo de tu inscripción',
      greeting: 'Hola:',
      paragraphs: [
        `Nuestro equipo cambió el correo de tu inscripción en ${e.course_title} a ${maskedAddress(to)}. Desde ahora, el curso, sus avisos y su certificado llegan a ese correo y se ven en Mis Cursos al ingresar con él.`,
        'Si no pediste este cambio, escríbenos cuanto antes desde el formulario de PQRSF indicando tu número de inscripción.',
      ],
      details: [
        ['Curso', e.course_title],
        ['Inscripción', e.reference],
      ],
      action: { label: 'Escribir a la fundación', url: `${origin}/pqrsf`, public: true },
    }),
    renderMail({
      to,
      subject: 'Tu curso ahora está asociado a este correo',
      greeting: 'Hola:',
      paragraphs: [
        `Nuestro equipo asoció tu inscripción en ${e.course_title} a este correo. Ingresa a Mis Cursos con él (o crea tu cuenta con él, si aún no la tienes) para ver las fechas, los materiales y tu certificado.`,
      ],
      details: [
        ['Curso', e.course_title],
        ['Inscripción', e.reference],
      ],
      action: { label: 'Ver Mis Cursos', url: `${origin}/mis-cursos`, public: true },
    }),
  ];
}

const isSeated = (e: { enrollment_status: string; payment_status: string }) =>
  e.enrollment_status === 'ENROLLED' && (seatTakingStatuses as readonly string[]).includes(e.payment_status);

/** The student's fields as stored (an optional name left out is null), to compare with the stored row. */
const studentColumns = (body: EditStudent) => ({
  student_name: body.student_name,
  student_name_second: body.student_name_second ?? null,
  student_lastname: body.student_lastname,
  student_second_lastname: body.student_second_lastname ?? null,
  id_type: body.id_type,
  id_number: body.id_number,
  phone_number: body.phone_number,
  email: body.email,
});

export async function moveRoutes(staff: FastifyInstance, ctx: ApiContext): Promise<void> {
  route(staff, ops.moveOptions, async (request) => {
    const { reference } = request.params;
    const e = await ctx.db
      .selectFrom('courses.enrolments')
      .select(['course_name', 'cohort_id'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!e) throw notFound();
    const cohorts = await openCohortsWithSeats(ctx.db, new Date(), e.course_name, reference);
    return { current: e.cohort_id, cohorts: cohorts.filter((c) => c.id !== e.cohort_id) };
  });

  route(staff, ops.moveEnrolment, async (request) => {
    const { reference } = request.params;
    const target = request.body.cohort_id;
    const who = staffOf(request);
    const now = new Date();
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('courses.enrolments').select(['cohort_id']).where('reference', '=', reference).executeTakeFirst();
      if (!before) throw notFound();
      // Both cohorts locked, lowest id first, before the enrolment (the order every seat writer keeps): the old seat is
      // released and the new one taken in this one transaction, so no checkout sees the cohort between the two.
      const cohorts = [...new Set([before.cohort_id, target].filter((id): id is number => id !== null))].sort((a, b) => a - b);
      for (const id of cohorts) await trx.selectFrom('courses.cohorts').select('id').where('id', '=', id).forUpdate().execute();
      const e = await trx
        .selectFrom('courses.enrolments')
        .selectAll()
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (e.cohort_id !== before.cohort_id) throw conflict(texts.moveChanged);
      if (!isSeated(e)) throw conflict(texts.moveOnlyEnrolled);
      if (e.cohort_id === target) throw conflict(texts.moveSameCohort);
      const cohort = await claimSeatIn(trx, target, e.course_name, now, reference);
      await trx
        .updateTable('courses.enrolments')
        .set({ cohort_id: cohort.id, cohort_start_date: cohort.start_date, seat_held_until: null, pending_seat_until: null })
        .where('reference', '=', reference)
        .execute();
      await recordAudit(trx, who, {
        action: 'courses.enrolment.move',
        entity: 'enrolment',
        entityId: reference,
        detail: { de: e.cohort_id, a: cohort.id },
      });
      return { e, cohort };
    });
    // Once committed: the student hears of the new dates.
    await ctx.mailer.send(cohortChangedMail(ctx, moved.e, moved.cohort));
    return { cohort: { id: moved.cohort.id, startDate: moved.cohort.start_date }, sentTo: moved.e.email };
  });

  route(staff, ops.editStudent, async (request) => {
    const { reference } = request.params;
    const who = staffOf(request);
    const next = studentColumns(request.body);
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const e = await trx.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst();
      if (!e) throw notFound();
      const fields = (Object.keys(next) as Array<keyof typeof next>).filter((k) => next[k] !== e[k]);
      if (!fields.length) return { fields, e };
      const emailChanged = next.email.toLowerCase() !== e.email.toLowerCase();
      await trx
        .updateTable('courses.enrolments')
        .set({
          ...next,
          full_name: fullName(request.body),
          // A corrected address: an account tied by the old one (a typo someone else owns) no longer sees the course; the
          // owner of the new address sees it once signed in with it verified, as Mis Cursos matches.
          ...(emailChanged && e.user_email !== null && e.user_email.toLowerCase() === e.email.toLowerCase()
            ? { user_email: null, user_sub: null }
            : {}),
        })
        .where('reference', '=', reference)
        .execute();
      // Which fields changed, never their values (they are personal data), as the invoices' corrections are audited.
      await recordAudit(trx, who, {
        action: 'courses.enrolment.edit',
        entity: 'enrolment',
        entityId: reference,
        detail: { campos: fields },
      });
      return { fields, e };
    });
    // Once committed: both addresses hear of a new one (the old may not have asked for it).
    if (changed.fields.includes('email'))
      for (const mail of addressChangedMails(ctx, changed.e, changed.e.email, next.email)) await ctx.mailer.send(mail);
    return { changed: changed.fields };
  });
}

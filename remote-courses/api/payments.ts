import type { FastifyPluginAsync } from 'fastify';
import { formatCOP } from 'shared/format/money';
import type { ApiContext } from 'shared/server/api-module';
import { renderMail } from 'shared/server/mail-template';
import type { PayableColumns } from 'shared/server/payments/apply';
import { paymentRoutes as payableRoutes } from 'shared/server/payments/routes';

interface EnrolmentRow extends PayableColumns {
  course_title: string;
  module_name: string;
  full_name: string;
  email: string;
  price: number;
}

const statusLabel: Record<string, string> = { approved: 'Aprobado', pending: 'Pendiente', in_process: 'En proceso', rejected: 'Rechazado' };

/** Course payments: the shared notification/status routes, plus enrolment and receipt once approved. */
export const paymentRoutes: FastifyPluginAsync<ApiContext> = payableRoutes<EnrolmentRow>({
  tag: 'courses',
  table: 'courses.enrolments',
  notificationsTable: 'courses.payment_notifications',
  async afterApply(ctx, e, payment, firstApproval) {
    if (payment.status === 'approved') {
      await ctx.db.updateTable('courses.enrolments').set({ enrollment_status: 'ENROLLED' }).where('reference', '=', e.reference).execute();
    }
    if (!firstApproval) return;
    await ctx.mailer.send(
      renderMail({
        to: e.email,
        subject: 'Tu inscripción está confirmada',
        greeting: `Hola, ${e.full_name}:`,
        paragraphs: [
          `Recibimos tu pago y tu cupo en ${e.course_title} está reservado.`,
          'Te enviaremos las instrucciones de acceso 24 horas antes del inicio de clases.',
        ],
        details: [
          ['Curso', e.course_title],
          ['Módulo', e.module_name],
          ['Valor', formatCOP(e.price)],
          ['Pago', payment.id],
          ['Estado', statusLabel[payment.status] ?? payment.status],
        ],
        action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos` },
      }),
    );
  },
});

import type { ApiModule } from 'shared/server/api-module';
import { cohortRoutes } from '../src/cohorts/server/cohorts';
import { cohortMessageRoutes, scheduleCohortMessageResume } from '../src/cohorts/server/messages';
import { scheduleCohortReminders } from '../src/cohorts/server/reminder';
import { demoCohortsAllowed, seedDemoCohorts } from '../src/cohorts/server/seats';
import { enrolmentRoutes } from '../src/enrolment/server/enrolments';
import { enrolmentStaffRoutes } from '../src/enrolments/server/ledger';
import { manualEnrolmentRoutes } from '../src/enrolments/server/manual';
import { refundStaffRoutes, scheduleRefundSettling } from '../src/refunds/server/refunds';
import { courseRevenueRoutes } from '../src/enrolments/server/revenue';
import { certificateVerificationRoutes } from '../src/certificates/server/verification';
import { coursesMigrations } from './migrations';
import { moduleMaterialRoutes } from '../src/modules/server/materials';
import { moduleProgressRoutes } from '../src/modules/server/progress';
import { coursePayables, paymentRoutes } from '../src/payments/server/payments';
import { documentRoutes } from 'shared/server/publishing/routes';
import { catalogueDocument } from '../manifest/catalogue-document';
import { scheduleReconciliation } from 'shared/server/payments/reconcile';
import { paymentStaffRoutes } from 'shared/server/payments/staff-routes';
import { paymentsToday } from 'shared/server/payments/today';
import { todayRoutes } from 'shared/server/today';
import { cohortsToday } from '../src/cohorts/server/today';
import { invoicingPlugin } from '../src/invoicing/server/plugin';
import { invoicesToday } from '../src/invoicing/server/today';

/** Courses API: enrolments (leads), checkout priced from the catalogue, signed payment notifications and status sync. */
export const coursesApi: ApiModule = {
  name: 'courses',
  description: 'Cursos, inscripciones y pagos de cursos',
  migrations: coursesMigrations,
  plugin: async (app, ctx) => {
    await app.register(enrolmentRoutes, ctx);
    await app.register(paymentRoutes, ctx);
    await app.register(paymentStaffRoutes(coursePayables), ctx);
    // The staff's ledger of enrolments (#14).
    await app.register(enrolmentStaffRoutes, ctx);
    // The team's tools around one student (#31): manual enrolment, a move to another cohort, corrections.
    await app.register(manualEnrolmentRoutes, ctx);
    // Refunds from the panel (#31): Finanzas, through the provider's refund API.
    await app.register(refundStaffRoutes, ctx);
    // Course revenue per month (#31), for Finanzas.
    await app.register(courseRevenueRoutes, ctx);
    // Completion certificates (#31): the public verification by code (the staff's side is in the ledger).
    await app.register(certificateVerificationRoutes, ctx);
    // Cohorts (#14): the next open cohort of each course, the staff's cohorts, and the 24-hour reminder job.
    await app.register(cohortRoutes, ctx);
    // Messages to a cohort by e-mail (#31), the Cursos team's.
    await app.register(cohortMessageRoutes, ctx);
    // Materials and completion per module (#31), the Cursos team's; the students see them in Mis Cursos.
    await app.register(moduleMaterialRoutes, ctx);
    await app.register(moduleProgressRoutes, ctx);
    // The catalogue the Cursos team edits and publishes (#28): prices reach the next enrolment, never one already made.
    await app.register(documentRoutes(catalogueDocument), ctx);
    // Electronic invoices of the sales (#30): the outbox, the staff's invoices and the buyer's link.
    await app.register(invoicingPlugin(), ctx);
    // Staff: its part of the panel's "Hoy" (#28).
    await app.register(todayRoutes('courses', [cohortsToday, paymentsToday(coursePayables), invoicesToday]), ctx);
    // The demo cohorts need the courses tables, which the gateway creates in the background after this plugin is set up.
    if (demoCohortsAllowed(ctx.settings, process.env.NODE_ENV))
      void (ctx.migrated ?? Promise.resolve())
        .then(() => seedDemoCohorts(ctx.db, new Date()))
        .catch((err: unknown) => app.log.warn({ err: String(err) }, 'demo cohorts not seeded'));
    const stopReminders = scheduleCohortReminders(ctx, (err) =>
      app.log.warn({ job: 'courses.cohort.reminder', err: String(err) }, 'cohort reminders failed'),
    );
    // Payments whose notification never came are asked about again (#14).
    const stopReconciliation = scheduleReconciliation(ctx, coursePayables, app.log);
    // Refunds the provider never answered, and nobody retried, are asked about again with their own key (#31).
    const stopRefundSettling = scheduleRefundSettling(ctx, app.log);
    // Cohort messages a restart cut off mid-send are finished, each student once (#31).
    const stopMessageResume = scheduleCohortMessageResume(ctx, (err) =>
      app.log.warn({ job: 'courses.cohort.message_resume', err: String(err) }, 'cohort messages not resumed'),
    );
    app.addHook('onClose', async () => {
      stopMessageResume();
      stopReminders();
      stopRefundSettling();
      stopReconciliation();
    });
  },
};

export default coursesApi;

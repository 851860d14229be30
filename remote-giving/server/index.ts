import type { ApiModule } from 'shared/server/api-module';
import { scheduleReconciliation } from 'shared/server/payments/reconcile';
import { paymentStaffRoutes } from 'shared/server/payments/staff-routes';
import { campaignRoutes } from '../src/campaign/server/campaign';
import { certificateRoutes } from '../src/certificates/server/certificates';
import { contributionRoutes, donationPayables } from '../src/donation/server/contributions';
import { donationBoundsRoutes } from '../src/donation/server/donation-bounds';
import { monthlyRoutes } from '../src/monthly/server/monthly';
import { monthlyStaffRoutes } from '../src/monthly/server/monthly-staff';
import { MONTHLY_CARE_JOB, scheduleMonthlyCare } from '../src/monthly/server/care';
import { mineRoutes } from '../src/mine/server/mine';
import { donationStaffRoutes } from '../src/donations/server/donations-staff';
import { givingMigrations } from './migrations';
import { certificatesToday } from '../src/certificates/server/today';
import { paymentsToday } from 'shared/server/payments/today';
import { todayRoutes } from 'shared/server/today';

/** Giving API: donations priced by the server, signed payment notifications, status sync, receipt once. */
export const givingApi: ApiModule = {
  name: 'giving',
  description: 'Donaciones y contribuciones',
  migrations: givingMigrations,
  plugin: async (app, ctx) => {
    await app.register(contributionRoutes, ctx);
    await app.register(donationBoundsRoutes, ctx);
    // Monthly giving (#29): the provider's subscriptions, their charges as donations, the donor's manage link.
    await app.register(monthlyRoutes, ctx);
    // Mis donaciones: the same gifts and actions for the signed-in donor whose address is verified.
    await app.register(mineRoutes, ctx);
    await app.register(campaignRoutes, ctx);
    // The staff's ledger of donations (#14).
    await app.register(donationStaffRoutes, ctx);
    // The staff's monthly gifts: their ledger, figures per month, and pausing or cancelling one for its donor (#29).
    await app.register(monthlyStaffRoutes, ctx);
    // Donation certificates: the donor's personal link and the team's issuing (#14).
    await app.register(certificateRoutes, ctx);
    await app.register(paymentStaffRoutes(donationPayables), ctx);
    // Staff: its part of the panel's "Hoy" (#28).
    await app.register(todayRoutes('giving', [certificatesToday, paymentsToday(donationPayables)]), ctx);
    // Payments whose notification never came are asked about again (#14).
    const stopReconciliation = scheduleReconciliation(ctx, donationPayables, app.log);
    // Monthly gifts' daily care (#29), from 08:00 Bogotá: the catch-up from the provider, the card-expiry notices and
    // January's thank-you.
    const stopCare = scheduleMonthlyCare(ctx, app.log, (err) =>
      app.log.warn({ job: MONTHLY_CARE_JOB, err: String(err) }, 'monthly care failed'),
    );
    app.addHook('onClose', async () => {
      stopCare();
      stopReconciliation();
    });
  },
};

export default givingApi;

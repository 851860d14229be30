import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ApiContext, VerifiedUser } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { ApiError } from 'shared/server/http';
import { emailKey, requireUser } from 'shared/server/identity';
import { bearerSecurity, route } from 'shared/server/operation-routes';
import { giftActions, manageAnswer, type SubscriptionRow } from '../../monthly/server/monthly';
import { mineOperations } from '../operations';
import { mineTexts, type MyDonationsResponse } from '../schemas';

/**
 * The signed-in donor, only when the identity provider verified their address (a code sent to it): a gift is theirs by
 * the address it was made with, so an unverified one proves nothing (403, saying to verify it).
 */
async function verifiedDonor(ctx: ApiContext, request: FastifyRequest): Promise<VerifiedUser> {
  const user = await requireUser(ctx.identity, request);
  if (!user.emailVerified) throw new ApiError(403, 'email_not_verified', mineTexts.notVerified);
  return user;
}

/** The donor's gifts (never those the provider was not asked for: no preapproval, nothing to manage). */
const giftsOf = (ctx: ApiContext, email: string) =>
  ctx.db
    .selectFrom('giving.subscriptions')
    .selectAll()
    .where(sql`lower(email)`, '=', emailKey(email))
    .where('preapproval_id', 'is not', null);

/** The donor's gift with this reference; another person's, or an unknown one, is the same 404 (no existence oracle). */
async function ownGift(ctx: ApiContext, user: VerifiedUser, reference: string): Promise<SubscriptionRow> {
  const row = await giftsOf(ctx, user.email).where('reference', '=', reference).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', mineTexts.notFound);
  return row;
}

/** Mis donaciones (#29): the verified address's monthly gifts, with the manage link's actions, and its one-time gifts. */
export const mineRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    mineOperations.list,
    async (request): Promise<MyDonationsResponse> => {
      const user = await verifiedDonor(ctx, request);
      const gifts = await giftsOf(ctx, user.email).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const donations = await ctx.db
        .selectFrom('giving.contributions')
        .select(['reference', 'donation_amount', 'payment_status', 'date_approved'])
        .where(sql`lower(email)`, '=', user.email)
        .where('subscription_reference', 'is', null)
        // Approved once (a later refund shows as its status): an unpaid or rejected attempt is no donation.
        .where('date_approved', 'is not', null)
        .orderBy('date_approved', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        monthly: await Promise.all(gifts.map((row) => manageAnswer(ctx, row))),
        donations: donations.map((d) => ({
          reference: d.reference,
          amount: d.donation_amount,
          date: (d.date_approved as Date).toISOString(),
          status: d.payment_status,
        })),
      };
    },
    { security: bearerSecurity },
  );

  // The manage link's actions (../../monthly/server/monthly.ts giftActions), on the donor's own gift.
  const write = { security: bearerSecurity, config: publicWrite(ctx.settings) };
  const own = async (request: FastifyRequest<{ Params: { reference: string } }>) =>
    ownGift(ctx, await verifiedDonor(ctx, request), request.params.reference);
  route(app, mineOperations.changeAmount, async (request) => giftActions.changeAmount(ctx, await own(request), request.body.amount), write);
  route(app, mineOperations.pause, async (request) => giftActions.pause(ctx, await own(request)), write);
  route(app, mineOperations.resume, async (request) => giftActions.resume(ctx, await own(request)), write);
  route(app, mineOperations.cancel, async (request) => giftActions.cancel(ctx, await own(request)), write);
};

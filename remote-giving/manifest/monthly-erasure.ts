import { sql } from 'kysely';
import { ApiError } from 'shared/server/http';
import type { ErasureStep } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';

/**
 * Before a person's data is erased (#29): their monthly gifts still live at the payment provider are cancelled there
 * first, or the provider would keep charging a card the site no longer knows whose it is. A provider that does not
 * answer stops the erasure (nothing is erased; the team completes it again). Gifts the provider already ended are left.
 */
export const cancelMonthlyGiftsBeforeErasure: ErasureStep = async (ctx, trx, email) => {
  const live = await trx
    .selectFrom('giving.subscriptions')
    .select(['reference', 'preapproval_id'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', '<>', 'cancelled')
    .execute();
  for (const gift of live) {
    if (gift.preapproval_id) {
      try {
        await ctx.subscriptions.updateSubscription(gift.preapproval_id, { kind: 'cancel' });
      } catch {
        // Refused because it already ended there (cancelled in Mercado Pago's app, a notification the site never got, or
        // an earlier attempt whose erasure rolled back): what matters is that nothing more is charged.
        const now = await ctx.subscriptions.getSubscription(gift.preapproval_id).catch(() => undefined);
        if (now === null || now?.status === 'cancelled') {
          await markCancelled(trx, gift.reference);
          continue;
        }
        throw new ApiError(
          502,
          'payment_provider_error',
          'No pudimos cancelar en Mercado Pago la donación mensual de esta persona, así que no borramos nada: intenta completar la supresión de nuevo en unos minutos.',
        );
      }
    }
    await markCancelled(trx, gift.reference);
  }
};

const markCancelled = (trx: SiteDb, reference: string) =>
  trx
    .updateTable('giving.subscriptions')
    .set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'supresion' })
    .where('reference', '=', reference)
    .execute();

// Type test, checked by `tsc -p tsconfig.json` (never run): the answers are part of the contract, so a screen that reads
// a field the API no longer answers, or a route that answers a field the contract does not have, stops compiling.
// Each `@ts-expect-error` fails the build if the line below it compiles, e.g. once a renamed field exists again.
import Fastify from 'fastify';
import type { AccountFromPaymentResponse } from '../payments/account-from-payment-operations';
import type { AllyResponse, NewsletterResponse, PqrsfLookupResponse, PqrsfResponse, VolunteerResponse } from './community-api';
import type { CheckoutResponse, LeadResponse } from './courses-api';
import type { ContributionResponse } from './giving-api';
import type { PaymentStatusResponse } from '../payments/schemas';

declare const checkout: CheckoutResponse;
declare const lead: LeadResponse;
declare const contribution: ContributionResponse;
declare const status: PaymentStatusResponse;
declare const account: AccountFromPaymentResponse;
declare const volunteer: VolunteerResponse;
declare const ally: AllyResponse;
declare const pqrsf: PqrsfResponse;
declare const lookup: PqrsfLookupResponse;
declare const newsletter: NewsletterResponse;

/** What the screens read today compiles… */
export const read = [
  checkout.init_point,
  checkout.external_reference,
  checkout.price,
  lead.id,
  lead.claim_secret,
  contribution.init_point,
  contribution.claim_secret,
  contribution.amount,
  status.status,
  status.status_detail,
  account.temporary_password,
  volunteer.volunteer_id,
  ally.corporation_id,
  pqrsf.dueDate,
  lookup.Items[0]?.termDays,
  newsletter.alreadySubscribed,
];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the answer says init_point, as the provider does
  checkout.initPoint,
  // @ts-expect-error the answer says claim_secret
  lead.claimSecret,
  // @ts-expect-error the donation answer carries the amount the server decided as `amount`
  contribution.donation_amount,
  // @ts-expect-error the status answer holds what the result pages show, not the provider's whole report
  status.transaction_amount,
  // @ts-expect-error the answer says temporary_password
  account.temporaryPassword,
  // @ts-expect-error the answer says volunteer_id
  volunteer.id,
  // @ts-expect-error the answer says corporation_id
  ally.ally_id,
  // @ts-expect-error the answer says dueDate
  pqrsf.due_date,
  // @ts-expect-error Items, as the spec names it
  lookup.items,
  // @ts-expect-error the answer says alreadySubscribed
  newsletter.already_subscribed,
];

// The API side: a route declares its answer type, so a handler that answers another shape stops compiling too.
const app = Fastify();
app.post<{ Reply: { 201: LeadResponse } }>('/leads', async (_request, reply) =>
  // @ts-expect-error `id` renamed to `enrollment_id`: not the contract's answer
  reply.status(201).send({ success: true, enrollment_id: 'ENR-x', payment_status: 'processing...', claim_secret: 's' }),
);
// @ts-expect-error the handler leaves out `external_reference` (reported on the call: no overload accepts the handler)
app.post<{ Reply: PaymentStatusResponse }>('/payments/status', async () => ({
  payment_id: '1',
  status: 'approved',
  status_detail: null,
  payment_type: null,
  amount: 1,
  date_approved: null,
}));

// Type test, checked by `tsc -p tsconfig.json` (never run): the answers are part of the contract, so a screen that reads
// a field the API no longer answers, or a route that answers a field the contract does not have, stops compiling.
// Each `@ts-expect-error` fails the build if the line below it compiles, e.g. once a renamed field exists again.
// Each domain keeps its own answers' type test beside its schemas (remote-<domain>/src/<feature>/).
import Fastify from 'fastify';
import type { AccountFromPaymentResponse } from '../payments/account-from-payment-operations';
import type { NewsletterResponse } from './newsletter';
import type { PaymentStatusResponse } from '../payments/schemas';

declare const status: PaymentStatusResponse;
declare const account: AccountFromPaymentResponse;
declare const newsletter: NewsletterResponse;

/** What the screens read today compiles… */
export const read = [status.status, status.status_detail, account.temporary_password, newsletter.alreadySubscribed];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the status answer holds what the result pages show, not the provider's whole report
  status.transaction_amount,
  // @ts-expect-error the answer says temporary_password
  account.temporaryPassword,
  // @ts-expect-error the answer says alreadySubscribed
  newsletter.already_subscribed,
];

// The API side: a route declares its answer type, so a handler that answers another shape stops compiling too.
const app = Fastify();
// @ts-expect-error the handler leaves out `external_reference` (reported on the call: no overload accepts the handler)
app.post<{ Reply: PaymentStatusResponse }>('/payments/status', async () => ({
  payment_id: '1',
  status: 'approved',
  status_detail: null,
  payment_type: null,
  amount: 1,
  date_approved: null,
}));

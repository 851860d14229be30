// Type test, checked by `tsc -p tsconfig.json` (never run): the enrolment's answers are part of the contract, so a
// screen that reads a field the API no longer answers, or a route that answers a field the contract does not have,
// stops compiling. Each `@ts-expect-error` fails the build if the line below it compiles, e.g. once a renamed field
// exists again. (The kit's and the other domains' answers: shared/src/schemas/api-responses.type-test.ts.)
import Fastify from 'fastify';
import type { CheckoutResponse, LeadResponse } from './checkout-schemas';
import type { EnrolmentInput } from './schemas';

declare const checkout: CheckoutResponse;
declare const lead: LeadResponse;
declare const form: EnrolmentInput;

/** What the enrolment page reads today compiles… */
export const read = [checkout.init_point, checkout.external_reference, checkout.price, lead.id, lead.claim_secret];

/** The form's company buyer (#30) is part of the request; its box is the browser's own and is not. */
export const sent = [
  form.buyer_nit,
  form.buyer_business_name,
  // @ts-expect-error `invoice_to_company` only shows the two fields: the server never receives it
  form.invoice_to_company,
];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the answer says init_point, as the provider does
  checkout.initPoint,
  // @ts-expect-error the answer says claim_secret
  lead.claimSecret,
];

// The API side: a route declares its answer type, so a handler that answers another shape stops compiling too.
const app = Fastify();
app.post<{ Reply: { 201: LeadResponse } }>('/leads', async (_request, reply) =>
  // @ts-expect-error `id` renamed to `enrollment_id`: not the contract's answer
  reply.status(201).send({ success: true, enrollment_id: 'ENR-x', payment_status: 'processing...', claim_secret: 's' }),
);

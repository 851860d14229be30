// Type test, checked by `tsc -p tsconfig.json` (never run): the donation's answer is part of the contract, so the page
// reading a field the API no longer answers stops compiling (moved from shared/src/schemas/api-responses.type-test.ts,
// #27). Each `@ts-expect-error` fails the build if the line below it compiles, e.g. once a renamed field exists again.
import type { ContributionResponse } from './schemas';

declare const contribution: ContributionResponse;

/** What the donation page reads today compiles… */
export const read = [contribution.init_point, contribution.claim_secret, contribution.amount];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the donation answer carries the amount the server decided as `amount`
  contribution.donation_amount,
];

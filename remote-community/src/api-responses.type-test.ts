// Type test, checked by `tsc -p tsconfig.json` (never run): the community API's answers are part of the contract, so a
// screen that reads a field the API no longer answers stops compiling (the newsletter's, the shell footer's contract,
// is checked in shared/src/schemas/api-responses.type-test.ts). Each `@ts-expect-error` fails the build if the line
// below it compiles, e.g. once a renamed field exists again.
import type { AllyResponse, VolunteerResponse } from './forms/schemas';
import type { PqrsfLookupResponse, PqrsfResponse } from './pqrsf/schemas';

declare const volunteer: VolunteerResponse;
declare const ally: AllyResponse;
declare const pqrsf: PqrsfResponse;
declare const lookup: PqrsfLookupResponse;

/** What the screens read today compiles… */
export const read = [volunteer.volunteer_id, ally.corporation_id, pqrsf.dueDate, lookup.Items[0]?.termDays];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the answer says volunteer_id
  volunteer.id,
  // @ts-expect-error the answer says corporation_id
  ally.ally_id,
  // @ts-expect-error the answer says dueDate
  pqrsf.due_date,
  // @ts-expect-error Items, as the spec names it
  lookup.items,
];

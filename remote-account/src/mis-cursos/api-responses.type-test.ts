// Type test, checked by `tsc -p tsconfig.json` (never run), as shared/src/schemas/api-responses.type-test.ts is for the
// other domains: Mis Cursos reads the enrolments answer's fields (and its course links), so a renamed field stops compiling.
// The `@ts-expect-error` fails the build if the line below it compiles, e.g. once a renamed field exists again.
import type { EnrollmentsResponse } from './schemas';

declare const enrollments: EnrollmentsResponse;

/** What the screen reads today compiles… */
export const read = [
  enrollments.enrollments[0]?.certificate_available,
  enrollments.courses[0]?.url,
  enrollments.enrollments[0]?.invoice?.cufe,
  enrollments.enrollments[0]?.credit_note?.issued_at,
];

/** …and a renamed or invented field does not. */
export const renamed = [
  // @ts-expect-error the row says certificate_available
  enrollments.enrollments[0]?.certificateAvailable,
  // @ts-expect-error a course link says url (the courses domain's page), not href
  enrollments.courses[0]?.href,
  // @ts-expect-error the answer says issued_at, as the rest of the row (the courses service's issuedAt is not the contract)
  enrollments.enrollments[0]?.invoice?.issuedAt,
  // @ts-expect-error the credit note is credit_note
  enrollments.enrollments[0]?.creditNote,
];

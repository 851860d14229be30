/**
 * Issuing and voiding completion certificates (#31). Marking an enrolment complete issues one, numbered in sequence
 * within the year under the year's counter row lock (as the donation certificates: no gaps, no number taken twice),
 * with a random public code; undoing the completion voids it (kept, with who, when and why) and answers the status the
 * enrolment goes back to. Both run inside the caller's transaction, with the enrolment's row locked.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import { formatLongDate } from 'shared/format/dates';
import type { Database } from 'shared/server/database';
import { bogotaDay } from 'shared/server/jobs';
import { ledgerConflict } from 'shared/server/payments/ledger';
import type { EnrolmentsTable } from '../../../server/tables';
import { cohortDate, cohortEndDate } from '../../cohorts/server/seats';
import { certificateNumberOf, certificateTexts } from '../schemas';

type Trx = Transaction<Database>;
type Enrolment = Pick<
  Selectable<EnrolmentsTable>,
  | 'reference'
  | 'full_name'
  | 'id_type'
  | 'id_number'
  | 'course_title'
  | 'module_name'
  | 'cohort_id'
  | 'cohort_start_date'
  | 'enrollment_status'
>;

/** RFC 4648 base32 in lower case: the code reads unambiguously and survives the route table's lower-casing. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new public code: 160 random bits as 32 base32 characters. */
export function newVerificationCode(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The next number of `year`, under that year's counter row lock. */
async function nextSeq(trx: Trx, year: number): Promise<number> {
  const row = await sql<{ last: number }>`
    insert into courses.certificate_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = courses.certificate_counters.last + 1
    returning last`.execute(trx);
  return Number(row.rows[0]!.last);
}

/**
 * Issues the enrolment's certificate, or refuses (409, in Spanish) while its cohort has not ended: no cohort, no end
 * date set, or today (Bogotá) before the end date. The last class's day itself counts as ended.
 */
export async function issueCompletionCertificate(trx: Trx, enrolment: Enrolment, issuedBy: string, now: Date) {
  if (enrolment.cohort_id === null) throw ledgerConflict(certificateTexts.noCohort);
  const cohort = await trx
    .selectFrom('courses.cohorts')
    .select([cohortDate.as('start_date'), cohortEndDate.as('end_date')])
    .where('id', '=', enrolment.cohort_id)
    .executeTakeFirst();
  const endDate = cohort?.end_date ?? null;
  if (!endDate) throw ledgerConflict(certificateTexts.noEndDate);
  const today = bogotaDay(now);
  if (today < endDate) throw ledgerConflict(certificateTexts.notEnded(formatLongDate(endDate)));
  const year = Number(today.slice(0, 4));
  const seq = await nextSeq(trx, year);
  const number = certificateNumberOf(year, seq);
  await trx
    .insertInto('courses.completion_certificates')
    .values({
      number,
      year,
      seq,
      enrolment_reference: enrolment.reference,
      verification_code: newVerificationCode(),
      student_name: enrolment.full_name,
      id_type: enrolment.id_type,
      id_number: enrolment.id_number,
      course_title: enrolment.course_title,
      module_name: enrolment.module_name,
      cohort_start_date: cohort?.start_date ?? enrolment.cohort_start_date,
      cohort_end_date: endDate,
      completed_on: today,
      previous_status: enrolment.enrollment_status,
      issued_by: issuedBy,
      issued_at: now,
    })
    .execute();
  return { number };
}

/** Voids the enrolment's certificate in force; answers its number and the status the enrolment had before, if any. */
export async function voidCompletionCertificate(trx: Trx, reference: string, voidedBy: string, reason: string, now: Date) {
  return trx
    .updateTable('courses.completion_certificates')
    .set({ voided_at: now, voided_by: voidedBy, void_reason: reason })
    .where('enrolment_reference', '=', reference)
    .where('voided_at', 'is', null)
    .returning(['number', 'previous_status'])
    .executeTakeFirst();
}

import { documentTypes } from 'shared/schemas/common';
import type { EnrolmentInput } from './schemas';
import type { AuthUser } from 'shared/store';

type Prefill = Partial<Pick<EnrolmentInput, 'student_name' | 'student_lastname' | 'email' | 'phone_number' | 'id_type' | 'id_number'>>;

/**
 * A signed-in student's details for the form (spec §6): first word of the name → first name, the rest → last name,
 * e-mail, phone (a Colombian +57 number shown as typed at home), identity type and number.
 */
export function prefillFrom(user: AuthUser | null): Prefill {
  if (!user) return {};
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  const out: Prefill = {};
  if (first) out.student_name = first;
  if (rest.length) out.student_lastname = rest.join(' ');
  if (user.email) out.email = user.email;
  if (user.phone_number) out.phone_number = user.phone_number.replace(/^\+57(?=\d{10}$)/, '');
  const idType = documentTypes.find((d) => d === user.identity_type);
  if (idType) out.id_type = idType;
  if (user.identity_number) out.id_number = user.identity_number;
  return out;
}

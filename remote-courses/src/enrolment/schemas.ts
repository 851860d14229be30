import { privacyPolicyVersionField } from 'shared/schemas/consent';
import {
  documentNumberField,
  documentMatchesType,
  documentTypes,
  educationLevels,
  emailField,
  occupations,
  oneOf,
  optionalPersonNameField,
  personNameField,
  phoneField,
  requiredText,
} from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { companyBuyerCheck, companyBuyerFields } from '../invoicing/buyer-schemas';
import { enrolmentTexts } from './form-texts';

// The page's words are in form-texts.ts: the page renders with them and loads this module on submit (#33).
export { enrolmentTexts } from './form-texts';

/**
 * The student registration form (spec §3 Student registration record), as the browser sends it. Prices are
 * not part of it: the server computes them from course and module. The company an invoice is made out to (#30) is
 * optional, both fields or neither; the object-level check runs once the fields themselves parse.
 */
export const enrolmentSchema = z
  .object({
    course_name: z.enum(['desarrollo-software', 'ofimatica-basica', 'marketing-digital'], { error: 'Curso no válido' }),
    // Printed on the enrolment constancia and sent to the identity provider as the account's name (common.ts).
    student_name: personNameField(enrolmentTexts.nameRequired),
    student_name_second: optionalPersonNameField(),
    student_lastname: personNameField(enrolmentTexts.lastnameRequired),
    student_second_lastname: optionalPersonNameField(),
    id_type: oneOf(documentTypes, enrolmentTexts.idTypeRequired),
    id_number: documentNumberField(enrolmentTexts.idNumberRequired),
    phone_number: phoneField(enrolmentTexts.phoneRequired, enrolmentTexts.phoneInvalid),
    email: emailField(enrolmentTexts.emailRequired, enrolmentTexts.emailInvalid),
    profession: oneOf(occupations, enrolmentTexts.professionRequired),
    education: oneOf(educationLevels, enrolmentTexts.educationRequired),
    module_name: requiredText(enrolmentTexts.moduleRequired, 200),
    has_terms: z.boolean({ error: enrolmentTexts.termsRequired }).check(z.refine((v) => v, { error: enrolmentTexts.termsRequired })),
    // The consent line's policy version: its proof is stored with the enrolment (#15).
    privacy_policy_version: privacyPolicyVersionField,
    // The electronic invoice's buyer when it is a company (#30): the form asks only when its box is ticked.
    ...companyBuyerFields,
  })
  .check(companyBuyerCheck, documentMatchesType());

export type EnrolmentInput = z.input<typeof enrolmentSchema>;
export type Enrolment = z.output<typeof enrolmentSchema>;

/** "full_name": first and last names joined, whitespace collapsed (spec §3). */
export function fullName(
  e: Pick<Enrolment, 'student_name' | 'student_name_second' | 'student_lastname' | 'student_second_lastname'>,
): string {
  return [e.student_name, e.student_name_second, e.student_lastname, e.student_second_lastname]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

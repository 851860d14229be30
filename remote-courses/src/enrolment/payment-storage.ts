/** Browser-stored values of the enrolment flow (spec §3): only hints for the next pages, never proof. */
import { readExpiring, removeKey, STUDENT_DATA_KEY, STUDENT_DATA_TTL_MS, storeExpiring } from 'shared/payments/browser-storage';

export { PENDING_PAYMENT_KEY, rememberClaim, storeJson } from 'shared/payments/browser-storage';

export interface StudentRegistrationData {
  student_name: string;
  email: string;
  phone_number: string;
  identity_type: string;
  identity_number: string;
  course_name: string;
  module_name: string;
}

export interface PendingCoursePayment {
  payment_id: string;
  enrollment_id: string;
  course_title: string;
  amount: number;
  timestamp: number;
}

/** Keeps the student's data for the account after payment: at most 24 h on this device (see `forgetStudentData`). */
export const storeStudentData = (data: StudentRegistrationData) => storeExpiring(STUDENT_DATA_KEY, data, STUDENT_DATA_TTL_MS);

/** The stored student data while it is still live, otherwise null (and gone). */
export const readStudentData = () => readExpiring<StudentRegistrationData>(STUDENT_DATA_KEY);

/** Forgets the student's data: once the payment reached a final state it has no further use here. */
export const forgetStudentData = () => removeKey(STUDENT_DATA_KEY);

/** Provider statuses after which a payment does not change on its own (the stored data is no longer needed). */
export const FINAL_PAYMENT_STATUSES: ReadonlySet<string> = new Set(['approved', 'rejected', 'cancelled', 'refunded', 'charged_back']);

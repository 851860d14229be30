/** Browser-stored values of the enrolment flow (spec §3): only hints for the next pages, never proof. */
export { PENDING_PAYMENT_KEY, readJson, removeKey, storeJson } from 'shared/payments/browser-storage';
export const STUDENT_DATA_KEY = 'student_registration_data';

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

/** Browser-stored values of the enrolment flow (spec §3): only hints for the next pages, never proof. */
export const STUDENT_DATA_KEY = 'student_registration_data';
export const PENDING_PAYMENT_KEY = 'pending_payment';

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

export function storeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage only loses a convenience; the server has the enrolment.
  }
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function removeKey(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}

import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './CoursePage': './src/screens/course-page.tsx',
  './EnrolmentPage': './src/screens/enrolment-page.tsx',
  './PaymentResultPage': './src/screens/payment-result-page.tsx',
  './LearnAndHelpPage': './src/screens/learn-and-help-page.tsx',
  './LearningProcessesPage': './src/screens/learning-processes-page.tsx',
  './PuentesPage': './src/screens/puentes-page.tsx',
  './StaffCohorts': './src/screens/staff/cohorts.tsx',
  './StaffPayments': './src/screens/staff/payments.tsx',
  './StaffEnrolments': './src/screens/staff/enrolments.tsx',
  './StaffEnrolment': './src/screens/staff/enrolment.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'courses', exposes });

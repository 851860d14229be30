import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './CoursePage': './src/catalogue/course-page.tsx',
  './EnrolmentPage': './src/enrolment/enrolment-page.tsx',
  './PaymentResultPage': './src/payments/payment-result-page.tsx',
  './LearnAndHelpPage': './src/catalogue/learn-and-help-page.tsx',
  './LearningProcessesPage': './src/catalogue/learning-processes-page.tsx',
  './PuentesPage': './src/catalogue/puentes-page.tsx',
  './CertificateVerificationPage': './src/certificates/certificate-verification-page.tsx',
  './StaffCohorts': './src/cohorts/staff-cohorts.tsx',
  './StaffCatalogue': './src/catalogue/staff-catalogue.tsx',
  './StaffEnrolments': './src/enrolments/staff-enrolments.tsx',
  './StaffEnrolment': './src/enrolments/staff-enrolment.tsx',
  './StaffManualEnrolment': './src/enrolments/staff-manual-enrolment.tsx',
  './StaffInvoices': './src/invoicing/staff-invoices.tsx',
  './StaffInvoice': './src/invoicing/staff-invoice.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'courses', exposes });

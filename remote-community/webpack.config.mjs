import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './VolunteerPage': './src/forms/volunteer-page.tsx',
  './AllyPage': './src/forms/ally-page.tsx',
  './PqrsfPage': './src/pqrsf/pqrsf-page.tsx',
  './PqrsfLookupPage': './src/pqrsf/pqrsf-lookup-page.tsx',
  './WorkshopPage': './src/forms/workshop-page.tsx',
  './WorkshopInquiryPage': './src/forms/workshop-inquiry-page.tsx',
  './SoftwareLandingPage': './src/forms/software-landing-page.tsx',
  './SoftwareRequestPage': './src/forms/software-request-page.tsx',
  './AutomataPage': './src/forms/automata-page.tsx',
  // Staff panel (#13): PQRSF case management.
  './StaffPqrsfInbox': './src/pqrsf/staff-inbox.tsx',
  './StaffPqrsfReport': './src/pqrsf/staff-report.tsx',
  './StaffPqrsfCase': './src/pqrsf/staff-case.tsx',
  // Staff panel (#13): the community inbox (volunteers, allies, workshop inquiries, software requests, subscribers).
  './StaffCommunityInbox': './src/inbox/community-inbox.tsx',
  './StaffCommunityRecord': './src/inbox/community-record.tsx',
  // Newsletter (#15): the links' pages (confirm, unsubscribe) and the staff's compose-and-send screen.
  './NewsletterConfirmPage': './src/newsletter/newsletter-confirm-page.tsx',
  './NewsletterUnsubscribePage': './src/newsletter/newsletter-unsubscribe-page.tsx',
  './StaffNewsletter': './src/newsletter/staff-newsletter.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'community', exposes });

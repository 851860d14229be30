import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './VolunteerPage': './src/screens/volunteer-page.tsx',
  './AllyPage': './src/screens/ally-page.tsx',
  './PqrsfPage': './src/screens/pqrsf-page.tsx',
  './PqrsfLookupPage': './src/screens/pqrsf-lookup-page.tsx',
  './WorkshopPage': './src/screens/workshop-page.tsx',
  './WorkshopInquiryPage': './src/screens/workshop-inquiry-page.tsx',
  './SoftwareLandingPage': './src/screens/software-landing-page.tsx',
  './SoftwareRequestPage': './src/screens/software-request-page.tsx',
  './AutomataPage': './src/screens/automata-page.tsx',
  // Staff panel (#13): PQRSF case management.
  './StaffPqrsfInbox': './src/screens/staff/pqrsf-inbox.tsx',
  './StaffPqrsfCase': './src/screens/staff/pqrsf-case.tsx',
  // Staff panel (#13): the community inbox (volunteers, allies, workshop inquiries, software requests, subscribers).
  './StaffCommunityInbox': './src/screens/staff/community-inbox.tsx',
  './StaffCommunityRecord': './src/screens/staff/community-record.tsx',
  // Newsletter (#15): the links' pages (confirm, unsubscribe) and the staff's compose-and-send screen.
  './NewsletterConfirmPage': './src/screens/newsletter-confirm-page.tsx',
  './NewsletterUnsubscribePage': './src/screens/newsletter-unsubscribe-page.tsx',
  './StaffNewsletter': './src/screens/staff/newsletter.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'community', exposes });

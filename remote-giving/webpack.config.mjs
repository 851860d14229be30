import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './DonationPage': './src/screens/donation-page.tsx',
  './TransactionResultPage': './src/screens/transaction-result-page.tsx',
  './StaffCampaign': './src/screens/staff/campaign.tsx',
  './StaffDonations': './src/screens/staff/donations.tsx',
  './StaffDonation': './src/screens/staff/donation.tsx',
  './StaffCertificates': './src/screens/staff/certificates.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'giving', exposes });

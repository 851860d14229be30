import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './DonationPage': './src/donation/donation-page.tsx',
  './TransactionResultPage': './src/donation/transaction-result-page.tsx',
  './MonthlyResultPage': './src/monthly/monthly-result-page.tsx',
  './MonthlyManagePage': './src/monthly/monthly-manage-page.tsx',
  './MisDonacionesPage': './src/mine/mis-donaciones-page.tsx',
  './StaffCampaign': './src/campaign/staff-campaign.tsx',
  './StaffDonations': './src/donations/staff-donations.tsx',
  './StaffDonation': './src/donations/staff-donation.tsx',
  './StaffMonthlyGifts': './src/monthly/staff-monthly-gifts.tsx',
  './StaffMonthlyGift': './src/monthly/staff-monthly-gift.tsx',
  './StaffCertificates': './src/certificates/staff-certificates.tsx',
  './StaffDonationSettings': './src/donation/staff-donation-settings.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'giving', exposes });

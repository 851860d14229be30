import type { StaffRoute } from 'shared/staff-routes';

/** The giving remote's panel screens (Module Federation expose `./<Screen>`). */
export type GivingStaffScreen =
  | 'StaffCampaign'
  | 'StaffDonations'
  | 'StaffDonation'
  | 'StaffMonthlyGifts'
  | 'StaffMonthlyGift'
  | 'StaffCertificates'
  | 'StaffDonationSettings';

/** The giving domain's pages in the panel (#27): data only. The panel's table (site/staff-routes.ts) composes them. */
export const givingStaffRoutes: readonly StaffRoute<'giving', GivingStaffScreen>[] = [
  { pattern: '/equipo/donaciones', owner: 'giving', screen: 'StaffDonations', title: 'Donaciones', nav: 'Donaciones', roles: ['finanzas'] },
  { pattern: '/equipo/donaciones/:reference', owner: 'giving', screen: 'StaffDonation', title: 'Donación', roles: ['finanzas'] },
  {
    pattern: '/equipo/donaciones-mensuales',
    owner: 'giving',
    screen: 'StaffMonthlyGifts',
    title: 'Donaciones mensuales',
    nav: 'Donaciones mensuales',
    roles: ['finanzas'],
  },
  {
    pattern: '/equipo/donaciones-mensuales/:reference',
    owner: 'giving',
    screen: 'StaffMonthlyGift',
    title: 'Donación mensual',
    roles: ['finanzas'],
  },
  {
    pattern: '/equipo/certificados',
    owner: 'giving',
    screen: 'StaffCertificates',
    title: 'Certificados de donación',
    nav: 'Certificados',
    roles: ['finanzas'],
  },
  {
    pattern: '/equipo/campana',
    owner: 'giving',
    screen: 'StaffCampaign',
    title: 'Campaña de donaciones',
    nav: 'Campaña',
    roles: ['finanzas'],
  },
  {
    pattern: '/equipo/donaciones-config',
    owner: 'giving',
    screen: 'StaffDonationSettings',
    title: 'Montos y textos de la donación',
    nav: 'Montos de donación',
    roles: ['finanzas'],
  },
];

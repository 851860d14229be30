import type { PayableDeclaration } from 'shared/payments/staff-operations';

/** What the giving domain is paid for (#27): a one-time donation. The panel's payments review lists it as "Donaciones". */
export const donationPayable = {
  domain: 'giving',
  name: 'donations',
  label: 'Donaciones',
  recordPage: '/equipo/donaciones/:reference',
} as const satisfies PayableDeclaration;

export const givingPayables: readonly PayableDeclaration[] = [donationPayable];

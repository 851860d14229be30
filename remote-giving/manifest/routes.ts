import type { RouteEntry } from 'shared/routes';

/** The screens the giving remote exposes for public routes (Module Federation expose `./<Screen>`). */
export type GivingScreen = 'DonationPage' | 'TransactionResultPage';

/**
 * The giving domain's public routes (#27): data only, like every manifest. The site's table (site/routes.ts) composes
 * them with the other apps'; the remote's standalone development app (src/bootstrap.tsx) serves them alone.
 */
export const givingRoutes: readonly RouteEntry<'giving', GivingScreen>[] = [
  {
    path: '/success',
    owner: 'giving',
    screen: 'TransactionResultPage',
    title: 'Transacción exitosa',
    description: 'Resultado de tu transacción: gracias por tu aporte.',
    canonical: '/success',
    props: { result: 'success' },
  },
  {
    path: '/failure',
    owner: 'giving',
    screen: 'TransactionResultPage',
    title: 'Transacción no completada',
    description: 'Tu transacción no se pudo completar.',
    canonical: null,
    props: { result: 'failure' },
  },
  {
    path: '/pending',
    owner: 'giving',
    screen: 'TransactionResultPage',
    title: 'Transacción pendiente',
    description: 'Tu transacción está pendiente de confirmación.',
    canonical: null,
    props: { result: 'pending' },
  },
  {
    path: '/contribuciones',
    owner: 'giving',
    screen: 'DonationPage',
    title: 'Dona aquí',
    description: 'Haz una donación en pesos colombianos y ayuda a formar a personas en situación de vulnerabilidad.',
    canonical: '/contribuciones',
  },
];

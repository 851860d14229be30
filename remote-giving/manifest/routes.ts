import type { PatternRoute, RouteEntry } from 'shared/routes';

/** The screens the giving remote exposes for public routes (Module Federation expose `./<Screen>`). */
export type GivingScreen = 'DonationPage' | 'TransactionResultPage' | 'MonthlyResultPage' | 'MonthlyManagePage' | 'MisDonacionesPage';

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
  {
    // Mercado Pago's back_url after a monthly authorization (#29); its `?preapproval_id=` is neither read nor trusted.
    path: '/contribuciones/mensual/resultado',
    owner: 'giving',
    screen: 'MonthlyResultPage',
    title: 'Donación mensual autorizada',
    description: 'Tu donación mensual quedó autorizada: el comprobante y el enlace para gestionarla llegan a tu correo.',
    canonical: null,
    noindex: true,
  },
  // The signed-in donor's gifts (#29), beside Mis Cursos: left to the browser (the screen's `serverRender = false`).
  {
    path: '/mis-donaciones',
    owner: 'giving',
    screen: 'MisDonacionesPage',
    title: 'Mis donaciones',
    description: 'Tus donaciones mensuales y únicas: cambia el valor, pausa, reanuda o cancela tu donación mensual.',
    canonical: '/mis-donaciones',
  },
];

/** The donor's manage link (#29): `/contribuciones/mensual/gestionar/<token>`, the token as the e-mail wrote it. */
export const MONTHLY_MANAGE_PREFIX = '/contribuciones/mensual/gestionar/';

/** What a manage token may look like (base64url); the server answers any other, or an unknown one, with its 404. */
const tokenLike = /^[a-z0-9_-]{1,200}$/;

/**
 * The manage page answers every token-like segment without looking it up (the screen asks the API, and shows its 404):
 * the route says nothing about whether a token exists. Never indexed, never in the sitemap, no canonical; the screen
 * is not rendered on the server (`serverRender = false`) and sends no Referer.
 */
export const givingPatternRoutes: readonly PatternRoute<'giving', GivingScreen>[] = [
  {
    prefix: MONTHLY_MANAGE_PREFIX,
    owner: 'giving',
    screen: 'MonthlyManagePage',
    resolve: (segment) =>
      tokenLike.test(segment)
        ? {
            title: 'Tu donación mensual',
            description: 'Consulta tu donación mensual, cambia el valor, pausa, reanuda o cancela desde tu enlace personal.',
            canonical: null,
            noindex: true,
            secretPath: true,
          }
        : undefined,
    segments: () => [],
  },
];

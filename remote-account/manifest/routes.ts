import type { PatternRoute, RouteEntry } from 'shared/routes';

/** The screens the account remote exposes for public routes (Module Federation expose `./<Screen>`). */
export type AccountScreen = 'LoginPage' | 'RegisterPage' | 'ConfirmEmailPage' | 'MisCursosPage' | 'MyCoursePage' | 'DataRightsPage';

/**
 * The account domain's public routes (#27): data only, like every manifest. The site's table (site/routes.ts) composes
 * them with the other apps'; the remote's standalone development app (src/bootstrap.tsx) serves them alone.
 */
export const accountRoutes: readonly RouteEntry<'account', AccountScreen>[] = [
  {
    path: '/login',
    owner: 'account',
    screen: 'LoginPage',
    title: 'Ingresa',
    description: 'Ingresa a tu cuenta para ver tus cursos.',
    canonical: '/login',
  },
  {
    path: '/register',
    owner: 'account',
    screen: 'RegisterPage',
    title: 'Regístrate',
    description: 'Crea tu cuenta para gestionar tus cursos.',
    canonical: '/register',
  },
  {
    path: '/confirm-email',
    owner: 'account',
    screen: 'ConfirmEmailPage',
    title: 'Confirma tu correo',
    description: 'Confirma tu correo electrónico para activar tu cuenta.',
    canonical: '/confirm-email',
  },
  {
    path: '/mis-cursos',
    owner: 'account',
    screen: 'MisCursosPage',
    title: 'Mis Cursos',
    description: 'Tus cursos inscritos y tus certificados de inscripción.',
    canonical: '/mis-cursos',
  },
  // The data subject's rights (Ley 1581 de 2012, #15): acceso, corrección, supresión, revocatoria, with an e-mailed code.
  {
    path: '/datos-personales',
    owner: 'account',
    screen: 'DataRightsPage',
    title: 'Tus datos personales',
    description: 'Pide acceso a tus datos personales, su corrección o supresión, o revoca tu autorización (Ley 1581 de 2012).',
    canonical: '/datos-personales',
  },
];

/**
 * One of the signed-in student's courses (#31): /mis-cursos/<enrolment reference>, the reference Mis Cursos already uses.
 * The API answers it only to the enrolment's owner; the address is never indexed, and sent with no referrer.
 */
export const accountPatternRoutes: readonly PatternRoute<'account', AccountScreen>[] = [
  {
    prefix: '/mis-cursos/',
    owner: 'account',
    screen: 'MyCoursePage',
    resolve: (segment) =>
      /^[a-z0-9_-]{1,64}$/.test(segment)
        ? {
            title: 'Tu curso',
            description: 'Fechas, horario, cómo unirte y módulos de tu curso.',
            canonical: null,
            noindex: true,
            secretPath: true,
          }
        : undefined,
    segments: () => [],
  },
];

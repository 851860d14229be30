import type { RouteEntry } from 'shared/routes';

/** The screens the community remote exposes for public routes (Module Federation expose `./<Screen>`). */
export type CommunityScreen =
  | 'VolunteerPage'
  | 'AllyPage'
  | 'PqrsfPage'
  | 'PqrsfLookupPage'
  | 'WorkshopPage'
  | 'WorkshopInquiryPage'
  | 'SoftwareLandingPage'
  | 'SoftwareRequestPage'
  | 'AutomataPage'
  | 'NewsletterConfirmPage'
  | 'NewsletterUnsubscribePage';

/**
 * The community domain's public routes (#27): data only, like every manifest. The site's table (site/routes.ts)
 * composes them with the other apps'; the remote's standalone development app (src/bootstrap.tsx) serves them alone.
 */
export const communityRoutes: readonly RouteEntry<'community', CommunityScreen>[] = [
  {
    path: '/automata',
    owner: 'community',
    screen: 'AutomataPage',
    title: 'Automata: software a la medida',
    description: 'Software a la medida para tu empresa: cada venta financia la formación de jóvenes en situación de vulnerabilidad.',
    canonical: '/automata',
  },
  {
    path: '/vale-ser',
    owner: 'community',
    screen: 'WorkshopPage',
    title: 'Taller Vale Ser',
    description:
      'Taller Vale Ser: inteligencia emocional para mujeres, presencial, los sábados de 9:00 a 18:00. Conoce el taller y envía tu consulta.',
    canonical: '/vale-ser',
    props: { workshop: 'vale-ser' },
  },
  {
    path: '/arte-de-amarte',
    owner: 'community',
    screen: 'WorkshopPage',
    title: 'Taller Arte de Amarte',
    description: 'Taller Arte de Amarte: proyectos de vida para niños, niñas y jóvenes. Conoce el taller y envía tu consulta.',
    canonical: '/arte-de-amarte',
    props: { workshop: 'arte-de-amarte' },
  },
  {
    path: '/vale-ser/consulta',
    owner: 'community',
    screen: 'WorkshopInquiryPage',
    title: 'Consulta: Taller Vale Ser',
    description: 'Envía tu consulta sobre el taller Vale Ser y te contactaremos pronto.',
    canonical: '/vale-ser/consulta',
    props: { workshop: 'vale-ser' },
  },
  {
    path: '/arte-de-amarte/consulta',
    owner: 'community',
    screen: 'WorkshopInquiryPage',
    title: 'Consulta: Taller Arte de Amarte',
    description: 'Envía tu consulta sobre el taller Arte de Amarte y te contactaremos pronto.',
    canonical: '/arte-de-amarte/consulta',
    props: { workshop: 'arte-de-amarte' },
  },
  {
    path: '/voluntarios',
    owner: 'community',
    screen: 'VolunteerPage',
    title: 'Voluntariado',
    description: 'Inscríbete como voluntario y comparte tu tiempo y tus conocimientos con la fundación.',
    canonical: '/voluntarios',
  },
  {
    path: '/empresas',
    owner: 'community',
    screen: 'AllyPage',
    title: 'Empresas aliadas',
    description: 'Registra tu empresa como aliada de la fundación y apoya la formación de talento.',
    canonical: '/empresas',
  },
  {
    path: '/pqrsf',
    owner: 'community',
    screen: 'PqrsfPage',
    title: 'PQRSF',
    description: 'Radica peticiones, quejas, reclamos, solicitudes y felicitaciones.',
    canonical: '/pqrsf',
  },
  {
    path: '/consultar-solicitud',
    owner: 'community',
    screen: 'PqrsfLookupPage',
    title: 'Consultar solicitud',
    description: 'Consulta el estado de tu PQRSF con el número de radicado y tu documento.',
    canonical: '/consultar-solicitud',
  },
  // Newsletter links (#15): opened from e-mails, act only on a button press (a POST), never indexed.
  {
    path: '/boletin/confirmar',
    owner: 'community',
    screen: 'NewsletterConfirmPage',
    title: 'Confirmar suscripción al boletín',
    description: 'Confirma tu suscripción al boletín de la fundación.',
    canonical: null,
    noindex: true,
  },
  {
    path: '/boletin/baja',
    owner: 'community',
    screen: 'NewsletterUnsubscribePage',
    title: 'Darte de baja del boletín',
    description: 'Deja de recibir el boletín de la fundación.',
    canonical: null,
    noindex: true,
  },
  {
    path: '/software-custome',
    owner: 'community',
    screen: 'SoftwareLandingPage',
    title: 'Software a la medida',
    description: 'Desarrollamos software a la medida de tu negocio mientras formamos a jóvenes programadores.',
    canonical: '/software-custome',
  },
  {
    path: '/software-custome/software-request',
    owner: 'community',
    screen: 'SoftwareRequestPage',
    title: 'Solicita tu software',
    description: 'Cuéntanos tu idea y te contactamos para construir el software que tu negocio necesita.',
    canonical: '/software-custome/software-request',
  },
];

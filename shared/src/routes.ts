import { pageTitle, site } from './config/site';
import { isStaffPath, STAFF_BASE } from './staff-routes';

/** Who renders a route: the shell itself or one of the Module Federation remotes. */
export type RouteOwner = 'shell' | 'courses' | 'giving' | 'community' | 'account';
export type RemoteName = Exclude<RouteOwner, 'shell'>;

export const remoteNames: readonly RemoteName[] = ['courses', 'giving', 'community', 'account'];

/** Screens exposed by each remote (the Module Federation expose is `./<Screen>`). */
export interface RemoteScreens {
  courses: 'CoursePage' | 'EnrolmentPage' | 'PaymentResultPage' | 'LearnAndHelpPage' | 'LearningProcessesPage' | 'PuentesPage';
  giving: 'DonationPage' | 'TransactionResultPage';
  community:
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
  account: 'LoginPage' | 'RegisterPage' | 'ConfirmEmailPage' | 'MisCursosPage' | 'DataRightsPage';
}

export type ShellScreen =
  | 'HomePage'
  | 'AboutPage'
  | 'OdsPage'
  | 'EcoTourismPage'
  | 'BlogPage'
  | 'ArticlePage'
  | 'DocumentsPage'
  | 'PrivacyPage'
  | 'TermsPage'
  | 'StaffArea';

/** Props a screen receives from its route entry: plain data, so the table stays serialisable. */
export type ScreenProps = Readonly<Record<string, string>>;

interface RouteBase {
  /** Path as the spec writes it; matching is exact and case-insensitive. */
  path: string;
  /** Page part of the title; undefined means the foundation's name alone. */
  title?: string;
  description: string;
  /** Canonical path, or null where the page must not be indexed as canonical. */
  canonical: string | null;
  /** Never indexed (`noindex` in the page and an `X-Robots-Tag` header): the staff panel. */
  noindex?: boolean;
  props?: ScreenProps;
}

export type RouteEntry =
  | (RouteBase & { owner: 'shell'; screen: ShellScreen })
  | { [R in RemoteName]: RouteBase & { owner: R; screen: RemoteScreens[R] } }[RemoteName];

const courseDescription = {
  'desarrollo-software':
    'Curso online de Desarrollo de Software en tres módulos: programación, bases de datos, JavaScript, AWS S3 y backend. Inscríbete y paga en línea.',
  'ofimatica-basica':
    'Curso online de Ofimática Básica: informática, Google Suite y Excel medio-avanzado en tres módulos. Inscríbete y paga en línea.',
  'marketing-digital':
    'Curso online de Marketing Digital y Diseño Gráfico: redes sociales, estrategia y diseño para campañas en tres módulos.',
} as const;

/** The whole route table of the site (spec §2), in one place for the shell, the gateway and the sitemap. */
export const routes: readonly RouteEntry[] = [
  { path: '/', owner: 'shell', screen: 'HomePage', description: site.defaultDescription, canonical: '/' },
  {
    path: '/automata',
    owner: 'community',
    screen: 'AutomataPage',
    title: 'Automata: software a la medida',
    description: 'Software a la medida para tu empresa: cada venta financia la formación de jóvenes en situación de vulnerabilidad.',
    canonical: '/automata',
  },
  ...(['desarrollo-software', 'ofimatica-basica', 'marketing-digital'] as const).flatMap((slug): RouteEntry[] => {
    const name = {
      'desarrollo-software': 'Desarrollo de Software',
      'ofimatica-basica': 'Ofimática Básica - Excel',
      'marketing-digital': 'Marketing Digital y Diseño Gráfico',
    }[slug];
    return [
      {
        path: `/${slug}`,
        owner: 'courses',
        screen: 'CoursePage',
        title: name,
        description: courseDescription[slug],
        canonical: `/${slug}`,
        props: { course: slug },
      },
      {
        path: `/${slug}/registro`,
        owner: 'courses',
        screen: 'EnrolmentPage',
        title: `Inscripción: ${name}`,
        description: `Inscríbete al curso ${name}: diligencia tus datos, elige el módulo y paga de forma segura en pesos colombianos.`,
        canonical: `/${slug}/registro`,
        props: { course: slug },
      },
    ];
  }),
  {
    path: '/ods',
    owner: 'shell',
    screen: 'OdsPage',
    title: 'Objetivos de Desarrollo Sostenible',
    description: 'Cómo aporta la fundación a los ODS 4, 8, 10 y 17: educación de calidad, trabajo decente, menos desigualdad y alianzas.',
    canonical: '/ods',
  },
  {
    path: '/nosotros',
    owner: 'shell',
    screen: 'AboutPage',
    title: 'Nosotros',
    description: 'Quiénes somos, nuestra misión y nuestra visión.',
    canonical: '/nosotros',
  },
  {
    path: '/about-us',
    owner: 'shell',
    screen: 'AboutPage',
    title: 'Nosotros',
    description: 'Quiénes somos, nuestra misión y nuestra visión.',
    canonical: '/nosotros',
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
    path: '/pago/exitoso',
    owner: 'courses',
    screen: 'PaymentResultPage',
    title: 'Pago exitoso',
    description: 'Tu pago fue recibido: revisa el estado de tu inscripción.',
    canonical: '/pago/exitoso',
    props: { result: 'success' },
  },
  {
    path: '/pago/error',
    owner: 'courses',
    screen: 'PaymentResultPage',
    title: 'Pago no completado',
    description: 'Tu pago no se pudo completar: conoce el motivo y vuelve a intentarlo.',
    canonical: '/pago/error',
    props: { result: 'failure' },
  },
  {
    path: '/pago/pendiente',
    owner: 'courses',
    screen: 'PaymentResultPage',
    title: 'Pago pendiente',
    description: 'Tu pago está en proceso: te contamos cuánto tarda según el medio de pago.',
    canonical: '/pago/pendiente',
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
    path: '/Documents-esal',
    owner: 'shell',
    screen: 'DocumentsPage',
    title: 'Documentos ESAL',
    description: 'Documentos y transparencia de la fundación como entidad sin ánimo de lucro: RUT, resolución, informe de gestión.',
    canonical: '/Documents-esal',
  },
  {
    path: '/procesos-aprendizaje',
    owner: 'courses',
    screen: 'LearningProcessesPage',
    title: 'Procesos de aprendizaje',
    description: 'Nuestro proceso de aprendizaje y empleabilidad en cuatro etapas: Despliegue, Puentes, Consolidación y Lanzamiento.',
    canonical: '/procesos-aprendizaje',
  },
  {
    path: '/software-a-la-medida',
    owner: 'courses',
    screen: 'LearningProcessesPage',
    title: 'Procesos de aprendizaje',
    description: 'Nuestro proceso de aprendizaje y empleabilidad en cuatro etapas: Despliegue, Puentes, Consolidación y Lanzamiento.',
    canonical: '/procesos-aprendizaje',
  },
  {
    path: '/aprende-ayuda',
    owner: 'courses',
    screen: 'LearnAndHelpPage',
    title: 'Aprende y ayuda',
    description: 'Aprende con nuestros cursos y ayuda a otros a formarse: historias de éxito de nuestros estudiantes.',
    canonical: '/aprende-ayuda',
  },
  {
    path: '/eco-turismo',
    owner: 'shell',
    screen: 'EcoTourismPage',
    title: 'Ecoturismo en Boyacá',
    description: 'Proyecto de ecoturismo en Boyacá: alquiler de casa rural, caminatas ecológicas guiadas y cabalgatas.',
    canonical: '/eco-turismo',
  },
  {
    path: '/proyecto-puentes',
    owner: 'courses',
    screen: 'PuentesPage',
    title: 'Proyecto Puentes',
    description: 'Programa de aprendizaje y empleabilidad Puentes: becas, salario mínimo legal y vinculación laboral.',
    canonical: '/proyecto-puentes',
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
  {
    path: '/blog',
    owner: 'shell',
    screen: 'BlogPage',
    title: 'Blog',
    description: 'Artículos sobre tecnología, empleo y formación para el futuro.',
    canonical: '/blog',
  },
  {
    path: '/software-para-el-futuro',
    owner: 'shell',
    screen: 'ArticlePage',
    title: 'Aprender software para el futuro',
    description: 'Por qué aprender desarrollo de software puede mejorar tu futuro laboral en Colombia y América Latina.',
    canonical: '/software-para-el-futuro',
  },
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
  {
    path: '/politica-de-privacidad',
    owner: 'shell',
    screen: 'PrivacyPage',
    title: 'Política de privacidad',
    description: 'Política de tratamiento de datos personales de la fundación (Ley 1581 de 2012).',
    canonical: '/politica-de-privacidad',
  },
  {
    path: '/terminos-y-condiciones',
    owner: 'shell',
    screen: 'TermsPage',
    title: 'Términos y condiciones',
    description: 'Términos y condiciones de uso del sitio, inscripciones, pagos y donaciones.',
    canonical: '/terminos-y-condiciones',
  },
];

/** Spec paths that differ from a table entry only by letter case (both are served by the same entry). */
export const pathAliases: Readonly<Record<string, string>> = { '/Proyecto-Puentes': '/proyecto-puentes' };

const byLowerPath = new Map(routes.map((r) => [r.path.toLowerCase(), r]));

/**
 * The foundation's panel: one entry for every path under /equipo (the shell's staff area resolves the rest, see
 * staff-routes.ts). Not in `routes`, so it is in no sitemap and no menu.
 */
export const staffAreaRoute: RouteEntry = {
  path: STAFF_BASE,
  owner: 'shell',
  screen: 'StaffArea',
  title: 'Panel del equipo',
  description: 'Panel interno del equipo de la fundación.',
  canonical: null,
  noindex: true,
};

/** Strip a trailing slash (but keep "/"), so "/blog/" matches "/blog". */
function normalise(pathname: string): string {
  const p = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return p.toLowerCase();
}

/** Exact, case-insensitive lookup of a pathname in the route table. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  if (isStaffPath(pathname)) return staffAreaRoute;
  return byLowerPath.get(normalise(pathname));
}

/** Full document title for a route (or the default title when unmatched). */
export function routeTitle(route: RouteEntry | undefined): string {
  return route ? pageTitle(route.title) : pageTitle();
}

export const notFoundTitle = pageTitle('Página no encontrada');
export const notFoundMessage = 'Page not found!';

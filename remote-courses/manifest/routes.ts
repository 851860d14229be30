import type { PatternRoute, RouteEntry } from 'shared/routes';
import { VERIFICATION_PATH, VERIFICATION_PREFIX, verificationCodePattern } from './certificate-codes';

/** The screens the courses remote exposes for public routes (Module Federation expose `./<Screen>`). */
export type CoursesScreen =
  | 'CoursePage'
  | 'EnrolmentPage'
  | 'PaymentResultPage'
  | 'LearnAndHelpPage'
  | 'LearningProcessesPage'
  | 'PuentesPage'
  | 'CertificateVerificationPage';

const courseDescription = {
  'desarrollo-software':
    'Curso online de Desarrollo de Software en tres módulos: programación, bases de datos, JavaScript, AWS S3 y backend. Inscríbete y paga en línea.',
  'ofimatica-basica':
    'Curso online de Ofimática Básica: informática, Google Suite y Excel medio-avanzado en tres módulos. Inscríbete y paga en línea.',
  'marketing-digital':
    'Curso online de Marketing Digital y Diseño Gráfico: redes sociales, estrategia y diseño para campañas en tres módulos.',
} as const;

/**
 * The courses domain's public routes (#27): data only, like every manifest. The site's table (site/routes.ts) composes
 * them with the other apps'; the remote's standalone development app (src/bootstrap.tsx) serves them alone.
 */
export const coursesRoutes: readonly RouteEntry<'courses', CoursesScreen>[] = [
  ...(['desarrollo-software', 'ofimatica-basica', 'marketing-digital'] as const).flatMap((slug): RouteEntry<'courses', CoursesScreen>[] => {
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
    path: '/proyecto-puentes',
    owner: 'courses',
    screen: 'PuentesPage',
    title: 'Proyecto Puentes',
    description: 'Programa de aprendizaje y empleabilidad Puentes: becas, salario mínimo legal y vinculación laboral.',
    canonical: '/proyecto-puentes',
  },
  {
    path: VERIFICATION_PATH,
    owner: 'courses',
    screen: 'CertificateVerificationPage',
    title: 'Verificar un certificado',
    description:
      'Comprueba si un certificado de finalización de nuestros cursos es auténtico y está vigente, con su código de verificación.',
    canonical: VERIFICATION_PATH,
  },
];

/**
 * A certificate's verification page (#31): /verificar/<code> for any segment shaped like a code (the table matches in
 * lower case; the page reads the code from the address). Never indexed, and sent with `Referrer-Policy: no-referrer`:
 * the code is not a password, but it is what opens a student's name to whoever holds it.
 */
export const coursesPatternRoutes: readonly PatternRoute<'courses', CoursesScreen>[] = [
  {
    prefix: VERIFICATION_PREFIX,
    owner: 'courses',
    screen: 'CertificateVerificationPage',
    resolve: (segment) =>
      verificationCodePattern.test(segment)
        ? {
            title: 'Verificación de un certificado',
            description: 'El estado de un certificado de finalización de nuestros cursos: válido o anulado.',
            canonical: null,
            noindex: true,
            secretPath: true,
          }
        : undefined,
    segments: () => [],
  },
];

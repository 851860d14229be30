import { publishedDocument } from 'shared/publishing/snapshot';

/*
 * The course catalogue: the courses domain's fact (#27), the one source the courses API prices from. It sits in the
 * manifest because it is data (no React, no Fastify) that the manifest's services read and that a manifest may import;
 * the remote's own src/ and server/ import it from here. Other domains never import it: they get what they may know of
 * it from `courseCatalogueService` (./course-catalogue.ts), through `ctx.domains.services`.
 *
 * Since #28 the Cursos team edits its texts and prices in the panel (/equipo/catalogo) and publishes them as the document
 * `courses.catalogue` (./catalogue-document.ts). What stays in code is what a page's links and images depend on (ids,
 * slugs, addresses, images, modality, the three modules). Every reader asks `currentCourses()` / `courseBySlug()` at the
 * time it needs a course: never keep a course in a module constant, it would miss the next publication.
 */

/** A unit of a module: its title and the topics it covers (spec §3 Unit). */
export interface CourseUnit {
  title: string;
  content: readonly string[];
}

/** A module as the course page's carousel shows it (spec §3 Carousel item). */
export interface CourseModule {
  id: number;
  url: string;
  title: string;
  /** Module name, as enrolment and payments use it. */
  subtitle: string;
  units: readonly CourseUnit[];
}

export type CourseSlug = 'desarrollo-software' | 'ofimatica-basica' | 'marketing-digital';

/**
 * A course as the pages read it (spec §3 Course): the fixed data merged with the published content. Prices are whole
 * COP; the server charges what is published when an enrolment is created, and the enrolment keeps that price.
 */
export interface Course {
  id: 1 | 2 | 3;
  slug: CourseSlug;
  title: string;
  img: string;
  /** Anchor of the course information on its page, and of the form on its enrolment page. */
  hash: string;
  selector: string;
  infoImg: string;
  mInfoImg: string;
  alt: string;
  description: string;
  url: string;
  subscriptionUrl: string;
  modality: 'Online';
  /** ISO date of the course's first cohort (the seed of `courses.cohorts`); pages show the next open cohort instead. */
  releaseDate: string;
  duration: string;
  daytime: string;
  /** Price of one module in COP. */
  price: number;
  /** Price of the whole course (three modules) in COP. */
  totalprice: number;
  unity: string;
  imageRequest: string;
  imageCarrousel: readonly CourseModule[];
}

const schedule = {
  modality: 'Online',
  releaseDate: '2025-03-31',
  duration: '3 módulos',
  daytime: '3 clases por semana de 2 horas',
} as const;

const img = (slug: CourseSlug, kind: string) => `/img/cursos/${slug}-${kind}.svg`;

/**
 * The three courses as the code carried them before #28 (spec §3, §9): the fixed data, and the first-start values of
 * the published content (./catalogue-document.ts). Read `currentCourses()` instead; the catalogue reading of the price
 * of course 3 is recorded in docs/decisions.md.
 */
export const initialCourses: readonly Course[] = [
  {
    id: 1,
    slug: 'desarrollo-software',
    title: 'Desarrollo de Software',
    img: img('desarrollo-software', 'banner'),
    hash: '#desarrollo-software',
    selector: 'desarrollo-software',
    infoImg: img('desarrollo-software', 'info'),
    mInfoImg: img('desarrollo-software', 'info-movil'),
    alt: 'Estudiante programando en un computador portátil',
    description:
      'Aprende a programar desde cero: lógica, bases de datos, JavaScript, servicios en la nube y desarrollo backend, con proyectos reales y acompañamiento de mentores.',
    url: '/desarrollo-software',
    subscriptionUrl: '/desarrollo-software/registro',
    ...schedule,
    price: 119_900,
    totalprice: 349_000,
    unity: 'por módulo',
    imageRequest: img('desarrollo-software', 'registro'),
    imageCarrousel: [
      {
        id: 1,
        url: img('desarrollo-software', 'modulo-1'),
        title: 'Módulo 1',
        subtitle: 'Fundamentos de programación y bases de datos',
        units: [
          {
            title: 'Lógica de programación',
            content: ['Algoritmos y diagramas de flujo', 'Variables, condicionales y ciclos', 'Funciones'],
          },
          { title: 'Bases de datos relacionales', content: ['Modelo entidad-relación', 'Consultas SQL', 'Normalización'] },
        ],
      },
      {
        id: 2,
        url: img('desarrollo-software', 'modulo-2'),
        title: 'Módulo 2',
        subtitle: 'Fundamentos de Javascript y AWS S3',
        units: [
          { title: 'JavaScript moderno', content: ['Tipos, objetos y arreglos', 'Asincronía y promesas', 'Manipulación del DOM'] },
          { title: 'Almacenamiento en la nube', content: ['Buckets y objetos en AWS S3', 'Permisos y políticas', 'Sitios estáticos'] },
        ],
      },
      {
        id: 3,
        url: img('desarrollo-software', 'modulo-3'),
        title: 'Módulo 3',
        subtitle: 'Fundamentos de desarrollo Backend',
        units: [
          { title: 'Servidores y APIs', content: ['HTTP y REST', 'Node.js y rutas', 'Validación y manejo de errores'] },
          { title: 'Persistencia y despliegue', content: ['Conexión a bases de datos', 'Autenticación', 'Despliegue de una API'] },
        ],
      },
    ],
  },
  {
    id: 2,
    slug: 'ofimatica-basica',
    title: 'Ofimática Básica - Excel',
    img: img('ofimatica-basica', 'banner'),
    hash: '#ofimatica-basica',
    selector: 'ofimatica-basica',
    infoImg: img('ofimatica-basica', 'info'),
    mInfoImg: img('ofimatica-basica', 'info-movil'),
    alt: 'Persona trabajando con una hoja de cálculo',
    description:
      'Domina las herramientas que pide cualquier empleo: el computador, la suite de Google y Excel de nivel medio a avanzado, con ejercicios prácticos de la vida laboral.',
    url: '/ofimatica-basica',
    subscriptionUrl: '/ofimatica-basica/registro',
    ...schedule,
    price: 79_900,
    totalprice: 239_000,
    unity: 'por módulo',
    imageRequest: img('ofimatica-basica', 'registro'),
    imageCarrousel: [
      {
        id: 1,
        url: img('ofimatica-basica', 'modulo-1'),
        title: 'Módulo 1',
        subtitle: 'Introducción a la Informática',
        units: [
          { title: 'El computador', content: ['Partes del computador', 'Archivos y carpetas', 'Seguridad básica'] },
          { title: 'Internet y correo', content: ['Navegación segura', 'Correo electrónico', 'Búsqueda de información'] },
        ],
      },
      {
        id: 2,
        url: img('ofimatica-basica', 'modulo-2'),
        title: 'Módulo 2',
        subtitle: 'Google Suite',
        units: [
          { title: 'Documentos y presentaciones', content: ['Google Docs', 'Google Slides', 'Trabajo colaborativo'] },
          { title: 'Organización', content: ['Google Drive', 'Calendar', 'Formularios'] },
        ],
      },
      {
        id: 3,
        url: img('ofimatica-basica', 'modulo-3'),
        title: 'Módulo 3',
        subtitle: 'Excel Medio - Avanzado',
        units: [
          { title: 'Fórmulas y funciones', content: ['Referencias', 'BUSCARV y BUSCARX', 'Funciones lógicas'] },
          { title: 'Análisis de datos', content: ['Tablas dinámicas', 'Gráficos', 'Validación de datos'] },
        ],
      },
    ],
  },
  {
    id: 3,
    slug: 'marketing-digital',
    title: 'Marketing Digital y Diseño Gráfico',
    img: img('marketing-digital', 'banner'),
    hash: '#marketing-digital',
    selector: 'marketing-digital',
    infoImg: img('marketing-digital', 'info'),
    mInfoImg: img('marketing-digital', 'info-movil'),
    alt: 'Equipo planeando una campaña en redes sociales',
    description:
      'Aprende a comunicar y vender en línea: estrategia digital, redes sociales y diseño gráfico para campañas, pensado para emprender o trabajar en agencias.',
    url: '/marketing-digital',
    subscriptionUrl: '/marketing-digital/registro',
    ...schedule,
    price: 99_900,
    totalprice: 299_000,
    unity: 'por módulo',
    imageRequest: img('marketing-digital', 'registro'),
    imageCarrousel: [
      {
        id: 1,
        url: img('marketing-digital', 'modulo-1'),
        title: 'Módulo 1',
        subtitle: 'Introducción al Marketing Digital',
        units: [
          { title: 'Fundamentos', content: ['Embudo de conversión', 'Público objetivo', 'Propuesta de valor'] },
          { title: 'Canales digitales', content: ['Sitio web y SEO', 'Correo electrónico', 'Publicidad pagada'] },
        ],
      },
      {
        id: 2,
        url: img('marketing-digital', 'modulo-2'),
        title: 'Módulo 2',
        subtitle: 'Marketing en Redes Sociales',
        units: [
          { title: 'Estrategia de contenidos', content: ['Calendario editorial', 'Formatos por red social', 'Comunidad'] },
          { title: 'Medición', content: ['Métricas clave', 'Pruebas A/B', 'Informes'] },
        ],
      },
      {
        id: 3,
        url: img('marketing-digital', 'modulo-3'),
        title: 'Módulo 3',
        subtitle: 'Diseño gráfico para Marketing Digital',
        units: [
          { title: 'Principios de diseño', content: ['Color y tipografía', 'Composición', 'Identidad de marca'] },
          { title: 'Piezas digitales', content: ['Publicaciones y anuncios', 'Banners', 'Herramientas de diseño'] },
        ],
      },
    ],
  },
];

/** What the panel edits of a module (its id, image and address stay fixed). */
export interface ModuleContent {
  title: string;
  subtitle: string;
  units: { title: string; content: string[] }[];
}

/** What the panel edits of a course: texts, prices in whole COP and its three modules' texts. */
export interface CourseContent {
  title: string;
  description: string;
  price: number;
  totalprice: number;
  duration: string;
  daytime: string;
  modules: ModuleContent[];
}

/** The published catalogue's body: the editable content of each of the three fixed courses, by slug. */
export type CatalogueContent = Record<CourseSlug, CourseContent>;

/** The published document's name (declared in ./catalogue-document.ts). */
export const CATALOGUE_DOCUMENT = 'courses.catalogue';

/** A course's editable content as the code carries it (the document's defaults). */
export function contentOf(course: Course): CourseContent {
  return {
    title: course.title,
    description: course.description,
    price: course.price,
    totalprice: course.totalprice,
    duration: course.duration,
    daytime: course.daytime,
    modules: course.imageCarrousel.map((m) => ({
      title: m.title,
      subtitle: m.subtitle,
      units: m.units.map((u) => ({ title: u.title, content: [...u.content] })),
    })),
  };
}

/** The document's first-start values: today's courses. */
export const catalogueDefaults: CatalogueContent = Object.fromEntries(
  initialCourses.map((c) => [c.slug, contentOf(c)]),
) as CatalogueContent;

/** A fixed course with its published content over it (a module the content lacks keeps the code's texts). */
function withContent(course: Course, content: CourseContent | undefined): Course {
  if (!content) return course;
  return {
    ...course,
    title: content.title,
    description: content.description,
    price: content.price,
    totalprice: content.totalprice,
    duration: content.duration,
    daytime: content.daytime,
    imageCarrousel: course.imageCarrousel.map((m, i) => {
      const edited = content.modules[i];
      return edited ? { ...m, title: edited.title, subtitle: edited.subtitle, units: edited.units } : m;
    }),
  };
}

/** The three courses as published now (the code's values while nothing was published). Read it when needed. */
export function currentCourses(): readonly Course[] {
  const content = publishedDocument<Partial<CatalogueContent>>(CATALOGUE_DOCUMENT, catalogueDefaults);
  return initialCourses.map((c) => withContent(c, content[c.slug]));
}

/** Modules 2 and beyond need the earlier modules passed or a levelling exam (spec §9). */
export const moduleRequirementNote =
  'Para los módulos 2 y 3 debes haber aprobado los módulos anteriores o presentar un examen de nivelación.';

export function courseBySlug(slug: string): Course | undefined {
  return currentCourses().find((c) => c.slug === slug);
}
/** Module names of a course in order; empty for an unknown course (spec §9: otherwise empty). */
export function moduleNames(course: Course | undefined): string[] {
  return course ? course.imageCarrousel.map((m) => m.subtitle) : [];
}

/** The enrolment option for the whole course (its three modules) at the course's `totalprice` (#14). */
export const FULL_COURSE = 'Curso completo (3 módulos)';

/** What the enrolment form offers: the single modules, then the whole course. */
export function enrolmentOptions(course: Course | undefined): string[] {
  return course ? [...moduleNames(course), FULL_COURSE] : [];
}

/**
 * What the server charges for a module of a course, or for the whole course (`FULL_COURSE`, at `totalprice`): title
 * "course – module", integer COP price, description.
 */
export function priceModule(
  slug: string,
  moduleName: string,
): { title: string; price: number; description: string; course: Course } | null {
  const course = courseBySlug(slug);
  if (!course) return null;
  if (moduleName === FULL_COURSE)
    return {
      course,
      title: `${course.title} – ${FULL_COURSE}`,
      price: course.totalprice,
      description: `Inscripción al curso completo ${course.title}: sus ${course.imageCarrousel.length} módulos (${course.modality}, ${course.daytime}).`,
    };
  if (!moduleNames(course).includes(moduleName)) return null;
  return {
    course,
    title: `${course.title} – ${moduleName}`,
    price: course.price,
    description: `Inscripción al módulo "${moduleName}" del curso ${course.title} (${course.modality}, ${course.daytime}).`,
  };
}

import { defineDocument, documentOperations } from 'shared/publishing/document';
import { z } from 'shared/schemas/zod';
import { CATALOGUE_DOCUMENT, catalogueDefaults, FULL_COURSE, type CatalogueContent } from './catalogue';

/**
 * The course catalogue as a published document (#28): what the Cursos team edits on /equipo/catalogo — each course's
 * texts, its module and full-course prices, and its modules' texts. The three courses and what their pages' links and
 * images hang on stay in code (./catalogue.ts): the document is keyed by the three fixed slugs, so a publication can
 * neither add, drop nor rename a course, and each course has exactly its three modules.
 *
 * A publication changes what the next enrolment is charged, never an enrolment already made: the server stores the
 * price with the enrolment when it is created, opens its checkout at that price and compares the payment with it.
 */

/** Whole pesos a course may cost: a typo of a zero too many or too few is refused, not published. */
export const PRICE_MIN = 1_600;
export const PRICE_MAX = 30_000_000;
/** The full course is its three modules: never dearer than three single modules. */
export const FULL_COURSE_MAX_MODULES = 3;

export const catalogueTexts = {
  titleRequired: 'Escribe el nombre del curso.',
  descriptionRequired: 'Escribe la descripción del curso.',
  durationRequired: 'Escribe la duración (por ejemplo, «3 módulos»).',
  daytimeRequired: 'Escribe la intensidad horaria (por ejemplo, «3 clases por semana de 2 horas»).',
  price: `Escribe el precio en pesos, sin puntos ni decimales: un número entero entre 1.600 y 30.000.000.`,
  fullAboveThree: 'El precio del curso completo no puede ser mayor que tres módulos sueltos.',
  fullBelowModule: 'El precio del curso completo no puede ser menor que el de un módulo.',
  moduleTitleRequired: 'Escribe el título del módulo (por ejemplo, «Módulo 1»).',
  moduleNameRequired: 'Escribe el nombre del módulo.',
  moduleNameRepeated: 'Dos módulos del curso no pueden llamarse igual.',
  moduleNameReserved: `Ese nombre es el de la opción «${FULL_COURSE}».`,
  modulesCount: 'El curso tiene tres módulos.',
  unitTitleRequired: 'Escribe el nombre de la unidad.',
  unitsCount: 'Cada módulo necesita entre 1 y 6 unidades.',
  topicRequired: 'Escribe el tema (o quítalo).',
  topicsCount: 'Cada unidad necesita entre 1 y 10 temas.',
} as const;
const t = catalogueTexts;

const price = z.coerce
  .number({ error: t.price })
  .check(z.int({ error: t.price }), z.minimum(PRICE_MIN, { error: t.price }), z.maximum(PRICE_MAX, { error: t.price }));

const line = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: `Máximo ${max} caracteres.` }),
      z.regex(/^[^\r\n]*$/, { error: 'Escribe este dato en una sola línea.' }),
    );

const unitSchema = z.object({
  title: line(t.unitTitleRequired, 120),
  content: z.array(line(t.topicRequired, 160)).check(z.minLength(1, { error: t.topicsCount }), z.maxLength(10, { error: t.topicsCount })),
});

const moduleSchema = z.object({
  title: line(t.moduleTitleRequired, 40),
  /** The module's name: what the enrolment form offers and an enrolment records. */
  subtitle: line(t.moduleNameRequired, 120),
  units: z.array(unitSchema).check(z.minLength(1, { error: t.unitsCount }), z.maxLength(6, { error: t.unitsCount })),
});

export const courseContentSchema = z
  .object({
    title: line(t.titleRequired, 80),
    description: z
      .string({ error: t.descriptionRequired })
      .check(z.trim(), z.minLength(1, { error: t.descriptionRequired }), z.maxLength(600, { error: 'Máximo 600 caracteres.' })),
    price,
    totalprice: price,
    duration: line(t.durationRequired, 60),
    daytime: line(t.daytimeRequired, 120),
    modules: z.array(moduleSchema).check(z.length(3, { error: t.modulesCount })),
  })
  .check(
    z.superRefine((course, ctx) => {
      // Each message on the field the member corrects; the full course is judged against a valid module price only
      // (a refused module price already has its own message).
      const validPrice = (n: number) => Number.isInteger(n) && n >= PRICE_MIN && n <= PRICE_MAX;
      const comparable = validPrice(course.price) && validPrice(course.totalprice);
      if (comparable && course.totalprice > FULL_COURSE_MAX_MODULES * course.price)
        ctx.issues.push({ code: 'custom', message: t.fullAboveThree, path: ['totalprice'], input: course.totalprice });
      else if (comparable && course.totalprice < course.price)
        ctx.issues.push({ code: 'custom', message: t.fullBelowModule, path: ['totalprice'], input: course.totalprice });
      // The enrolment form offers the modules by name and prices what is chosen by it: names must say one thing.
      const seen = new Set<string>();
      course.modules.forEach((m, i) => {
        const name = comparableName(m.subtitle);
        const problem = name === comparableName(FULL_COURSE) ? t.moduleNameReserved : seen.has(name) ? t.moduleNameRepeated : null;
        if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['modules', i, 'subtitle'], input: m.subtitle });
        seen.add(name);
      });
    }),
  );

/**
 * A module's name as two names are compared: compatibility-normalised, without invisible format characters (a
 * zero-width space made "Curso completo (3 módulos) followed by a zero-width space" pass as another name: security review #28), spaces
 * collapsed, lower case.
 */
function comparableName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('es');
}

export const catalogueSchema = z.object({
  'desarrollo-software': courseContentSchema,
  'ofimatica-basica': courseContentSchema,
  'marketing-digital': courseContentSchema,
});

// The schema's output is exactly what ./catalogue.ts merges over the fixed courses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.output<typeof catalogueSchema>, CatalogueContent> = true;
void sameShape;

/**
 * `courses.catalogue`: prices are course data, so the role that keeps the cohorts keeps them (Cursos). The course pages
 * read it in the browser too (their hydration must match what the server rendered).
 */
export const catalogueDocument = defineDocument({
  name: CATALOGUE_DOCUMENT,
  label: 'Catálogo de cursos',
  schema: catalogueSchema,
  defaults: catalogueDefaults,
  roles: ['cursos'],
  path: '/api/courses/staff/publicacion/catalogo',
  browser: true,
});

export const catalogueOperations = documentOperations(catalogueDocument);

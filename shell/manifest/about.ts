import { defineDocument, documentOperations } from 'shared/publishing/document';
import { liveDocument } from 'shared/publishing/snapshot';
import { z } from 'shared/schemas/zod';

/**
 * The About page's texts (#28: "the content pages' texts") as a published document of the site domain: Contenido
 * edits them on /equipo/nosotros and /nosotros shows what was published. Plain paragraphs, not rich text: the page has
 * no formatting to offer, and plain text needs neither the editor nor the sanitiser.
 */
export const aboutTexts = {
  title: 'Escribe el título del bloque (máximo 80 caracteres).',
  paragraph: 'Cada párrafo tiene entre 1 y 1 200 caracteres.',
  paragraphs: 'Escribe entre 1 y 8 párrafos.',
  valueName: 'Escribe el nombre del valor (máximo 40 caracteres).',
  valueText: 'Escribe la frase del valor (máximo 240 caracteres).',
  values: 'Máximo 8 valores.',
} as const;
const t = aboutTexts;

const text = (max: number, error: string) => z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error }));

const blockSchema = z.object({
  title: text(80, t.title),
  paragraphs: z.array(text(1200, t.paragraph)).check(z.minLength(1, { error: t.paragraphs }), z.maxLength(8, { error: t.paragraphs })),
});

export const aboutSchema = z.object({
  quienesSomos: blockSchema,
  mision: blockSchema,
  vision: blockSchema,
  values: z.array(z.object({ name: text(40, t.valueName), text: text(240, t.valueText) })).check(z.maxLength(8, { error: t.values })),
});
export type AboutContent = z.output<typeof aboutSchema>;
export type AboutBlock = AboutContent['mision'];

/** What the code carried before #28. */
export const aboutDefaults: AboutContent = {
  quienesSomos: {
    title: 'Quiénes somos',
    paragraphs: [
      'Somos una fundación colombiana sin ánimo de lucro que forma a personas en situación de vulnerabilidad en habilidades digitales para el empleo: desarrollo de software, ofimática y marketing digital.',
      'Creemos que el talento está repartido por igual, pero las oportunidades no. Por eso enseñamos online, con clases en vivo pensadas para el celular, cobramos por módulo, damos becas y acompañamos a nuestros estudiantes hasta su primer empleo.',
      'Financiamos parte de la formación con proyectos propios, como el software a la medida de Automata y el ecoturismo en Boyacá, y con el apoyo de donantes, voluntarios y empresas aliadas.',
    ],
  },
  mision: {
    title: 'Misión',
    paragraphs: [
      'Formar y acompañar a jóvenes y adultos en situación de vulnerabilidad para que desarrollen habilidades digitales y socioemocionales, accedan a empleos dignos y construyan su proyecto de vida.',
    ],
  },
  vision: {
    title: 'Visión',
    paragraphs: [
      'En 2030 seremos en Colombia un puente reconocido entre el talento de las comunidades vulnerables y las empresas que lo necesitan, con miles de egresados trabajando en la economía digital.',
    ],
  },
  values: [
    { name: 'Dignidad', text: 'Tratamos a cada persona como protagonista de su propio proceso.' },
    { name: 'Transparencia', text: 'Rendimos cuentas de cada peso que recibimos.' },
    { name: 'Excelencia', text: 'Enseñamos lo que el mercado laboral pide hoy.' },
    { name: 'Solidaridad', text: 'Quien aprende, después ayuda a otro a aprender.' },
  ],
};

export const aboutDocument = defineDocument({
  name: 'site.about',
  label: 'Textos de la página Nosotros',
  schema: aboutSchema,
  defaults: aboutDefaults,
  roles: ['contenido'],
  path: '/api/site/staff/publicacion/nosotros',
  // /nosotros is reached by client navigation from any page: its ~2 KB of text go with every page.
  browser: true,
});

export const aboutOperations = documentOperations(aboutDocument);

/** The About page's published texts, read at each access. */
export const about = liveDocument(aboutDocument.name, aboutDefaults);

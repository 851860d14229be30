import { publishedItems } from 'shared/publishing/snapshot';
import type { SanitizedHtml } from 'shared/schemas/rich-text';
import type { Post } from './posts-schema';

/**
 * The blog's posts (#28), the site domain's first collection: each post is a document of its own in the publishing kit
 * (its drafts, its scheduled publication, its history), written by Contenido on /equipo/blog and read by /blog and
 * /blog/<slug>. The first-start posts are the cards the code carried before.
 *
 * This module is what the route table and the pages read: no zod. The post's schema, the collection's declaration and
 * its staff operations are in ./posts-schema, loaded only by what checks posts (the panel's blog screen, the API, the
 * server's publishing kit), so no page builds them at start-up (#33).
 */
export const POSTS_COLLECTION = 'site.posts';
export const BLOG_PREFIX = '/blog/';

export const postTexts = {
  title: 'Escribe el título (máximo 120 caracteres).',
  slug: 'Escribe la dirección con minúsculas, números y guiones, sin tildes ni espacios: «mi-primera-entrada».',
  summary: 'Escribe un resumen de hasta 300 caracteres: se ve en la tarjeta del blog y en los buscadores.',
  body: 'Escribe el texto de la entrada.',
  coverSrc: 'Sube la imagen de portada.',
  coverAlt: 'Describe la imagen para quien no la ve (máximo 200 caracteres).',
  tag: 'Cada etiqueta tiene entre 2 y 30 caracteres.',
  tags: 'Máximo 8 etiquetas.',
  author: 'Escribe el nombre de quien firma (máximo 80 caracteres).',
  slugTaken: 'Otra entrada ya usa esa dirección: elige otra.',
} as const;

export type { Post };

/** What the code carried before #28 (the blog's cards), as posts; the body is code we wrote, hence sanitised. */
const html = (markup: string) => markup.replace(/\n\s*/g, '') as SanitizedHtml;
export const postDefaults: Readonly<Record<string, Post>> = {
  'software-para-el-futuro': {
    title: 'Aprender desarrollo de software: una puerta a tu futuro laboral',
    slug: 'software-para-el-futuro',
    summary: 'Por qué programar es una de las habilidades con más demanda en América Latina y cómo empezar aunque no tengas experiencia.',
    body: html(`<p>Programar ya no es cosa de unos pocos. La demanda de desarrolladores crece cada año en América Latina, un
      desarrollador junior en Colombia gana entre 2 y 4 millones de pesos al mes, y nuestro programa te lleva a ese nivel en
      6 meses.</p><p><a href="/software-para-el-futuro">Lee el artículo completo</a> o conoce el
      <a href="/desarrollo-software">curso de Desarrollo de Software</a>.</p>`),
    cover: null,
    tags: ['tecnología', 'empleo', 'programación'],
    author: 'Fundación',
    date: '2026-11-03T15:00:00.000Z',
  },
  puentes: {
    title: 'Puentes: del primer curso al primer contrato',
    slug: 'puentes-del-primer-curso-al-primer-contrato',
    summary: 'Cómo funciona nuestro programa de aprendizaje y empleabilidad en cuatro etapas, con becas y salario mínimo legal.',
    body: html(`<p>Puentes acompaña a quienes terminan nuestros cursos hasta su primer empleo: cuatro etapas, becas y
      proyectos para clientes reales con salario mínimo legal.</p><p><a href="/proyecto-puentes">Conoce el programa Puentes</a>.</p>`),
    cover: null,
    tags: ['empleo', 'becas'],
    author: 'Fundación',
    date: '2026-10-20T15:00:00.000Z',
  },
  excel: {
    title: 'Excel, la habilidad que piden casi todas las vacantes',
    slug: 'excel-la-habilidad-que-piden-las-vacantes',
    summary: 'Tablas, fórmulas y gráficos: lo que aprendes en ofimática básica y por qué abre puertas en cualquier oficio.',
    body: html(`<p>Tablas, fórmulas y gráficos: lo que aprendes en ofimática básica sirve en cualquier oficio y aparece en
      casi todas las vacantes.</p><p><a href="/ofimatica-basica">Conoce el curso de Ofimática básica</a>.</p>`),
    cover: null,
    tags: ['ofimática', 'empleo'],
    author: 'Fundación',
    date: '2026-10-06T15:00:00.000Z',
  },
  ecoturismo: {
    title: 'Turismo rural que financia becas en Boyacá',
    slug: 'turismo-rural-que-financia-becas',
    summary: 'Una casa campesina, caminatas y cabalgatas que generan ingresos para las familias y becas para los jóvenes.',
    body: html(`<p>Una casa campesina, caminatas y cabalgatas en Boyacá: lo que pagan los visitantes genera ingresos para
      las familias y becas para los jóvenes.</p><p><a href="/eco-turismo">Conoce el proyecto de ecoturismo</a>.</p>`),
    cover: null,
    tags: ['ecoturismo', 'comunidad'],
    author: 'Fundación',
    date: '2026-09-22T15:00:00.000Z',
  },
};

/**
 * The live posts, newest first, as the page at `pathname` may read them (shared/publishing/snapshot `publishedItems`):
 * null in a browser whose page did not carry them (reached by client navigation; the screen loads the page).
 */
export function livePosts(pathname: string): Post[] | null {
  const items = publishedItems(POSTS_COLLECTION, postDefaults, pathname);
  if (!items) return null;
  return Object.values(items).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

/** The live post at /blog/<slug>, undefined when none is live there, null when this page did not carry the posts. */
export function livePost(slug: string): Post | undefined | null {
  const posts = livePosts(`${BLOG_PREFIX}${slug}`);
  return posts && posts.find((p) => p.slug === slug.toLowerCase());
}

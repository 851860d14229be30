import { site } from 'shared/foundation/site';
import type { PatternRoute, RouteEntry } from 'shared/routes';
import { STAFF_BASE } from 'shared/staff-routes';
import { BLOG_PREFIX, livePost, livePosts } from './posts';

/** The shell's own pages (shell/src/pages/shell-screens.ts) and the panel's frame. */
export type ShellScreen =
  | 'HomePage'
  | 'AboutPage'
  | 'OdsPage'
  | 'EcoTourismPage'
  | 'BlogPage'
  | 'BlogPostPage'
  | 'ArticlePage'
  | 'DocumentsPage'
  | 'PrivacyPage'
  | 'TermsPage'
  | 'StaffArea';

/**
 * The shell's public routes (#27): data only, like a domain's manifest (lint keeps it so). The site's table
 * (site/routes.ts) composes them with the remotes'.
 */
export const shellRoutes: readonly RouteEntry<'shell', ShellScreen>[] = [
  {
    path: '/',
    owner: 'shell',
    screen: 'HomePage',
    // The foundation's published description (#28), read when a page is rendered.
    get description() {
      return site.defaultDescription;
    },
    canonical: '/',
  },
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
    path: '/Documents-esal',
    owner: 'shell',
    screen: 'DocumentsPage',
    title: 'Documentos ESAL',
    description: 'Documentos y transparencia de la fundación como entidad sin ánimo de lucro: RUT, resolución, informe de gestión.',
    canonical: '/Documents-esal',
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

/**
 * A post of the blog (#28), at /blog/<slug>: its title and summary head the page; a slug no live post has is a 404 (a
 * post scheduled for later included). In a browser reached by client navigation the page did not carry the post: the
 * entry then stands (titled "Blog") and the screen asks the server for the page.
 */
export const shellPatternRoutes: readonly PatternRoute<'shell', ShellScreen>[] = [
  {
    prefix: BLOG_PREFIX,
    owner: 'shell',
    screen: 'BlogPostPage',
    resolve: (slug) => {
      const post = livePost(slug);
      if (post === undefined) return undefined;
      return {
        title: post?.title ?? 'Blog',
        description: post?.summary ?? 'Artículos sobre tecnología, empleo y formación para el futuro.',
        canonical: `${BLOG_PREFIX}${slug}`,
        props: { slug },
      };
    },
    segments: () => (livePosts('/blog') ?? []).map((post) => post.slug),
  },
];

/**
 * The foundation's panel: one entry for every path under /equipo (the shell's staff area resolves the rest, see
 * site/staff-routes.ts). Not in the table, so it is in no sitemap and no menu.
 */
export const staffAreaRoute: RouteEntry<'shell', ShellScreen> = {
  path: STAFF_BASE,
  owner: 'shell',
  screen: 'StaffArea',
  title: 'Panel del equipo',
  description: 'Panel interno del equipo de la fundación.',
  canonical: null,
  noindex: true,
};

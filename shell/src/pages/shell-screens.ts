import { lazy, type ComponentType } from 'react';
import type { ShellScreen } from '../../manifest/routes';
import { HomePage } from './home';

/** The shell's own pages: the home page ships in the first bundle, the rest load on visit. */
export const shellScreens: Record<ShellScreen, ComponentType<Record<string, string>>> = {
  HomePage,
  AboutPage: lazy(() => import(/* webpackChunkName: "page-AboutPage" */ './about')),
  OdsPage: lazy(() => import(/* webpackChunkName: "page-OdsPage" */ './ods')),
  EcoTourismPage: lazy(() => import(/* webpackChunkName: "page-EcoTourismPage" */ './eco-tourism')),
  BlogPage: lazy(() => import(/* webpackChunkName: "page-BlogPage" */ './blog')),
  BlogPostPage: lazy(() => import(/* webpackChunkName: "page-BlogPostPage" */ './blog-post')),
  ArticlePage: lazy(() => import(/* webpackChunkName: "page-ArticlePage" */ './article')),
  DocumentsPage: lazy(() => import(/* webpackChunkName: "page-DocumentsPage" */ './documents')),
  PrivacyPage: lazy(() => import(/* webpackChunkName: "page-PrivacyPage" */ './privacy')),
  TermsPage: lazy(() => import(/* webpackChunkName: "page-TermsPage" */ './terms')),
  // The panel (/equipo): its own chunk, never part of a visitor's pages.
  StaffArea: lazy(() => import(/* webpackChunkName: "page-StaffArea" */ '../staff/staff-area')),
};

/**
 * Pages with nothing interactive: on a served page the browser adopts their markup as the server rendered it, without
 * loading their code (`Static`, shared/navigation). The home page keeps its carousel live and marks its own static
 * part; the blog's search and likes are live.
 */
export const staticScreens: ReadonlySet<ShellScreen> = new Set<ShellScreen>([
  'AboutPage',
  'OdsPage',
  'EcoTourismPage',
  'ArticlePage',
  'DocumentsPage',
  'PrivacyPage',
  'TermsPage',
  'BlogPostPage',
]);

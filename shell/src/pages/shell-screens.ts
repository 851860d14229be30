import { lazy, type ComponentType } from 'react';
import type { ShellScreen } from 'shared/routes';
import { HomePage } from './home';

/** The shell's own pages: the home page ships in the first bundle, the rest load on visit. */
export const shellScreens: Record<ShellScreen, ComponentType<Record<string, string>>> = {
  HomePage,
  AboutPage: lazy(() => import('./about')),
  OdsPage: lazy(() => import('./ods')),
  EcoTourismPage: lazy(() => import('./eco-tourism')),
  BlogPage: lazy(() => import('./blog')),
  ArticlePage: lazy(() => import('./article')),
  DocumentsPage: lazy(() => import('./documents')),
  PrivacyPage: lazy(() => import('./privacy')),
  TermsPage: lazy(() => import('./terms')),
  // The panel (/equipo): its own chunk, never part of a visitor's pages.
  StaffArea: lazy(() => import('../staff/staff-area')),
};

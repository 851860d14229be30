import type { CourseCatalogueService } from 'shared/server/services';
import { courseBySlug, courses, moduleNames } from './catalogue';

/**
 * The courses domain's catalogue as a service to the others (`courseCatalogueService` in shared/server/services): the
 * catalogue itself (./catalogue.ts) is the courses domain's, so another domain reads only what this offers. Offered by
 * the manifest (server.ts).
 */
export const courseCatalogue: CourseCatalogueService = {
  links: () => courses.map(({ slug, title, url }) => ({ slug, title, url })),
  moduleNames: (slug) => moduleNames(courseBySlug(slug)),
};

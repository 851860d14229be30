import type { CourseCatalogueService } from 'shared/server/services';
import { courseBySlug, currentCourses, moduleNames } from './catalogue';

/**
 * The courses domain's catalogue as a service to the others (`courseCatalogueService` in shared/server/services): the
 * catalogue itself (./catalogue.ts) is the courses domain's, so another domain reads only what this offers. Offered by
 * the manifest (server.ts). Each call reads the published catalogue (#28).
 */
export const courseCatalogue: CourseCatalogueService = {
  links: () => currentCourses().map(({ slug, title, url }) => ({ slug, title, url })),
  moduleNames: (slug) => moduleNames(courseBySlug(slug)),
};

import type { DomainManifest } from 'shared/server/domains';
import { payableRetention } from 'shared/server/payments/personal-data';
import { courseCatalogueService, courseCohortsService, courseEnrolmentsService, provide } from 'shared/server/services';
import { coursesConsentForms, enrolmentConsent } from './consent';
import { courseCatalogue } from './course-catalogue';
import { courseEnrolments } from './course-enrolments';
import { courseCohorts } from './course-pages';
import { coursesPersonalData } from './personal-data';
import { coursesAudit } from './audit';
import { catalogueDocument } from './catalogue-document';

/**
 * The courses domain's server manifest (#27): data only, no side effects on import, no Fastify plugin, no React. The
 * composition root (site/server.ts) imports it; nothing else does.
 */
export const coursesManifest: DomainManifest = {
  name: 'courses',
  personalData: coursesPersonalData,
  audit: coursesAudit,
  // The catalogue the Cursos team publishes from the panel (#28).
  documents: [catalogueDocument],
  retention: payableRetention('courses.enrolments', enrolmentConsent.form, 'unpaidEnrolmentsMonths'),
  consentForms: coursesConsentForms,
  services: [
    provide(courseEnrolmentsService, courseEnrolments),
    provide(courseCatalogueService, courseCatalogue),
    // Mis Cursos's course page (#31).
    provide(courseCohortsService, courseCohorts),
  ],
};

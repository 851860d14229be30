import { sql } from 'kysely';
import type { DomainManifest } from 'shared/server/domains';
import type { RetentionRule } from 'shared/server/personal-data/registry';
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
 * An enrolment the team entered (#31: a scholarship, a payment outside the site) has no provider's payment, yet it is a
 * real enrolment, not a form left unpaid: it is never deleted as one, and is kept as long as a paid one, then
 * anonymised as a paid one is.
 */
const manual = sql<boolean>`t.manual_kind is not null`;
const withManualEnrolments = (rules: RetentionRule[]): RetentionRule[] =>
  rules.map((rule) => {
    if (rule.table !== 'courses.enrolments') return rule;
    if (rule.treatment === 'delete') return { ...rule, expired: (c) => sql<boolean>`(${rule.expired(c)} and not ${manual})` };
    if (rule.treatment === 'anonymise-all')
      return {
        ...rule,
        expired: (c) => sql<boolean>`(${rule.expired(c)} or (${manual} and coalesce(t.date_approved, t.created_at) < ${c}))`,
      };
    return rule;
  });

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
  retention: withManualEnrolments(payableRetention('courses.enrolments', enrolmentConsent.form, 'unpaidEnrolmentsMonths')),
  consentForms: coursesConsentForms,
  services: [
    provide(courseEnrolmentsService, courseEnrolments),
    provide(courseCatalogueService, courseCatalogue),
    // Mis Cursos's course page (#31).
    provide(courseCohortsService, courseCohorts),
  ],
};

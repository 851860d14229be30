import { accountConsentForms } from 'remote-account/manifest/consent';
import { communityConsentForms } from 'remote-community/manifest/consent';
import { coursesConsentForms } from 'remote-courses/manifest/consent';
import { givingConsentForms } from 'remote-giving/manifest/consent';
import type { ConsentFormDeclaration } from 'shared/legal/privacy-policy';

/**
 * Every form of the site that stores personal data (#27), composed from each domain's `manifest/consent.ts`:
 * browser-safe data, in siteManifests' order. What needs all of them reads it here (the tests that every version gives
 * each form its own text, and that every form stores its proof); a domain's own code imports its own declarations.
 */
export const siteConsentForms: readonly ConsentFormDeclaration[] = [
  ...coursesConsentForms,
  ...givingConsentForms,
  ...communityConsentForms,
  ...accountConsentForms,
];

/**
 * The newsletter's authorization, for the shell's footer box: the shell subscribes through the community domain's API but
 * may not import its manifest, so it takes the declaration from the composition (lint lets it import this module).
 */
export { newsletterConsent } from 'remote-community/manifest/consent';

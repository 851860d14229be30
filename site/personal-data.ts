import type { SiteDb } from 'shared/server/database';
import {
  createPersonalDataEngine as createEngine,
  type PersonalDataEngine,
  type PersonalDataEngineOptions,
} from 'shared/server/personal-data/engine';
import { applyRetention as apply, type SitePersonalData } from 'shared/server/personal-data/retention';
import type { RetentionSettings } from 'shared/server/personal-data/retention-settings';
import { siteDomains } from './server';

/**
 * The personal-data engine and the retention job on the composed site's registry and rules: what the shared engine
 * (shared/server/personal-data/) does, given every domain's declarations. For scripts and tests; an API reads the same
 * from `ctx.domains.personalData`.
 */

export const sitePersonalData: SitePersonalData = siteDomains.personalData;
export const siteRegistry = sitePersonalData.registry;

export const createPersonalDataEngine = (
  options: Omit<PersonalDataEngineOptions, 'registry'> & Partial<Pick<PersonalDataEngineOptions, 'registry'>>,
): PersonalDataEngine => createEngine({ ...options, registry: options.registry ?? siteRegistry });

export const applyRetention = (
  db: SiteDb,
  options: { at: Date; settings?: RetentionSettings; personalData?: SitePersonalData },
): Promise<Record<string, number>> => apply(db, { ...options, personalData: options.personalData ?? sitePersonalData });

export { runRetention } from 'shared/server/personal-data/retention';

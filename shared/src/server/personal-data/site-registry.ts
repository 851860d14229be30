import { accountPersonalData } from './domains/account';
import { communityPersonalData } from './domains/community';
import { coursesPersonalData } from './domains/courses';
import { givingPersonalData } from './domains/giving';
import { sitePersonalData } from './domains/site';
import type { DomainRegistry, PlainTable, TableSpec, TeamTable } from './registry';

/** Every domain's declarations of personal data (registry.ts): the site's registry, as the engine uses it. */
export interface PersonalDataRegistry {
  tables: readonly TableSpec[];
  team: readonly TeamTable[];
  plain: readonly PlainTable[];
}

export function combineRegistries(domains: readonly DomainRegistry[]): PersonalDataRegistry {
  return {
    tables: domains.flatMap((d) => d.tables),
    team: domains.flatMap((d) => d.team ?? []),
    plain: domains.flatMap((d) => d.plain ?? []),
  };
}

export const siteRegistry: PersonalDataRegistry = combineRegistries([
  coursesPersonalData,
  givingPersonalData,
  communityPersonalData,
  accountPersonalData,
  sitePersonalData,
]);

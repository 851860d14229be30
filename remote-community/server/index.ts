import type { ApiModule } from 'shared/server/api-module';
import { createAcknowledger, readAcknowledgementLimit, type CommunityContext } from '../src/forms/server/acknowledge';
import { communityInboxRoutes } from '../src/inbox/server/inbox';
import { formRoutes } from '../src/forms/server/forms';
import { communityMigrations } from './migrations';
import { newsletterRoutes } from '../src/newsletter/server/newsletter';
import { pqrsfRoutes } from '../src/pqrsf/server/filing';
import { pqrsfStaffRoutes } from '../src/pqrsf/server/staff';
import { pqrsfToday } from '../src/pqrsf/server/today';
import { communityInboxToday } from '../src/inbox/server/today';
import { todayRoutes } from 'shared/server/today';

export interface CommunityApiOptions {
  /** Acknowledgements per address per Bogotá calendar day; unset reads ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY (default 3). */
  acknowledgementsPerAddressPerDay?: number;
  /** The clock of the acknowledgement counter and of the PQRSF terms (tests). */
  now?: () => Date;
}

/** Community API: newsletter, volunteers, allies, PQRSF filing and lookup, workshop inquiries, custom-software requests. */
export function createCommunityApi(options: CommunityApiOptions = {}): ApiModule {
  return {
    name: 'community',
    description: 'Boletín, voluntarios, aliados, PQRSF y consultas de talleres',
    migrations: communityMigrations,
    plugin: async (app, ctx) => {
      const acknowledge = createAcknowledger({
        db: ctx.db,
        mailer: ctx.mailer,
        publicOrigin: ctx.settings.publicOrigin,
        // Read here, not in shared settings: only this API sends acknowledgements (see README).
        perAddressPerDay: options.acknowledgementsPerAddressPerDay ?? readAcknowledgementLimit(process.env),
        now: options.now,
      });
      const community: CommunityContext = { ...ctx, acknowledge };
      await app.register(newsletterRoutes, community);
      await app.register(formRoutes, community);
      await app.register(pqrsfRoutes, { ...community, now: options.now });
      // Staff: the community inbox (#13).
      await app.register(communityInboxRoutes, { ...community, now: options.now });
      // Staff: PQRSF case management and its daily digest (#13).
      await app.register(pqrsfStaffRoutes, { ...community, now: options.now });
      // Staff: its part of the panel's "Hoy" (#28).
      await app.register(todayRoutes('community', [pqrsfToday, communityInboxToday], options.now), ctx);
    },
  };
}

export const communityApi: ApiModule = createCommunityApi();

export default communityApi;

// What callers outside the remote use of its features, by the package's one server entry (`remote-community/server`):
// the newsletter's mails (the gateway's mail-secrets test) and the forms' fixed texts (the browser tests).
export { confirmationMail, newsletterMail, newToken } from '../src/newsletter/server/mail';
export { communityTexts, softwareRequestTexts } from '../src/forms/schemas';
export { pqrsfLookupTexts } from '../src/pqrsf/schemas';

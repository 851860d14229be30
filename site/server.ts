import { accountManifest } from 'remote-account/manifest/server';
import { communityManifest } from 'remote-community/manifest/server';
import { coursesManifest } from 'remote-courses/manifest/server';
import { givingManifest } from 'remote-giving/manifest/server';
import { composeDomains, type DomainManifest } from 'shared/server/domains';
import { siteManifest } from 'shell/manifest/server';

/**
 * The site's composition root (#27): the one place that knows which domains make the site. It imports only the
 * domains' manifests (lint keeps it so), and the gateway (shell/server), each remote's own service (`server/server.ts`)
 * and the sandbox pass `siteDomains` to every API as `ctx.domains`. A new domain is one line here.
 */
export const siteManifests: readonly DomainManifest[] = [coursesManifest, givingManifest, communityManifest, accountManifest, siteManifest];

export const siteDomains = composeDomains(siteManifests);

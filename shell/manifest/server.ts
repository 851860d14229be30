import type { DomainManifest } from 'shared/server/domains';
import { publishingAudit } from 'shared/server/publishing/routes';
import { aboutDocument } from './about';
import { foundationDocument } from './documents';
import { postsCollection } from './posts-schema';

/**
 * The shell's server side as a domain, `site` (#28): what the whole site shows and no remote owns — the foundation's
 * data, and later its pages and posts — edited in the panel and served by the gateway at `/api/site/`. Data only, like
 * a remote's manifest; the composition root (site/server.ts) imports it.
 */
export const siteManifest: DomainManifest = {
  name: 'site',
  // Its one table is the kit's (publishing.revisions, declared with the shared tables): no personal data of its own.
  personalData: { tables: [] },
  documents: [foundationDocument, aboutDocument, postsCollection],
  audit: {
    kinds: { ...publishingAudit('site').kinds, 'site.files': 'Archivos publicados' },
    actions: {
      ...publishingAudit('site').actions,
      'site.files.upload': 'Subió un archivo para publicarlo',
      'site.files.remove': 'Retiró un archivo publicado',
    },
    entities: { ...publishingAudit('site').entities, published_file: 'Archivo publicado' },
  },
};

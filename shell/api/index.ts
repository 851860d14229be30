import type { ApiModule } from 'shared/server/api-module';
import { documentRoutes } from 'shared/server/publishing/routes';
import { aboutDocument } from '../manifest/about';
import { foundationDocument } from '../manifest/documents';
import { publishedFileRoutes } from './files';
import { postRoutes } from './posts';

/**
 * The site's own API (#28), served by the gateway in every topology at `/api/site/`: what the whole site shows and no
 * remote owns, edited by the staff — the foundation's data now. Its rows live in the publishing kit's table.
 */
export const siteApi: ApiModule = {
  name: 'site',
  description: 'Datos y contenidos de la fundación, editados por el equipo',
  migrations: { schema: 'site', migrations: {} },
  plugin: async (app, ctx) => {
    await app.register(documentRoutes(foundationDocument), ctx);
    await app.register(documentRoutes(aboutDocument), ctx);
    // The blog's posts, each published on its own (a collection of the kit).
    await app.register(postRoutes, ctx);
    // Files the staff publish (an ESAL document's PDF, an image), served at /archivos/ by the gateway.
    await app.register(publishedFileRoutes, ctx);
  },
};

import { foundationDefaults } from 'shared/config/site';
import { FOUNDATION_DOCUMENT, foundationDataSchema } from 'shared/foundation/schema';
import { defineDocument, documentOperations } from 'shared/publishing/document';

/**
 * The foundation's data as a published document (#28): the shell's, since every page shows it and no remote owns it.
 * Administración edits it on /equipo/fundacion: it names the foundation before the tax authority (NIT, signers), so the
 * role that answers for the team answers for it too.
 */
export const foundationDocument = defineDocument({
  name: FOUNDATION_DOCUMENT,
  label: 'Datos de la fundación',
  schema: foundationDataSchema,
  defaults: foundationDefaults,
  roles: ['admin'],
  path: '/api/site/staff/publicacion/fundacion',
  // The header, the footer and the chat buttons of every page read it.
  browser: true,
  // Only the server prints the certificates' signers (names with their identification): no page carries them.
  browserView: (data) => ({ ...data, certificates: { ...data.certificates, legalRepresentative: null, fiscalReviewer: null } }),
});

export const foundationOperations = documentOperations(foundationDocument);

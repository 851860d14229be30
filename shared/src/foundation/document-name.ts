/**
 * The published document the foundation's data is (#28). A module of its own, without zod, so that what only reads the
 * data (`site`, the route table, every page) never loads or builds its schema at start-up (#33); the schema is in
 * ./schema, loaded by what checks the data (the panel, the API, the server's publishing kit).
 */
export const FOUNDATION_DOCUMENT = 'site.foundation';

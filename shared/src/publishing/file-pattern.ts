/**
 * What a published file's address looks like: `/archivos/<uuid>.<ext>`. Apart from the file operations (whose schemas
 * every page would otherwise build when it starts: the foundation's data names files by it, #33).
 */
export const PUBLIC_FILE_PATTERN = /^\/archivos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(pdf|png|jpg|webp|gif)$/;

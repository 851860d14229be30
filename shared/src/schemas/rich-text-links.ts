/**
 * The links and images rich text may hold, one rule for the editor (its link and image dialogs) and the server's
 * sanitiser (shared/server/rich-text). No imports: the editor's lazy chunk carries these few lines and nothing else.
 */

/**
 * The href a link may keep, or null: https, mailto and tel, or a path of this site (one `/`, not `//` or `/\`, which
 * browsers read as another host). Schemes are read after removing what browsers ignore there (controls, whitespace), so
 * "java\tscript:" or " JavaScript:" are no links either. Used by the editor's link dialog and by the server, which
 * stores the returned form (an https URL as the URL parser writes it).
 */
export function cleanHref(href: string): string | null {
  // What the URL parser itself removes: leading and trailing controls and spaces, tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex -- those characters are exactly what this removes
  const value = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (value.startsWith('/')) return /^\/[/\\]/.test(value) ? null : value;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return value.length > scheme.length + 1 ? value : null;
  if (scheme !== 'https') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether a link may point there (`cleanHref`). */
export const isAllowedHref = (href: string) => cleanHref(href) !== null;

/**
 * An href as a staff member typed it, made whole: "www.fundacion.org" or "fundacion.org/x" becomes https://…. Anything
 * with a scheme is left as typed (and `isAllowedHref` judges it).
 */
export function completeHref(typed: string): string {
  const value = typed.trim();
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(?=[/?#]|$)/i.test(value)) return `https://${value}`;
  return value;
}

/**
 * A file of the site's own object store, the only images a post may show: `/archivos/…`, path characters only (no
 * `..` segment, no `//`, no query that could reach another handler). External and data: images are refused.
 */
export function isSiteFilePath(src: string): boolean {
  return /^\/archivos\/[A-Za-z0-9._~%-]+(\/[A-Za-z0-9._~%-]+)*$/.test(src) && !/(^|\/)\.\.?(\/|$)/.test(src) && !/%2f|%5c|%2e/i.test(src);
}

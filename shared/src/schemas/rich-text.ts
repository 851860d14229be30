import { z } from './zod';

/**
 * Rich text (posts, page texts) as both halves see it. The server sanitises what staff send before it stores it
 * (shared/server/rich-text: `storedRichText`); the browser only ever renders stored text through `RichText`
 * (shared/ui/rich-text), which takes this brand and no plain string. Nothing here imports the sanitiser, so forms and
 * screens can use it without carrying it in their bundle.
 */

declare const sanitized: unique symbol;

/**
 * HTML that went through the server's allowlist (shared/server/rich-text `sanitizeRichText`). Only that function makes
 * one; an API answer that carries stored rich text declares its field with this type, which is the server's promise
 * that the value was sanitised when it was written.
 */
export type SanitizedHtml = string & { readonly [sanitized]: true };

/** Longest rich-text value accepted, in characters of HTML (a long post is ~60 000; this leaves room for markup). */
export const RICH_TEXT_MAX = 200_000;

export const richTextTexts = {
  tooLong: `El texto es demasiado largo (máximo ${RICH_TEXT_MAX.toLocaleString('es-CO')} caracteres con su formato).`,
  notText: 'El texto no es válido.',
  link: 'Escribe una dirección que empiece por https://, mailto: o tel:, o una página del sitio que empiece por /.',
} as const;

/**
 * The rich-text field as a form and an API request carry it: HTML (the editor's `getHTML()`, '' when empty), at most
 * `RICH_TEXT_MAX` characters. The server's schema (`storedRichText`) adds the sanitising transform to this one.
 */
export const richTextInput = z.string({ error: richTextTexts.notText }).check(z.maxLength(RICH_TEXT_MAX, { error: richTextTexts.tooLong }));

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

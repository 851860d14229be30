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
/**
 * `RICH_TEXT_MAX` as Colombian Spanish writes it. Spelled out: the module loads with every page (the blog's posts are
 * part of the route table), and a first `toLocaleString('es-CO')` sets up the number formatting of the locale,
 * ~20 ms on a fast machine (#33). A unit test keeps it equal to the formatted number.
 */
export const RICH_TEXT_MAX_WRITTEN = '200.000';

export const richTextTexts = {
  tooLong: `El texto es demasiado largo (máximo ${RICH_TEXT_MAX_WRITTEN} caracteres con su formato).`,
  notText: 'El texto no es válido.',
  link: 'Escribe una dirección que empiece por https://, mailto: o tel:, o una página del sitio que empiece por /.',
} as const;

/**
 * The rich-text field as a form and an API request carry it: HTML (the editor's `getHTML()`, '' when empty), at most
 * `RICH_TEXT_MAX` characters. The server's schema (`storedRichText`) adds the sanitising transform to this one.
 */
export const richTextInput = z.string({ error: richTextTexts.notText }).check(z.maxLength(RICH_TEXT_MAX, { error: richTextTexts.tooLong }));

// The link and image rules live apart, without zod, for the editor's lazy chunk.
export { cleanHref, completeHref, isAllowedHref, isSiteFilePath } from './rich-text-links';

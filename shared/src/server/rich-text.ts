import sanitizeHtml, { type IOptions, type Transformer } from 'sanitize-html';
import { cleanHref, isSiteFilePath, richTextInput, type SanitizedHtml } from '../schemas/rich-text';
import { z } from '../schemas/zod';

/**
 * The server half of rich text (posts, page texts): the allowlist every stored value goes through when it is written,
 * and the plain text of a stored value (excerpts, meta descriptions, reading time). See shared/schemas/rich-text for
 * the brand and the browser half.
 */

/**
 * What a refused link or image becomes in the first pass: an element the first pass keeps and the second removes (its
 * text stays). Not a tag outside the allowlist directly: sanitize-html 2.18.1, discarding an element a transform renamed,
 * leaves the renaming in place for the next element's closing tag (`<p><a>x</a><strong>b</strong></p>` came out as
 * `<p>x<strong>b</x-dropped></p>`, an unclosed <strong> the public page then applied to the rest of the page).
 */
const DROP = 'span';

/** Links keep a checked href; they never pass the page's referrer or `window.opener`, and open here or in a new tab. */
const link: Transformer = (_tag, attribs) => {
  const href = attribs.href === undefined ? null : cleanHref(attribs.href);
  // A link without a usable href is its text alone.
  if (href === null) return { tagName: DROP, attribs: {} };
  return {
    tagName: 'a',
    attribs: { href, rel: 'noopener noreferrer', ...(attribs.target === '_blank' ? { target: '_blank' } : {}) },
  };
};

const dimension = (value: string | undefined) => (value !== undefined && /^\d{1,5}$/.test(value.trim()) ? { value: value.trim() } : null);

/**
 * Images come from the site's own object store only (`/archivos/…`: no tracking pixel, no hot-linked or data: file),
 * and say what they show: one without a text alternative is dropped, as the editor never makes one.
 */
const image: Transformer = (_tag, attribs) => {
  const src = attribs.src?.trim() ?? '';
  const alt = attribs.alt?.replace(/\s+/g, ' ').trim() ?? '';
  if (!isSiteFilePath(src) || alt === '') return { tagName: DROP, attribs: {} };
  const width = dimension(attribs.width);
  const height = dimension(attribs.height);
  return {
    tagName: 'img',
    attribs: { src, alt, ...(width ? { width: width.value } : {}), ...(height ? { height: height.value } : {}) },
  };
};

/** What a blog post is made of: text blocks, lists, quotes, code, figures; no style, class, id, event or embed. */
export const richTextTags = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
  'hr',
  'code',
  'pre',
  'figure',
  'figcaption',
  'img',
] as const;

const options: IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  // A second check behind the transforms above, with sanitize-html's own URL reading.
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  // Elements outside the list go, their text stays (a pasted <span> or <div>); these go with their content too.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'select',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  // Markup nested deeper than any post needs is flattened (its text kept): no parser or renderer stack to exhaust.
  nestingLimit: 40,
  // An empty paragraph (the one the editor keeps after a final heading or image, a blank line typed for spacing) says
  // nothing: spacing is the stylesheet's.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && frame.mediaChildren.length === 0,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    a: link,
    img: image,
    // What a paste from a word processor or another site brings, in the post's own terms: the page's title is the h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
  },
};

/** The first pass: the allowlist and the transforms, with `span` standing for what a transform refused. */
const firstPass: IOptions = {
  ...options,
  allowedTags: [...richTextTags, DROP],
  allowedAttributes: { ...options.allowedAttributes, [DROP]: [] },
};

/**
 * The stored form of staff-written HTML: only the allowlist above survives, balanced. Two passes: the first checks and
 * transforms, the second takes out what the first refused through the parser's ordinary path (see DROP); sanitising
 * the result again changes nothing.
 */
export function sanitizeRichText(html: string): SanitizedHtml {
  return sanitizeHtml(sanitizeHtml(html, firstPass), options).trim() as SanitizedHtml;
}

/**
 * The rich-text field of a request as the server stores it: at most `RICH_TEXT_MAX` characters as sent, sanitised.
 * A domain's server schema puts it where its shared schema has `richTextInput`.
 */
export const storedRichText = z.pipe(richTextInput, z.transform(sanitizeRichText));

/** Where a block ends in sanitised HTML (our own serialisation: lower-case tags, `<br />`). */
const blockEnd = /<br\s*\/?>|<hr\s*\/?>|<\/(p|h2|h3|h4|li|blockquote|pre|figcaption|figure|ul|ol)>/g;

/**
 * The text of a stored post, a line per block (paragraph, heading, list item…) with spaces collapsed: what an excerpt,
 * a meta description or a word count reads. Images count as nothing (their alt text describes, it is not prose).
 */
export function richTextPlain(html: SanitizedHtml): string {
  const marked = html.replace(blockEnd, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, parser: { decodeEntities: true } })
    // sanitize-html escapes exactly these in text; &amp; last, so "&amp;lt;" stays "&lt;".
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Words of a text: runs of letters or digits (with inner apostrophes or hyphens: "O'Neill", "socio-emocional"). */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu)?.length ?? 0;
}

/** Minutes a reader needs, at ~200 words a minute (a calm pace for Spanish prose); at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}

/**
 * The start of a text for a card or a meta description: whole words, at most `max` characters with the ellipsis,
 * on one line.
 */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.—-]+$/, '')}…`;
}

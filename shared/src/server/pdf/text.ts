import type { PDFFont } from 'pdf-lib';

/** What a character no font of the site has (emoji, CJK, Arabic…) prints as: visible, so nobody reads a shorter name. */
export const MISSING_GLYPH = '?';

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });
const glyphSets = new WeakMap<PDFFont, ReadonlySet<number>>();

function glyphsOf(font: PDFFont): ReadonlySet<number> {
  let glyphs = glyphSets.get(font);
  if (!glyphs) {
    glyphs = new Set(font.getCharacterSet());
    glyphSets.set(font, glyphs);
  }
  return glyphs;
}

/** Controls and line or paragraph separators: pdf-lib would start a new line at some and draw a box for the rest. */
const lineBreaking = /^[\p{Cc}\p{Zl}\p{Zp}]+$/u;
/** Zero-width and bidi format characters: a PDF has no shaping or bidi engine to honour them. */
const formatChars = /\p{Cf}/gu;

/**
 * `text` as `font` can draw it, on one line: composed to NFC (a decomposed "é" uses the font's "é"), controls and
 * separators become spaces, format characters go, and each user-perceived character the font lacks becomes one '?'
 * (a family emoji is one '?', not five). Use it on every text a visitor typed before drawing or measuring it.
 */
export function printable(text: string, font: PDFFont): string {
  const glyphs = glyphsOf(font);
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (lineBreaking.test(segment)) {
      out += ' ';
      continue;
    }
    const visible = segment.replace(formatChars, '');
    if (!visible) continue;
    const drawable = [...visible].every((char) => glyphs.has(char.codePointAt(0)!));
    // Spaces the font lacks (em space, thin space…) are still spaces.
    out += drawable ? visible : /^\p{Zs}+$/u.test(visible) ? ' ' : MISSING_GLYPH;
  }
  return out;
}

/**
 * Lines of `text` (from `printable`) no wider than `maxWidth` at `size`: pdf-lib does not wrap. Breaks between
 * words, and inside a word only when the word alone is wider than a line (a 120-letter surname must not run off the
 * page).
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const { segment } of graphemes.segment(word)) {
      if (line && !fits(line + segment)) {
        lines.push(line);
        line = segment;
      } else line += segment;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The staff lists' search (the community inbox's `inbox_search`, the enrolment and donation ledgers' `ledger_search`):
 * those generated columns hold the searched fields lower-cased and with these accented letters replaced (SQL
 * `translate(lower(…), ACCENTED, PLAIN)`), so a typed term gets the same treatment here and is matched with
 * LIKE '%term%'. The two strings must stay equal to the migrations' copies; community-inbox.test.ts compares them with
 * what the database does.
 */
export const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

const plainOf = new Map([...ACCENTED].map((ch, i) => [ch, PLAIN[i]!]));

/** Lower case without the accents the column drops: "Núñez" → "nunez". */
export function searchKey(text: string): string {
  return [...text.toLowerCase()].map((ch) => plainOf.get(ch) ?? ch).join('');
}

/** At most this many words count; more would only narrow an already narrow search. */
const MAX_WORDS = 6;

/**
 * LIKE patterns, one per typed word, that must all match (so "ana gomez" finds "Ana María Gómez"). A word made of
 * digits with dots or dashes is a document number: it is matched without them ("1.012.345" finds "1012345"), as the
 * column also holds the document without separators. LIKE's own wildcards typed by the user match only themselves.
 */
export function searchPatterns(q: string | undefined): string[] {
  if (!q) return [];
  return searchKey(q)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => (/^[\d.-]*\d[\d.-]*$/.test(word) ? word.replace(/[.-]/g, '') : word))
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
}

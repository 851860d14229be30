import { beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { embedSiteFonts } from './fonts';
import { MISSING_GLYPH, printable, wrapText } from './text';

/** Every precomposed letter of the Vietnamese alphabet, both cases. */
const vietnamese =
  'ĂăÂâĐđÊêÔôƠơƯư' +
  'ÀàẢảÃãÁáẠạẰằẲẳẴẵẮắẶặẦầẨẩẪẫẤấẬậÈèẺẻẼẽÉéẸẹỀềỂểỄễẾếỆệÌìỈỉĨĩÍíỊị' +
  'ÒòỎỏÕõÓóỌọỒồỔổỖỗỐốỘộỜờỞởỠỡỚớỢợÙùỦủŨũÚúỤụỪừỬửỮữỨứỰựỲỳỶỷỸỹÝýỴỵ';

/** Latin Extended-A (Polish, Czech, Turkish, Romanian, Hungarian…) but for ĳ and the long s, which Nunito lacks. */
const latinExtendedA = Array.from({ length: 0x180 - 0x100 }, (_, i) => String.fromCodePoint(0x100 + i))
  .filter((c) => c !== 'ĳ' && c !== 'ſ')
  .join('');

describe('PDF text in the site typeface', () => {
  let font: PDFFont;
  beforeAll(async () => {
    ({ regular: font } = await embedSiteFonts(await PDFDocument.create()));
  });

  it('embeds fonts that draw Spanish, Vietnamese and Latin Extended-A as typed', () => {
    for (const text of ['ÁÉÍÓÚáéíóúÑñÜü¿¡«»—·', vietnamese, latinExtendedA, 'Nguyễn Łukasz', 'Łódź Żółć']) {
      expect(printable(text, font)).toBe(text);
    }
  });

  it('composes decomposed accents (NFD from some keyboards) to the letters the font has', () => {
    expect(printable('Nguye\u0302\u0303n Jose\u0301', font)).toBe('Nguyễn José');
  });

  it('prints one "?" for each character no font has: emoji, sequences and flags, other scripts, lone surrogates', () => {
    expect(printable('Ana 😀 👨‍👩‍👧 🇨🇴 ❤️ 王小明 عمر \uD83D!', font)).toBe('Ana ? ? ? ? ??? ??? ?!');
    expect(MISSING_GLYPH).toBe('?');
  });

  it('turns controls and separators into spaces and drops invisible format characters', () => {
    // U+0000 and U+000D have glyphs in Nunito, so a glyph check alone would let them through to drawText.
    expect(printable('a\u0000b\tc\r\nd\u2028e\u0007f', font)).toBe('a b c d e f');
    expect(printable('Ma\u200Bría\u00AD \u202Eabc\u202C', font)).toBe('María abc');
    expect(printable('a\u2003b', font)).toBe('a b');
  });

  it('answers only characters the font has a glyph for, whatever it is given', () => {
    const glyphs = new Set(font.getCharacterSet());
    const hostile = `${vietnamese}😀\u0000\u0301\uDC00\uFEFF\u{E0001}𝔘𝔫𝔦\u0085ſĳ\u00A0王${latinExtendedA}`;
    for (const char of printable(hostile, font)) expect(glyphs.has(char.codePointAt(0)!)).toBe(true);
  });

  it('wraps between words, and inside a word only when the word alone is wider than the line', () => {
    const maxWidth = 200;
    const text = `Nguyễn Łukasz ${'Ż'.repeat(60)} Đặng`;
    const lines = wrapText(text, font, 12, maxWidth);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(maxWidth);
    expect(lines[0]).toBe('Nguyễn Łukasz');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join(' ').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
  });
});

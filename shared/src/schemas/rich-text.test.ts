import { describe, expect, it } from '@jest/globals';
import { RICH_TEXT_MAX, RICH_TEXT_MAX_WRITTEN, richTextInput, richTextTexts } from './rich-text';

describe('the rich-text limit as the message writes it', () => {
  it('is the limit formatted for Colombian Spanish (spelled out so that no page load formats it)', () => {
    expect(RICH_TEXT_MAX_WRITTEN).toBe(RICH_TEXT_MAX.toLocaleString('es-CO'));
    expect(richTextTexts.tooLong).toContain(`(máximo ${RICH_TEXT_MAX_WRITTEN} caracteres`);
    const result = richTextInput.safeParse('a'.repeat(RICH_TEXT_MAX + 1));
    expect(result.success ? null : result.error.issues[0]?.message).toBe(richTextTexts.tooLong);
  });
});

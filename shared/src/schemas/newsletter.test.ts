import { describe, expect, it } from '@jest/globals';
import { newsletterSchema, newsletterTexts } from './newsletter';

const firstMessage = (input: unknown) => {
  const r = newsletterSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('newsletter schema', () => {
  it('requires an e-mail', () => {
    expect(firstMessage({ email: '' })).toBe(newsletterTexts.required);
    expect(firstMessage({ email: '   ' })).toBe(newsletterTexts.required);
    expect(firstMessage({})).toBe(newsletterTexts.required);
    expect(firstMessage({ email: 42 })).toBe(newsletterTexts.required);
  });
  it('rejects addresses without the basic x@y.z shape', () => {
    for (const bad of ['ana', 'ana@', 'ana@example', '@example.com', 'a b@c.co'])
      expect(firstMessage({ email: bad })).toBe(newsletterTexts.invalid);
    expect(firstMessage({ email: `${'a'.repeat(5000)}@example.com` })).toBe(newsletterTexts.invalid);
  });
  it('trims and lowercases what it accepts', () => {
    expect(newsletterSchema.parse({ email: '  Ana.Perez@Example.COM ' })).toEqual({ email: 'ana.perez@example.com' });
  });
});

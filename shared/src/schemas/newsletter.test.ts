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
  it('refuses what a mailer would read as a display name or a list of recipients (#11 row 6)', () => {
    for (const bad of [
      'banco_xyz<victima@x.co>',
      'a,victima@x.co',
      '"x"@y.co',
      'victima@x.co (visita https://x.co)',
      'a;b@x.co',
      'a@x.co,b@y.co',
    ])
      expect([bad, firstMessage({ email: bad })]).toEqual([bad, newsletterTexts.invalid]);
    for (const good of ['ana+boletin@example.com.co', "o'brien@example.com", 'a_b-c.d@sub.example-uno.org'])
      expect([good, firstMessage({ email: good, data_authorization: true })]).toEqual([good, null]);
  });
  it('trims and lowercases what it accepts', () => {
    expect(newsletterSchema.parse({ email: '  Ana.Perez@Example.COM ', data_authorization: true })).toEqual({
      email: 'ana.perez@example.com',
      data_authorization: true,
    });
  });
});

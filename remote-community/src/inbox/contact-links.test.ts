import { describe, expect, it } from '@jest/globals';
import { contactLinkTexts, mailtoOf, phoneLinks } from './contact-links';

describe('ways to reach a person from a record', () => {
  it.each([
    ['3001234567', 'tel:+573001234567', 'https://wa.me/573001234567', null],
    ['300 123 4567', 'tel:+573001234567', 'https://wa.me/573001234567', null],
    ['+57 300-123-4567', 'tel:+573001234567', 'https://wa.me/573001234567', null],
    ['573001234567', 'tel:+573001234567', 'https://wa.me/573001234567', null],
    ['0057 3001234567', 'tel:+573001234567', 'https://wa.me/573001234567', null],
    ['(601) 555 1234', 'tel:+576015551234', null, contactLinkTexts.landline],
    ['+34 612 345 678', 'tel:+34612345678', 'https://wa.me/34612345678', contactLinkTexts.foreign],
    ['+1 (305) 555-0100', 'tel:+13055550100', 'https://wa.me/13055550100', contactLinkTexts.foreign],
    ['612345678', 'tel:612345678', null, contactLinkTexts.unknown],
    ['12 34', null, null, contactLinkTexts.tooShort],
  ])('%s: call %s, WhatsApp %s', (typed, tel, whatsapp, note) => {
    expect(phoneLinks(typed)).toEqual({ tel, whatsapp, note });
  });

  it('writes only to an address a mail program reads as one mailbox', () => {
    expect(mailtoOf('ana@example.com')).toBe('mailto:ana@example.com');
    expect(mailtoOf('Ana <ana@example.com>')).toBeNull();
    expect(mailtoOf('a@b.co?bcc=x@mal.co')).toBeNull();
  });
});

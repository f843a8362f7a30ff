import { describe, expect, it } from 'vitest';
import { telHref, whatsappUrl } from './site.ts';

describe('contact links', () => {
  it.each([
    ['0788 123 456', '250788123456'],
    ['+250 788 123 456', '250788123456'],
    ['788123456', '250788123456'],
    ['250722000111', '250722000111'],
  ])('writes %s to WhatsApp as %s', (phone, digits) => {
    expect(whatsappUrl('Hello', phone)).toBe(`https://wa.me/${digits}?text=Hello`);
  });

  it('opens the company’s WhatsApp with the text encoded when no number is given', () => {
    expect(whatsappUrl('Is "Villa 3" free?')).toBe(
      'https://wa.me/250788300500?text=Is%20%22Villa%203%22%20free%3F',
    );
  });

  it('keeps digits and a leading plus in tel: links', () => {
    expect(telHref('+250 788-123-456')).toBe('tel:+250788123456');
  });
});

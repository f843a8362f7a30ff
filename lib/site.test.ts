import { describe, expect, it } from 'vitest';
import { internationalPhone, telHref, whatsappUrl } from './site.ts';

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

  it.each([
    ['0722118934', '+250722118934'],
    ['0788 123 456', '+250788123456'],
    ['788123456', '+250788123456'],
    ['250788123456', '+250788123456'],
    ['+250 (0)788 123 456', '+250788123456'],
    ['00250 788 123 456', '+250788123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
  ])('writes %s in international form as %s', (phone, international) => {
    expect(internationalPhone(phone)).toBe(international);
  });

  it('dials a number written the Rwandan way with its country code', () => {
    expect(telHref('0722118934')).toBe('tel:+250722118934');
    expect(telHref(' 0788 300 500 ')).toBe('tel:+250788300500');
  });
});

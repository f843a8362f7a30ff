/**
 * The specification's English texts stay as it gives them, quirks and all (the 404's
 * "Oooops!", the footer's "Terms & condition"); Kinyarwanda and French say the same thing as
 * their readers write it, without copying those quirks.
 */
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from './all.ts';

const { en, fr, rw } = ALL_MESSAGES;

const QUIRKY_KEYS = ['notFound.heading', 'notFound.back', 'footer.terms'] as const;

describe("the specification's quirky English texts", () => {
  it('stay verbatim in English', () => {
    expect(en['notFound.heading']).toBe('Oooops! Requested Page Not Found!');
    expect(en['notFound.back']).toBe('Back | Home');
    expect(en['footer.terms']).toBe('Terms & condition');
  });

  it.each([
    ['rw', rw],
    ['fr', fr],
  ] as const)('read as natural %s, not as copies of the English', (_locale, catalogue) => {
    for (const key of QUIRKY_KEYS) {
      const text = catalogue[key];
      expect(text, key).not.toBe(en[key]);
      // No "Oooops", no "Back | Home" bar, no doubled exclamation, no English words.
      expect(text, key).not.toMatch(/o{3}|\||!.*!|&|\b(?:page not found|condition)\b/i);
    }
  });

  it('are written with French typography', () => {
    expect(fr['notFound.heading']).toBe('Oups\u202f! La page demandée est introuvable.');
    expect(fr['notFound.back']).toBe('Retour à l’accueil');
    expect(fr['footer.terms']).toBe('Conditions générales');
  });

  it('are written as Kinyarwanda writes them', () => {
    expect(rw['notFound.heading']).toBe('Ihangane, paji washakaga ntiyabonetse.');
    expect(rw['notFound.back']).toBe('Subira ahabanza');
    expect(rw['footer.terms']).toBe("Amategeko n'amabwiriza");
  });
});

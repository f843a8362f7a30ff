import { describe, expect, it } from 'vitest';
import { withLocale } from './i18n.server.ts';
import { landingTitle } from './landing.ts';

describe('the title of a landing page', () => {
  it.each([
    ['en', { district: 'Kicukiro' }, 'Houses for rent in Kicukiro'],
    ['en', { district: 'Kicukiro', sector: 'Gikondo' }, 'Houses for rent in Gikondo, Kicukiro'],
    ['en', {}, 'Houses for rent in Rwanda'],
    ['rw', { district: 'Kicukiro' }, 'Inzu zikodeshwa i Kicukiro'],
    ['rw', { district: 'Kicukiro', sector: 'Gikondo' }, 'Inzu zikodeshwa i Gikondo, Kicukiro'],
    // A town takes "i", the country "mu": "i Rwanda" is not Kinyarwanda.
    ['rw', {}, 'Inzu zikodeshwa mu Rwanda'],
    ['fr', { district: 'Kicukiro' }, 'Maisons à louer à Kicukiro'],
    ['fr', { district: 'Kicukiro', sector: 'Gikondo' }, 'Maisons à louer à Gikondo, Kicukiro'],
    // French says "à" for a town, "au" for the country: "à Rwanda" is not French.
    ['fr', {}, 'Maisons à louer au Rwanda'],
  ] as const)('in %s, for %j, reads %j', (locale, place, title) => {
    expect(withLocale(locale, () => landingTitle({ type: 'House', offer: 'Rent', ...place }))).toBe(
      title,
    );
  });
});

/**
 * A counted text must read the same on the server and in the browser that hydrates the page
 * (React error #418 otherwise). Intl.PluralRules answers differently in each: Node has no
 * Kinyarwanda data and falls back to English, Chromium resolves 'rw' to a rule with no 'one',
 * and newer ICU gives French a 'many'. These tests run with Intl.PluralRules replaced by such a
 * browser's, and expect the plural choice not to notice.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withLocale } from './i18n.server.ts';
import { pluralOf, tCount } from './i18n.ts';
import { ALL_MESSAGES } from './messages/all.ts';

const { fr, rw } = ALL_MESSAGES;

/** Intl.PluralRules as a browser without plural data for a language answers: always 'other'. */
class PluralRulesWithoutData {
  select(count: number): Intl.LDMLPluralRule {
    return count >= 1_000_000 && count % 1_000_000 === 0 ? 'many' : 'other';
  }
  resolvedOptions() {
    return { locale: 'rw' } as Intl.ResolvedPluralRulesOptions;
  }
}

beforeAll(() => {
  vi.stubGlobal('Intl', { ...Intl, PluralRules: PluralRulesWithoutData });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the plural form of a count', () => {
  it.each([
    ['rw', 0, 'other'],
    ['rw', 1, 'one'],
    ['rw', 2, 'other'],
    ['rw', 1000, 'other'],
    ['en', 0, 'other'],
    ['en', 1, 'one'],
    ['en', 2, 'other'],
    ['en', 1.5, 'other'],
    ['fr', 0, 'one'],
    ['fr', 1, 'one'],
    ['fr', 1.5, 'one'],
    ['fr', 2, 'other'],
    ['fr', 1_000_000, 'other'],
  ] as const)('in %s, %d takes the %s form', (locale, count, form) => {
    expect(pluralOf(locale, count)).toBe(form);
  });

  it('reads "icyumba 1" and "ibyumba 2" in Kinyarwanda, whatever the browser’s plural data', () => {
    expect(withLocale('rw', () => tCount('listing.beds', 1))).toBe(
      rw['listing.beds.one'].replace('{count}', '1'),
    );
    expect(withLocale('rw', () => tCount('listing.beds', 1))).toMatch(/^icyumba\b/);
    expect(withLocale('rw', () => tCount('listing.beds', 2))).toBe(
      rw['listing.beds.other'].replace('{count}', '2'),
    );
  });

  it('reads a million in French with the catalogue’s plural, not a missing "many" form', () => {
    expect(withLocale('fr', () => tCount('home.propertyCount', 1_000_000))).toBe(
      fr['home.propertyCount.other'].replace('{count}', '1000000'),
    );
  });
});

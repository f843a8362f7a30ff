import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLocale } from './i18n.server.ts';
import { localePath, pathLocale, switchPathLocale, withoutLocale } from './i18n.ts';
import { t, tCount } from './i18n.all.ts';
import { ALL_MESSAGES } from './messages/all.ts';
import { enAdmin } from './messages/en.admin.ts';
import { enPages } from './messages/en.pages.ts';
import { en as enFrame } from './messages/en.ts';

/** Both halves of the catalogue: the public pages' texts and the admin panel's and server's. */
const en: Record<string, string> = ALL_MESSAGES.en;
const { fr, rw } = ALL_MESSAGES;

describe('t', () => {
  it('answers the text of a key', () => {
    expect(t('listing.noProperties')).toBe('No properties found.');
  });

  it('fills placeholders', () => {
    expect(t('validation.required', { field: 'Email' })).toBe('Email is required');
    expect(t('listing.pageOf', { page: 2, pages: 7 })).toBe('Page 2 of 7');
    expect(t('listing.typeListings', { type: 'House' })).toBe('House Listings');
  });

  it('fills every occurrence and accepts numbers', () => {
    expect(t('listing.photoCount', { index: 0, count: 0 })).toBe('Photo 0 of 0');
  });

  it('leaves a placeholder that was not given as it is', () => {
    expect(t('listing.pageOf', { page: 3 })).toBe('Page 3 of {pages}');
    expect(t('listing.pageOf')).toBe('Page {page} of {pages}');
  });

  it('does not read placeholder syntax inside a filled value', () => {
    expect(t('home.resultsFor', { query: '{query} $& $1' })).toBe('Results for "{query} $& $1"');
  });
});

describe('tCount', () => {
  it.each([
    ['home.propertyCount', 1, '1 property'],
    ['home.propertyCount', 2, '2 properties'],
    ['home.propertyCount', 0, '0 properties'],
    ['home.assetCount', 1, '1 asset'],
    ['home.assetCount', 7, '7 assets'],
    ['listing.resultCount', 1, '1 listing'],
    ['listing.resultCount', 12, '12 listings'],
    ['listing.beds', 1, '1 bed'],
    ['listing.baths', 3, '3 baths'],
    ['manage.propertiesFound', 1, '1 property found'],
    ['manage.propertiesFound', 40, '40 properties found'],
    ['manage.assetsFound', 1, '1 asset found'],
    ['manage.assetsFound', 2, '2 assets found'],
    ['notifications.linkUnread', 1, 'Notifications, 1 unread'],
    ['notifications.linkUnread', 5, 'Notifications, 5 unread'],
    ['api.tooManyRequests', 1, 'Too many requests. Please try again in 1 second.'],
    ['api.tooManyRequests', 42, 'Too many requests. Please try again in 42 seconds.'],
    ['auth.tooManyAttempts', 1, 'Too many attempts. Please try again in 1 minute.'],
    ['auth.tooManyAttempts', 15, 'Too many attempts. Please try again in 15 minutes.'],
  ] as const)('%s of %i reads %j', (base, count, text) => {
    expect(tCount(base, count)).toBe(text);
  });

  it('fills the other placeholders, and may show the count another way', () => {
    expect(tCount('profile.description', 1, { name: 'Aline', brand: 'Inzu' })).toBe(
      'Aline on Inzu: 1 published listing.',
    );
    // A capped total: the plural of the number, shown with its '+'.
    expect(tCount('listing.resultCount', 1000, { count: '1000+' })).toBe('1000+ listings');
  });
});

describe('what public pages download', () => {
  it('is the public texts alone: no public page code reads the admin and server texts', () => {
    const isPublicCode = (file: string) =>
      /\.tsx?$/.test(file) &&
      !/\.(test|server)\.tsx?$/.test(file) &&
      !file.startsWith(path.join('app', 'routes', 'admin'));
    const offenders = fs
      .readdirSync('app', { recursive: true, encoding: 'utf8' })
      .map((file) => path.join('app', file))
      .filter((file) => isPublicCode(file))
      .filter((file) => fs.readFileSync(file, 'utf8').includes('i18n.all.ts'));
    expect(offenders).toEqual([]);
  });
});

describe('the English catalogue', () => {
  const texts = new Set<string>(Object.values(en));

  it.each([
    'Find the perfect place to live with your family in Rwanda',
    'Oooops! Requested Page Not Found!',
    'Back | Home',
    'No properties found.',
    'No Asset Found.',
    'No assets available for this type.',
    'No Properties Found For This Type.',
    'Loading property details...',
    'Loading asset details...',
    'No features available for this property.',
    'Request information submitted successfully!',
    'Something went wrong. Please try again.',
    'Please wait......!',
    'Subscription failed. Please try again later.',
    'We will get back to you in no more than 48 hours.',
    'Listing not found.',
    'Kigali,Rwanda',
    'Failed to fetch property details. Please try again later.',
    'Failed to fetch properties. Please try again later.',
    'Something went wrong',
  ])('holds the spec text %j verbatim', (text) => {
    expect(texts.has(text)).toBe(true);
  });

  it('holds both forms of every plural text', () => {
    // A plural text: its key ends in .one or .other and it shows {count}.
    const plural = Object.entries(en).filter(
      ([key, text]) => /\.(one|other)$/.test(key) && text.includes('{count}'),
    );
    expect(plural.length).toBeGreaterThan(10);
    for (const [key] of plural) {
      const base = key.replace(/\.(one|other)$/, '');
      expect(en, base).toHaveProperty([`${base}.one`]);
      expect(en, base).toHaveProperty([`${base}.other`]);
    }
  });

  it('shows a count with a noun only in plural texts', () => {
    // 'Photo 2 of 5' and the capped '1000+' name no counted noun of their own.
    const notCounting = new Set(['listing.photoCount', 'home.countCapped']);
    for (const [key, text] of Object.entries(en)) {
      if (/\.(one|other)$/.test(key) || notCounting.has(key)) continue;
      expect(text, key).not.toMatch(/\{(count|total|seconds|unread)\}/);
    }
  });

  it('keeps the three parts apart: no key in two', () => {
    const parts = [enFrame, enPages, enAdmin].map((part) => Object.keys(part));
    const total = parts.reduce((sum, keys) => sum + keys.length, 0);
    expect(new Set(parts.flat()).size).toBe(total);
  });

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
    }
  });
});

/**
 * Texts that are the same in every language: names, an example number, formats made only of
 * placeholders. Everything else a Kinyarwanda or French catalogue says in its own words.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'brand.name',
  'reach.whatsapp',
  'footer.office',
  'inquiry.phonePlaceholder',
  'home.countCapped',
  'share.text',
  'format.date',
  'format.dateTime',
  'format.monthYear',
  // A number and its unit: French spaces them as English does, Kinyarwanda writes the unit first.
  'format.distanceKm',
  'format.distanceM',
  // Kinyarwanda writes decimals with a point, as English does.
  'format.decimalSeparator',
  // Kigali's adverts write prices short as English does: 350K, 1.2M.
  'format.thousandsShort',
  'format.millionsShort',
  // The same word in French.
  'nav.menu',
  'twoStep.codeLabel',
  'place.district',
  'savedSearch.mailLine',
  'landing.rwanda',
  // The place alone where a language needs no preposition of its own (rw: 'i {place}').
  'landing.inPlace',
  'filters.atLeast',
  'place.fieldDistrict',
  'listing.upiShown',
  // A label and its error: Kinyarwanda writes the colon as English does (French spaces it).
  'form.fieldError',
  // A field's name before its change in the audit log, likewise.
  'admin.audit.fieldName',
  // SMS is the word in every language (docs/i18n-glossary.md), the admin menu's short label.
  'admin.nav.sms',
  // The networks' own names.
  'payments.networkName.mtn',
  'payments.networkName.airtel',
  // The same words in French.
  'payments.receiptDate',
  'payments.admin.totalNet',
  // The same words in French; Kinyarwanda writes them as they are (rw.admin's place.coordinate).
  'point.latitude',
  'point.longitude',
]);
const isName = (key: string) => SAME_IN_EVERY_LANGUAGE.has(key) || key.startsWith('social.');

const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each([
  ['rw', rw],
  ['fr', fr],
] as const)('the %s catalogue', (_locale, catalogue: Record<string, string>) => {
  it('has every key of the English one, and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
  });

  it('fills the same placeholders as the English text, in each text', () => {
    const mismatched = Object.keys(en).filter(
      (key) => placeholdersOf(catalogue[key] ?? '').join() !== placeholdersOf(en[key]!).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('says every text in its own words (names and formats aside)', () => {
    const untranslated = Object.keys(en).filter(
      (key) => !isName(key) && catalogue[key]?.trim() === en[key]!.trim(),
    );
    expect(untranslated).toEqual([]);
  });

  it('has no empty text', () => {
    expect(Object.keys(catalogue).filter((key) => catalogue[key] === '')).toEqual([]);
  });
});

describe('texts in the language of the work in progress', () => {
  it('answers each language, and English outside any', () => {
    expect(withLocale('rw', () => t('nav.login'))).toBe(rw['nav.login']);
    expect(withLocale('fr', () => t('nav.login'))).toBe(fr['nav.login']);
    expect(t('nav.login')).toBe('Login');
  });

  it('chooses plural forms by the language’s rules: French counts 0 as one', () => {
    expect(withLocale('fr', () => tCount('home.propertyCount', 0))).toBe(
      fr['home.propertyCount.one'].replace('{count}', '0'),
    );
    expect(tCount('home.propertyCount', 0)).toBe('0 properties');
  });
});

describe('addresses in a language', () => {
  it.each([
    ['/contact', 'rw', '/rw/contact'],
    ['/', 'fr', '/fr'],
    ['/property/1?x=2', 'fr', '/fr/property/1?x=2'],
    ['/contact', 'en', '/contact'],
    ['/rw/contact', 'fr', '/rw/contact'],
    ['//evil.example', 'rw', '//evil.example'],
    ['https://inzu.rw/', 'rw', 'https://inzu.rw/'],
  ] as const)('localePath(%j, %s) is %j', (path, locale, expected) => {
    expect(localePath(path, locale)).toBe(expected);
  });

  it.each([
    ['/rw/property/1', 'rw', '/property/1'],
    ['/fr', 'fr', '/'],
    ['/rw.data', 'rw', '/.data'],
    ['/fr?q=kic', 'fr', '/?q=kic'],
    ['/rwanda-homes', 'en', '/rwanda-homes'],
    ['/en/contact', 'en', '/en/contact'],
  ] as const)('%j is in %s, %j without it', (path, locale, rest) => {
    expect(pathLocale(path)).toBe(locale);
    expect(withoutLocale(path)).toBe(rest);
  });

  it('switches a page to another language', () => {
    expect(switchPathLocale('/rw/property/1?x=2', 'fr')).toBe('/fr/property/1?x=2');
    expect(switchPathLocale('/fr', 'en')).toBe('/');
    expect(switchPathLocale('/', 'rw')).toBe('/rw');
  });
});
